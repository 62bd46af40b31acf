import { registerSW } from 'virtual:pwa-register';
import { useUpdateStore } from './update-store';

/**
 * Registers the service worker that caches the terminal's shell (vite.config.ts, docs/offline.md).
 * A new version is never taken by itself: it waits, and the cashier is offered it between sales.
 * Loaded after the first paint; not part of the first download.
 */
const update = registerSW({
  onNeedRefresh: () => useUpdateStore.setState({ apply: () => void update(true) }),
  onOfflineReady: () => useUpdateStore.setState({ offlineReady: true }),
  // Ask the web server for a new version now and then (a till runs for days without a reload).
  onRegisteredSW: (_url, registration) => {
    if (registration) window.setInterval(() => void registration.update().catch(() => undefined), 60 * 60_000);
  },
});
