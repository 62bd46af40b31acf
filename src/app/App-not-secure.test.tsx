// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://192.168.1.20:5173/" }
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { App } from './App';

beforeEach(() => {
  // jsdom has no media queries: a phone-sized window (the header's layout asks).
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});

afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});

it('opened over plain http from another machine: says so in words, and starts nothing', async () => {
  // As a tablet's browser has it at http://192.168.1.20:5173: not a secure context.
  Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
  render(<App />);
  expect((await screen.findByRole('alert')).textContent).toBe(
    `This terminal needs a secure connection, and ${window.location.origin} is not one: open it over https, or as localhost on this machine. Nothing was recorded or sent.`,
  );
  // Nothing of the terminal beside it: no screen, no sign-on, no navigation to a screen that would fail.
  expect(screen.queryByRole('navigation')).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Sign on' })).toBeNull();
});
