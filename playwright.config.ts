import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import type { KitOptions, KitWorkerOptions } from '@loyalty-terminal/playwright';

/** The system Chromium (the machines have no Playwright browser download); Playwright's own where one is installed. */
function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

/** E2E_TERMINAL_PORT, E2E_TILL_PORT, E2E_SIMULATOR_PORT: another engineer's run on the same machine keeps to its own. */
export const TERMINAL_PORT = Number(process.env.E2E_TERMINAL_PORT ?? 4173);
/** The kit's server (one per worker, in the test process): pinned, since some specs reach it by address. */
export const SIMULATOR_PORT = Number(process.env.E2E_SIMULATOR_PORT ?? 4010);
/** The demo till on its own origin (the same build, another port): e2e/till.spec.ts. Started after the build above. */
export const TILL_PORT = Number(process.env.E2E_TILL_PORT ?? 4174);

export const chromiumExecutable = chromiumPath();

export default defineConfig<KitOptions, KitWorkerOptions>({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${TERMINAL_PORT}`,
    trace: 'retain-on-failure',
    // The offline shell's service worker stays out of the way of routing and fresh starts;
    // e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1024, height: 768 },
    // The kit (kit/, @loyalty-terminal/playwright) drives this suite: its server on this port, the
    // terminal this config builds and serves.
    loyaltyServerPort: SIMULATOR_PORT,
    terminalURL: `http://127.0.0.1:${TERMINAL_PORT}`,
    launchOptions: {
      executablePath: chromiumExecutable,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // The demo till (next server) may frame the terminal.
      command: `npx vite build && npm run build:till-client && LOYALTY_FRAME_ANCESTORS=http://127.0.0.1:${TILL_PORT} npx vite preview --port ${TERMINAL_PORT} --strictPort`,
      url: `http://127.0.0.1:${TERMINAL_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      command: `npx vite preview --port ${TILL_PORT} --strictPort`,
      url: `http://127.0.0.1:${TILL_PORT}/till-demo.html`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
