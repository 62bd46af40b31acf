import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contentSecurityPolicy, demoTillHeaders, devHeaders, securityHeaders } from './security-headers';

/** The built index.html carries the Content-Security-Policy (no inline script anywhere in the build). */
function cspMeta(): Plugin {
  return {
    name: 'loyalty-terminal-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy }, injectTo: 'head-prepend' }],
  };
}

type Middlewares = { use: (fn: (req: { url?: string }, res: { setHeader: (k: string, v: string) => void }, next: () => void) => void) => void };

/** Security headers on every answer (the demo till's page gets its own); in dev, the host client is served from its source. */
function headersAndHostClient(): Plugin {
  const headers = (middlewares: Middlewares, terminal: Record<string, string>, dev: boolean): void =>
    void middlewares.use((req, res, next) => {
      const demo = req.url?.startsWith('/host-demo');
      for (const [name, value] of Object.entries(demo ? demoTillHeaders : terminal)) res.setHeader(name, value);
      if (dev && req.url?.startsWith('/host-client/host-client.js')) req.url = '/src/host-client/index.ts';
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

export default defineConfig({
  plugins: [react(), cspMeta(), headersAndHostClient()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: { target: 'es2022', sourcemap: false },
});
