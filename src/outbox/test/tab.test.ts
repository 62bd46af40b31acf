// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** This window's id as a new page load of it reads it (the module starts afresh, sessionStorage stays). */
async function pageLoad(): Promise<string> {
  vi.resetModules();
  const { tabId } = await import('../tab');
  return tabId();
}

describe('a window’s id', () => {
  beforeEach(() => sessionStorage.clear());

  it('is kept through a reload: the page that went said so', async () => {
    const first = await pageLoad();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(await pageLoad()).toBe(first);
  });

  it('is not shared with a copy of the window made while it is open ("Duplicate tab")', async () => {
    const first = await pageLoad();
    // The copy starts with this window's storage as it is now: the page is still open.
    const copy = await pageLoad();
    expect(copy).not.toBe(first);
    expect(copy).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stays the same for a page the browser kept in its cache and shows again', async () => {
    const first = await pageLoad();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    // Open again: a copy made now is a window of its own.
    expect(sessionStorage.getItem('loyalty-terminal.tab')).toBe(first);
    expect(await pageLoad()).not.toBe(first);
  });
});
