import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The kit's own build: one ES module for Node (the fixtures, the page objects, and the simulator
 * they start, with hono and valibot bundled in), @playwright/test left to the integrator's install
 * (its peer). The built terminal is copied beside it by scripts/build-kit.ts.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rollupOptions: {
      external: [/^@playwright\/test/, /^playwright/, /^node:/],
      output: { entryFileNames: 'index.js', format: 'es', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { noExternal: true, external: ['@playwright/test'] },
});
