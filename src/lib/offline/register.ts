import { registerSW } from 'virtual:pwa-register';
import { useUpdateStore } from './update-store';

/**
 * Registers the service worker that caches the terminal's shell (vite.config.ts, docs/offline.md).
 * A new version is never taken by itself: it waits, and the cashier is offered it between sales.
 * Loaded after the first paint; not part of the first download.
 */
let asked = false;
const update = registerSW({
  onNeedRefresh: () =>
    useUpdateStore.setState({
      apply: () => {
        asked = true;
        void update(true);
      },
    }),
  // The new version took over. The window that asked for it reloads into it; another window of the
  // terminal (a second till, a manager's) is not reloaded under its cashier: the plugin's default
  // reloads every window at once, a sale's payment or a cash-out's "pay now" with it. It is offered
  // the reload instead, between sales, as an update is.
  onNeedReload: () => {
    // The customer display has no one to offer it to, and nothing of a sale of its own: it reloads.
    if (asked || window.location.hash.startsWith('#/customer-display')) window.location.reload();
    else useUpdateStore.setState({ apply: () => window.location.reload() });
  },
  onOfflineReady: () => useUpdateStore.setState({ offlineReady: true }),
  // Ask the web server for a new version now and then (a till runs for days without a reload).
  onRegisteredSW: (_url, registration) => {
    if (registration) window.setInterval(() => void registration.update().catch(() => undefined), 60 * 60_000);
  },
});
