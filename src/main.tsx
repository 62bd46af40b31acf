import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient } from './app/query-client';
import './app/styles.css';
import { loadCatalog } from './lib/i18n/translate';
import { nextTask } from './lib/after-paint';
import { savedLocale } from './lib/settings/store';

/** The most the first screen waits for its stylesheet: past it the terminal is drawn unstyled, not left unusable. */
const STYLES_WAIT_MS = 2_000;

/**
 * The stylesheet (at the end of the body in the build: the page's mark paints before it) is there
 * before the first screen. This module runs only once that stylesheet has loaded or failed, so its
 * event has usually fired already: one that failed (a deploy that removed it, the network gone) has
 * no `sheet`, and waiting for its `error` would leave the card mark on screen for good. A request
 * the browser lists as finished is not waited for, nor anything for longer than STYLES_WAIT_MS.
 */
function stylesReady(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (!link || link.sheet || requestFinished(link.href)) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, STYLES_WAIT_MS);
  });
}

/** The browser's resource timing lists a request once its response has ended (a 404's too). */
function requestFinished(url: string): boolean {
  try {
    return performance.getEntriesByName(url, 'resource').length > 0;
  } catch {
    return false;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// A German till gets its texts before the first paint; an English one downloads no other language.
// (Not a top-level await: that would stop the bundler from merging the first download's chunks.)
if (window.location.hash.startsWith('#/customer-display')) {
  // The customer display window: its own small page, none of the terminal.
  void Promise.all([import('./features/customer-display/CustomerDisplayPage'), stylesReady()]).then(
    ([{ CustomerDisplayPage }]) =>
      createRoot(root).render(
        <StrictMode>
          <CustomerDisplayPage />
        </StrictMode>,
      ),
  );
} else {
  // In a task of its own: the page's load event, at the end of this one, has the browser lay out
  // what is in the document then (the card mark), not the whole first screen on top of this script.
  void Promise.all([loadCatalog(savedLocale()).catch(() => undefined), stylesReady(), nextTask()]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <App />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// The offline shell's service worker, registered once the terminal is up (its code is not in the first download).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => void import('./lib/offline/register').catch(() => undefined));
}
