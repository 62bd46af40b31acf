// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://terminal.example/" }
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { App } from './App';

beforeEach(() => {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});
afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});

it('served over https but shown in a page that is not (a till on plain http framing it): says where the fault is', async () => {
  Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
  render(<App />);
  expect((await screen.findByRole('alert')).textContent).toBe(
    'This terminal needs a secure connection, and the page it is shown in is not one: the till must be served over https.',
  );
});
