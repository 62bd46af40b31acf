// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The first screen itself is tested elsewhere: here only whether main.tsx draws it at all.
vi.mock('./app/App', () => ({ App: () => <p id="first-screen">terminal</p> }));

const STYLESHEET = 'http://localhost/assets/index-1a2b3c.css';

/** index.html as the build leaves it: the card mark in #root, the stylesheet at the end of the body. */
function builtPage(): HTMLLinkElement {
  document.body.innerHTML = `<div id="root"><p id="card-mark">card</p></div><link rel="stylesheet" href="${STYLESHEET}">`;
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (!link) throw new Error('no stylesheet link');
  // jsdom loads no stylesheet: like one that failed, or one still on its way, it has no sheet.
  expect(link.sheet).toBeNull();
  return link;
}

const drawn = () => document.getElementById('first-screen') !== null;

describe('the first screen and the stylesheet', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('a stylesheet that failed before the script ran (its error already fired) does not keep the card mark up', async () => {
    builtPage();
    // The browser finished the request (a 404 in a deploy race): it lists it, and fires no event any more.
    vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
      name === STYLESHEET ? [{ name, entryType: 'resource' } as PerformanceEntry] : [],
    );
    await import('./main');
    await waitFor(() => expect(drawn()).toBe(true), { timeout: 500 });
  });

  it('one the browser does not list either (a network error) is drawn without it after a short wait', async () => {
    builtPage();
    await import('./main');
    await waitFor(() => expect(drawn()).toBe(true), { timeout: 4_000 });
  });

  it('one still on its way is waited for, so the first screen is not drawn unstyled', async () => {
    const link = builtPage();
    await import('./main');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(drawn()).toBe(false);
    expect(document.getElementById('card-mark')).not.toBeNull();
    link.dispatchEvent(new Event('load'));
    await waitFor(() => expect(drawn()).toBe(true), { timeout: 500 });
  });
});
