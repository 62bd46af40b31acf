import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { TERMINAL_PORT } from '../playwright.config';
import { expectRemaining, line, net, openLiveTerminal, setFaults, startSale, state, tender } from './support/sale';
import { resetSimulator } from './support/terminal';

const executable = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].find((p) => p && existsSync(p));

/** A real browser process on a profile kept on disk, so that it can be killed like a power cut and started again. */
async function launch(profile: string): Promise<{ browser: Browser; page: Page; process: ChildProcess }> {
  const child = spawn(
    executable ?? chromium.executablePath(),
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const ws = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium did not start')), 30_000);
    let seen = '';
    child.stderr?.on('data', (d: Buffer) => {
      seen += d.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  const browser = await chromium.connectOverCDP(ws);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  page.setDefaultNavigationTimeout(30_000);
  return { browser, page, process: child };
}

/** SIGKILL to the whole browser, then wait until Playwright has seen the connection drop (nothing of it outlives the test). */
async function kill(run: { browser: Browser; process: ChildProcess }) {
  const gone = new Promise<void>((resolve) => {
    if (!run.browser.isConnected()) resolve();
    run.browser.once('disconnected', () => resolve());
    setTimeout(resolve, 10_000);
  });
  if (run.process.pid) process.kill(-run.process.pid, 'SIGKILL');
  await gone;
}

// The browsers here are started and killed by hand: the runner's own tracing and screenshots must not reach for them.
test.use({ trace: 'off', screenshot: 'off' });

test.describe('the browser killed like a power cut', () => {
  let profile: string;
  test.beforeEach(async ({ request }) => {
    await resetSimulator(request);
    profile = mkdtempSync(join(tmpdir(), 'terminal-profile-'));
  });
  test.afterEach(() => rmSync(profile, { recursive: true, force: true }));

  test('a tender and a commit cut off by SIGKILL are there after the restart: no second payment, nothing waiting forever', async ({
    request,
  }) => {
    test.setTimeout(90_000);
    const base = `http://127.0.0.1:${TERMINAL_PORT}/`;
    let run = await launch(profile);
    await openLiveTerminal(run.page, undefined, base);
    await startSale(run.page, '25');
    await tender(run.page, '700100000001', '20');
    await expect(line(run.page, 'Gift card •••• 0001')).toContainText('On hold');
    await kill(run); // at once: nothing gets a chance to flush on its way out

    run = await launch(profile);
    await openLiveTerminal(run.page, undefined, base);
    await expect(line(run.page, 'Gift card •••• 0001')).toContainText('On hold');
    await expectRemaining(run.page, '€5.00');
    await tender(run.page, '710100000001', '5');
    await expect(line(run.page, 'Loyalty card •••• 0001')).toContainText('Approved');

    // The commit is recorded, then the browser dies while it is on its way.
    await setFaults(request, { latencyMs: 3000 });
    await run.page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(run.page.getByRole('banner').getByText(/waiting to reach the server/)).toBeVisible();
    await kill(run);
    await setFaults(request, {});

    run = await launch(profile);
    await openLiveTerminal(run.page, undefined, base);
    await expect(run.page.getByRole('status').filter({ hasText: 'Sale completed' })).toBeVisible({ timeout: 15_000 });
    await expect(run.page.getByRole('banner').getByText(/waiting to reach the server/)).toHaveCount(0, {
      timeout: 15_000,
    });
    const after = await state(request);
    expect(after.authorizations).toEqual([expect.objectContaining({ amount: 20, status: 'committed' })]);
    expect(after.loyaltyPayments).toHaveLength(1);
    expect([net(after, '700100000001'), net(after, '710100000001')]).toEqual([30, 115]);
    await kill(run);
  });

  test('a return cut off by SIGKILL while its void and store credit are on their way: one void, one store credit', async ({
    request,
  }) => {
    test.setTimeout(90_000);
    const base = `http://127.0.0.1:${TERMINAL_PORT}/`;
    let run = await launch(profile);
    await openLiveTerminal(run.page, undefined, base);
    await startSale(run.page, '28');
    await tender(run.page, '700100000001', '20');
    await expect(line(run.page, 'Gift card •••• 0001')).toContainText('On hold');
    await tender(run.page, '710100000001', '8');
    await expect(line(run.page, 'Loyalty card •••• 0001')).toContainText('Approved');
    await run.page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(run.page.getByRole('status').filter({ hasText: 'Sale completed' })).toBeVisible();
    const label = await run.page
      .getByRole('img', { name: /^Receipt S/ })
      .first()
      .getAttribute('aria-label');
    const reference = (label ?? '').replace('Receipt ', '');

    await run.page.getByRole('navigation').getByRole('button', { name: 'Returns' }).click();
    await run.page.getByLabel('Receipt reference').fill(reference);
    await run.page.getByRole('button', { name: 'Find sale' }).click();
    await setFaults(request, { latencyMs: 3000 });
    await run.page.getByRole('button', { name: 'Give back' }).click();
    await expect(run.page.getByRole('banner').getByText(/waiting to reach the server/)).toBeVisible();
    await kill(run);
    await setFaults(request, {});

    run = await launch(profile);
    await openLiveTerminal(run.page, undefined, base);
    // The restarted terminal sends what the return recorded (same keys): wait for the server to have it all.
    const newCredits = async () =>
      (await state(request)).instruments.filter((i) => i.number.startsWith('7201') && i.number !== '720100000001');
    await expect.poll(async () => (await newCredits()).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await state(request)).loyaltyPayments.map((p) => p.voided)).toEqual([true]);
    await expect(run.page.getByRole('banner').getByText(/waiting to reach the server/)).toHaveCount(0, {
      timeout: 15_000,
    });
    const after = await state(request);
    expect(after.loyaltyPayments.map((p) => p.voided)).toEqual([true]);
    const credits = await newCredits();
    expect(credits.map((i) => i.amountNet)).toEqual([20]);
    expect(net(after, '710100000001')).toBe(120);
    await kill(run);
  });
});
