import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import type { KitOptions, KitWorkerOptions } from '@loyalty-terminal/playwright';

// The browser the machine has (this store's CI has Debian's Chromium, no Playwright download).
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

export default defineConfig<KitOptions, KitWorkerOptions>({
  testDir: 'tests',
  timeout: 30_000,
  workers: 2,
  reporter: [['list']],
  use: {
    viewport: { width: 1024, height: 768 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
