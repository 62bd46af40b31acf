import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The kit's own build: ES modules for Node, two entries (index.js, steps.js) and their shared
 * chunks (the fixtures, the page objects, and the simulator they start, with hono and valibot
 * bundled in), @playwright/test left to the integrator's install (its peer). The built terminal is
 * copied beside it by scripts/build-kit.ts.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  logLevel: 'warn',
  publicDir: false,
  build: {
    ssr: true,
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
        steps: fileURLToPath(new URL('./src/steps/index.ts', import.meta.url)),
      },
      external: [/^@playwright\/test/, /^playwright/, /^node:/],
      output: { entryFileNames: '[name].js', format: 'es', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { noExternal: true, external: ['@playwright/test'] },
});
