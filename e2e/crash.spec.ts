import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { TERMINAL_PORT } from '../playwright.config';
import { expect, API, SIMULATOR, test } from './support/project';
import {
  expectRemaining,
  line,
  net,
  openLiveTerminal,
  setFaults,
  startSale,
  state,
  tender,
  goTo,
  managerUnlocks,
  resetSimulator,
} from '@loyalty-terminal/playwright/steps';

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
  test.beforeEach(async ({ loyaltyServer }) => {
    await resetSimulator(loyaltyServer);
    profile = mkdtempSync(join(tmpdir(), 'terminal-profile-'));
  });
  test.afterEach(() => rmSync(profile, { recursive: true, force: true }));

  test('a tender and a commit cut off by SIGKILL are there after the restart: no second payment, nothing waiting forever', async ({
    loyaltyServer,
  }) => {
    test.setTimeout(90_000);
    const base = `http://127.0.0.1:${TERMINAL_PORT}/`;
    let run = await launch(profile);
    await openLiveTerminal(run.page, loyaltyServer, base);
    await startSale(run.page, '25');
    await tender(run.page, '700100000001', '20');
    await expect(line(run.page, 'Gift card •••• 0001')).toContainText('On hold');
    await kill(run); // at once: nothing gets a chance to flush on its way out

    run = await launch(profile);
    await openLiveTerminal(run.page, loyaltyServer, base);
    await expect(line(run.page, 'Gift card •••• 0001')).toContainText('On hold');
    await expectRemaining(run.page, '€5.00');
    await tender(run.page, '710100000001', '5');
    await expect(line(run.page, 'Loyalty card •••• 0001')).toContainText('Approved');

    // The commit is recorded, then the browser dies while it is on its way.
    await setFaults(loyaltyServer, { latencyMs: 3000 });
    await run.page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(run.page.getByRole('banner').getByText(/waiting to reach the server/)).toBeVisible();
    await kill(run);
    await setFaults(loyaltyServer, {});

    run = await launch(profile);
    await openLiveTerminal(run.page, loyaltyServer, base);
    await expect(run.page.getByRole('status').filter({ hasText: 'Sale completed' })).toBeVisible({ timeout: 15_000 });
    await expect(run.page.getByRole('banner').getByText(/waiting to reach the server/)).toHaveCount(0, {
      timeout: 15_000,
    });
    const after = await state(loyaltyServer);
    expect(after.authorizations).toEqual([expect.objectContaining({ amount: 20, status: 'committed' })]);
    expect(after.loyaltyPayments).toHaveLength(1);
    expect([net(after, '700100000001'), net(after, '710100000001')]).toEqual([30, 115]);
    await kill(run);
  });

  test('a return cut off by SIGKILL while its void and store credit are on their way: one void, one store credit', async ({
    loyaltyServer,
  }) => {
    test.setTimeout(90_000);
    const base = `http://127.0.0.1:${TERMINAL_PORT}/`;
    let run = await launch(profile);
    await openLiveTerminal(run.page, loyaltyServer, base);
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
    await setFaults(loyaltyServer, { latencyMs: 3000 });
    await run.page.getByRole('button', { name: 'Give back' }).click();
    await expect(run.page.getByRole('banner').getByText(/waiting to reach the server/)).toBeVisible();
    await kill(run);
    await setFaults(loyaltyServer, {});

    run = await launch(profile);
    await openLiveTerminal(run.page, loyaltyServer, base);
    // The restarted terminal sends what the return recorded (same keys): wait for the server to have it all.
    const newCredits = async () =>
      (await state(loyaltyServer)).instruments.filter(
        (i) => i.number.startsWith('7201') && i.number !== '720100000001',
      );
    await expect.poll(async () => (await newCredits()).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await state(loyaltyServer)).loyaltyPayments.map((p) => p.voided)).toEqual([true]);
    await expect(run.page.getByRole('banner').getByText(/waiting to reach the server/)).toHaveCount(0, {
      timeout: 15_000,
    });
    const after = await state(loyaltyServer);
    expect(after.loyaltyPayments.map((p) => p.voided)).toEqual([true]);
    const credits = await newCredits();
    expect(credits.map((i) => i.amountNet)).toEqual([20]);
    expect(net(after, '710100000001')).toBe(120);
    await kill(run);
  });

  test('a box of 50 gift cards cut off by SIGKILL half way: continued after the restart, every card issued once, the one sold before left alone', async ({
    request,
    loyaltyServer,
  }) => {
    test.setTimeout(120_000);
    const base = `http://127.0.0.1:${TERMINAL_PORT}/`;
    // One card of the box was sold at the desk earlier in the day.
    const sold = await request.post(`${API}/giftcards/700100001020/_issue`, {
      headers: { Authorization: 'Bearer demo-token', 'Idempotency-Key': crypto.randomUUID() },
      data: { amount: 10, workstationData: { transactionId: crypto.randomUUID(), reason: 'Gift card sold' } },
    });
    expect(sold.status()).toBeLessThan(300);
    let run = await launch(profile);
    await openLiveTerminal(run.page, loyaltyServer, base);
    await goTo(run.page, 'Issue');
    await run.page.getByRole('button', { name: 'Activate a box of cards' }).click();
    await managerUnlocks(run.page);
    await run.page.getByLabel('First card number').fill('7001 0000 1001');
    await run.page.getByLabel('Last card number').fill('7001 0000 1050');
    await run.page.getByLabel('Amount (EUR)').fill('25');
    await expect(run.page.getByText('50 cards, 7001 0000 1001 to 7001 0000 1050')).toBeVisible();
    await setFaults(loyaltyServer, { latencyMs: 80 });
    await run.page.getByRole('button', { name: 'Activate the cards' }).click();
    const progress = run.page.getByRole('progressbar', { name: /Cards done/ });
    await expect
      .poll(async () => Number(await progress.getAttribute('value')), { timeout: 30_000 })
      .toBeGreaterThan(12);
    await kill(run); // mid-box: one card's issue may be on its way
    await setFaults(loyaltyServer, {});
    const issuedBefore = (await boxAtServer(request)).length;
    expect(issuedBefore).toBeGreaterThan(10);
    expect(issuedBefore).toBeLessThan(50);

    run = await launch(profile);
    await openLiveTerminal(run.page, loyaltyServer, base);
    await goTo(run.page, 'Issue');
    await run.page.getByRole('button', { name: 'Activate a box of cards' }).click();
    await managerUnlocks(run.page);
    await expect(run.page.getByRole('heading', { name: 'Boxes not finished' })).toBeVisible();
    // Some of its cards asked for again as a new box: refused; the box not finished is continued.
    await run.page.getByLabel('First card number').fill('7001 0000 1040');
    await run.page.getByLabel('Last card number').fill('7001 0000 1060');
    await run.page.getByLabel('Amount (EUR)').fill('25');
    await run.page.getByRole('button', { name: 'Activate the cards' }).click();
    await expect(run.page.getByRole('alert')).toContainText(
      'Some of these cards are in a box not finished (7001 0000 1001 to 7001 0000 1050)',
    );
    await run.page.getByRole('button', { name: 'Continue' }).click();
    await expect(run.page.getByText('Box activated')).toBeVisible({ timeout: 60_000 });
    await expect(run.page.getByLabel('Cards issued', { exact: true })).toHaveText('49');
    await expect(run.page.getByLabel('Total', { exact: true })).toHaveText('€1,225.00');
    await expect(run.page.getByLabel('First number', { exact: true })).toHaveText('7001 0000 1001');
    await expect(run.page.getByLabel('Last number', { exact: true })).toHaveText('7001 0000 1050');
    await expect(run.page.getByRole('listitem').filter({ hasText: '7001 0000 1020' })).toContainText('already issued');

    const cards = await boxAtServer(request);
    expect(cards).toHaveLength(50);
    expect(cards.find((c) => c.number === '700100001020')?.amountOriginal).toBe(10);
    expect(cards.filter((c) => c.amountOriginal === 25)).toHaveLength(49);
    // Each card of the box issued exactly once at the server: no second issue after the restart.
    const journal = (await (await request.get(`${SIMULATOR}/_simulator/state`)).json()).journal as {
      operation: string;
      instrumentId: string;
    }[];
    const issues = journal.filter((j) => j.operation === 'issue' && j.instrumentId.startsWith('70010000'));
    expect(issues).toHaveLength(50);
    expect(new Set(issues.map((j) => j.instrumentId)).size).toBe(50);
    await kill(run);
  });
});

interface SimCard {
  number: string;
  status?: string;
  amountOriginal: number;
}

/** The cards 7001 0000 1001 to 1050 the server has issued. */
async function boxAtServer(request: APIRequestContext): Promise<SimCard[]> {
  const all = (await (await request.get(`${SIMULATOR}/_simulator/state`)).json()).instruments as SimCard[];
  return all.filter((c) => c.number >= '700100001001' && c.number <= '700100001050' && c.status === 'issued');
}
