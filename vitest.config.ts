import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // A module of vite-plugin-pwa's, made by Vite's build: tests mock it (src/lib/offline/register.test.ts).
      'virtual:pwa-register': fileURLToPath(new URL('./src/test-support/pwa-register.ts', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/test-support/react-strict.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
