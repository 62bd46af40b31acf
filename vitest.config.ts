import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAsReact } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), ...preactAsReact } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Libraries that import React are bundled through the same aliases: Preact draws them too.
    server: { deps: { inline: ['zustand', '@tanstack/react-query', 'react-hook-form', '@hookform/resolvers'] } },
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
