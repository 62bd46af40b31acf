// Imported by the terminal's service worker (vite.config.ts, `workbox.importScripts`).
//
// The service worker serves the terminal's own files. A request to any other origin (the Loyalty
// server, a network printer) is none of its business, yet every fetch of a page it controls is handed
// to it first, and a worker stopped while the till was idle must start before the request may leave.
// A static route (Chromium 123+) sends those requests straight to the network: a scan's read no
// longer waits for the worker. Where the browser has no static routes, nothing changes.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const ownOrigin = new URLPattern({ pathname: '/*', baseURL: self.location.origin });
  // A browser that refuses the rule still installs the worker: the routes are a shortcut, not the cache.
  event.waitUntil(
    Promise.resolve()
      .then(() => event.addRoutes({ condition: { not: { urlPattern: ownOrigin } }, source: 'network' }))
      .catch(() => undefined),
  );
});
