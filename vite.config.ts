import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contentSecurityPolicy, devHeaders, securityHeaders } from './security-headers';

/** The built index.html carries the Content-Security-Policy (no inline script anywhere in the build). */
function cspMeta(): Plugin {
  return {
    name: 'loyalty-terminal-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  plugins: [react(), cspMeta()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173, headers: devHeaders },
  preview: { host: '127.0.0.1', port: 4173, headers: securityHeaders },
  build: { target: 'es2022', sourcemap: false },
});
