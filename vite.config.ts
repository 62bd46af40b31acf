import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import basicSsl from '@vitejs/plugin-basic-ssl';
import { VitePWA } from 'vite-plugin-pwa';
import {
  contentSecurityPolicy,
  demoTillHeaders,
  devHeaders,
  securityHeaders,
  tillClientHeaders,
} from './security-headers.ts';

/** The built index.html carries the Content-Security-Policy (no inline script anywhere in the build). */
function cspMeta(): Plugin {
  return {
    name: 'loyalty-terminal-csp',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * The first paint comes from index.html itself: the stylesheet moves from the head to the end of
 * the body, so the browser paints the page's mark (#root's content) before the stylesheet and the
 * script have arrived; main.tsx waits for the stylesheet before the first screen replaces the mark.
 */
function paintFirst(): Plugin {
  return {
    name: 'loyalty-terminal-paint-first',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const links = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? [];
        let out = html;
        for (const link of links) out = out.replace(link, '');
        const late = links.map((l) => l.trim().replace('<link ', '<link fetchpriority="low" '));
        out = out
          .replace('<script type="module" ', '<script type="module" fetchpriority="low" ')
          .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
        return out.replace('</body>', `${late.join('\n    ')}\n  </body>`);
      },
    },
  };
}

/**
 * The first download's chunks ask V8 to compile every function as the file streams in, on a
 * background thread (https://v8.dev/blog/explicit-compile-hints): the terminal calls nearly all of
 * them to draw its first screen, and compiling each one lazily on first call was main-thread time.
 */
function compileFirstDownloadEagerly(): Plugin {
  return {
    name: 'loyalty-terminal-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post', // after Vite has put its preload map at the top of the entry: the hint must come first
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
        if (entry?.type !== 'chunk') return;
        for (const file of [entry.fileName, ...entry.imports]) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

type Middlewares = {
  use: (
    fn: (req: { url?: string }, res: { setHeader: (k: string, v: string) => void }, next: () => void) => void,
  ) => void;
};

/** Security headers on every answer (the demo till's page gets its own); in dev, the host client is served from its source. */
function headersAndTillClient(): Plugin {
  const headers = (middlewares: Middlewares, terminal: Record<string, string>, dev: boolean): void =>
    void middlewares.use((req, res, next) => {
      const demo = req.url?.startsWith('/till-demo');
      for (const [name, value] of Object.entries(demo ? demoTillHeaders : terminal)) res.setHeader(name, value);
      if (req.url?.startsWith('/till-client/'))
        for (const [name, value] of Object.entries(tillClientHeaders)) res.setHeader(name, value);
      if (dev && req.url?.startsWith('/till-client/till-client.js')) req.url = '/src/till-client/index.ts';
      next();
    });
  return {
    name: 'loyalty-terminal-headers',
    configureServer(server) {
      headers(server.middlewares as Middlewares, devHeaders, true);
    },
    configurePreviewServer(server) {
      headers(server.middlewares as Middlewares, securityHeaders, false);
    },
  };
}

/**
 * The offline start (docs/offline.md): the shell and every chunk are precached by a service worker,
 * so a till opens with its web server down. An update waits until the cashier takes it between sales
 * (`registerType: 'prompt'`), never in the middle of one. Installable, full screen.
 */
const offlineShell = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg'],
  manifest: {
    id: '/',
    name: 'Loyalty terminal',
    short_name: 'Loyalty',
    description: 'Gift cards, loyalty cards and store credit at the till.',
    start_url: '/',
    scope: '/',
    display: 'fullscreen',
    display_override: ['fullscreen', 'standalone'],
    orientation: 'any',
    background_color: '#f3f5f8',
    theme_color: '#0b5cad',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
    // The camera's barcode reader (ZXing, WebAssembly) is about 1 MB.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // The demo till and the host client are other pages' files, not the terminal's shell; the
    // worker's own routes are part of the worker, not of what it caches.
    globIgnores: ['till-demo*', 'till-client/**', 'sw-routes.js'],
    // Requests to other origins (the Loyalty server) skip the worker: public/sw-routes.js.
    importScripts: ['sw-routes.js'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/till-demo/, /^\/till-client\//],
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    cspMeta(),
    paintFirst(),
    compileFirstDownloadEagerly(),
    headersAndTillClient(),
    offlineShell,
    // `npm run start:tablet`: the dev server on this machine's addresses, over https with a
    // certificate of its own (the tablet asks once whether to trust it). Plain http from another
    // machine is not a secure context: no random ids, Web Crypto, Web Locks, service worker or camera.
    ...(mode === 'tablet' ? [basicSsl()] : []),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The page preloads what its first download imports; a chunk asked for later fetches its own
    // imports as it is read. Vite's helper would add a <link> per dependency at each import() on the
    // main thread (the screens fetched while idle spent 15-25 ms a task doing it on a slow tablet).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
}));
