import { type Page } from '@playwright/test';
import { startSimulator } from './support/simulator-process';
import { expect, SIMULATOR, test } from './support/project';
import { LoyaltyServer } from '@loyalty-terminal/playwright';
import {
  completeSale,
  expectRemaining,
  line,
  net,
  openLiveTerminal,
  setFaults,
  startSale,
  state,
  tender,
  tenderExternal,
  goTo,
  managerUnlocks,
  resetSimulator,
} from '@loyalty-terminal/playwright/steps';

const waiting = (page: Page) => page.getByRole('banner').getByText(/waiting to reach the server/);

test.describe('holds that lapse within seconds (a simulator with a 3 s authorization time-to-live)', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    // The port after the shared simulator's (playwright.config.ts), so that moving one moves both.
    sim = await startSimulator(Number(new URL(SIMULATOR).port) + 1, { authorizationTtlSeconds: 3 });
  });
  test.afterAll(() => sim?.stop());
  test.beforeEach(async ({ request }) => {
    expect((await request.post(`${sim.url}/_simulator/reset`)).ok()).toBe(true);
  });

  test('a lapsed hold tendered again completes the sale, and it stays completed', async ({ page }) => {
    await openLiveTerminal(page, new LoyaltyServer(sim.url));
    await startSale(page, '20');
    await tender(page, '700100000001', '20');
    await expect(line(page, 'Gift card •••• 0001')).toContainText('On hold');
    await expect
      .poll(async () => (await state(new LoyaltyServer(sim.url))).authorizations[0]?.status, { timeout: 10_000 })
      .toBe('expired');
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'A hold lapsed before it could be committed' }),
    ).toBeVisible();
    await expectRemaining(page, '€20.00');
    await tender(page, '700100000001', '20');
    await expect(line(page, 'Gift card •••• 0001').last()).toContainText('On hold');
    await completeSale(page);
    // Nothing sends the sale back to open: it is completed for good.
    await expect(page.getByRole('button', { name: 'Next sale' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete sale' })).toHaveCount(0);
    const after = await state(new LoyaltyServer(sim.url));
    expect(after.authorizations.map((a) => a.status)).toEqual(['expired', 'committed']);
    expect(net(after, '700100000001')).toBe(30);
  });

  test('a commit held up past the end of its hold: the cashier keeps the goods, and the sale opens again once the hold is gone', async ({
    page,
  }) => {
    await openLiveTerminal(page, new LoyaltyServer(sim.url));
    await startSale(page, '10');
    await tender(page, '720100000001', '10');
    await expect(line(page, 'Store credit •••• 0001')).toContainText('On hold');
    await setFaults(new LoyaltyServer(sim.url), { next: { count: 1000, kind: 'unavailable', path: '/_commit' } });
    await page.getByRole('button', { name: 'Complete sale' }).click();
    // The hold ends within seconds: the sale waits for the commit's answer rather than completing.
    await expect(page.getByRole('status').filter({ hasText: 'its hold ends soon: keep the goods' })).toBeVisible();
    await expect(waiting(page)).toContainText('1 operation waiting to reach the server');
    await expect
      .poll(async () => (await state(new LoyaltyServer(sim.url))).authorizations[0]?.status, { timeout: 10_000 })
      .toBe('expired');
    await setFaults(new LoyaltyServer(sim.url), {});
    // The commit is refused (the hold lapsed) while the cashier is there: that amount is due again.
    await expect(page.getByRole('alert').filter({ hasText: 'A hold lapsed before it could be committed' })).toBeVisible(
      { timeout: 20_000 },
    );
    await expectRemaining(page, '€10.00');
    await expect(waiting(page)).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: /needs a manager/ })).toHaveCount(0);
    expect(net(await state(new LoyaltyServer(sim.url)), '720100000001')).toBe(30);
  });
});

test.describe('against the shared simulator', () => {
  test.beforeEach(async ({ loyaltyServer }) => {
    await resetSimulator(loyaltyServer);
  });

  test('a commit held up while the cashier rings up 21 more sales still lands', async ({ page, loyaltyServer }) => {
    await openLiveTerminal(page, loyaltyServer);
    await startSale(page, '10');
    await tender(page, '700100000007', '10');
    await expect(line(page, 'Gift card •••• 0007')).toContainText('On hold');
    await setFaults(loyaltyServer, { next: { count: 100_000, kind: 'unavailable', path: '/_commit' } });
    await completeSale(page);
    for (let i = 0; i < 21; i += 1) {
      await page.getByRole('button', { name: 'Next sale' }).click();
      await startSale(page, '1');
      await tenderExternal(page);
      await completeSale(page);
    }
    await expect(waiting(page)).toContainText('1 operation waiting to reach the server');
    await setFaults(loyaltyServer, {});
    await expect
      .poll(async () => (await state(loyaltyServer)).authorizations.map((a) => a.status), { timeout: 20_000 })
      .toEqual(['committed']);
    await expect(waiting(page)).toHaveCount(0);
    expect(net(await state(loyaltyServer), '700100000007')).toBe(90);
  });

  test('a commit held up longer than its hold lives, the cashier gone: shown to the manager, never dropped', async ({
    page,
    loyaltyServer,
  }) => {
    await openLiveTerminal(page, loyaltyServer);
    await startSale(page, '10');
    await tender(page, '720100000001', '10');
    await expect(line(page, 'Store credit •••• 0001')).toContainText('On hold');
    await setFaults(loyaltyServer, { next: { count: 100_000, kind: 'unavailable', path: '/_commit' } });
    await completeSale(page); // the hold has 15 minutes: the sale completes, its commit queued
    await page.getByRole('button', { name: 'Next sale' }).click();
    await expect(waiting(page)).toContainText('1 operation waiting to reach the server');
    await loyaltyServer.advanceClock(16 * 60_000); // the outage outlasts the hold
    await setFaults(loyaltyServer, {});
    await page
      .getByRole('banner')
      .getByRole('button', { name: '1 operation needs a manager' })
      .click({ timeout: 20_000 });
    await managerUnlocks(page);
    await expect(waiting(page)).toHaveCount(0);
    const row = page.getByRole('row', { name: /Store credit · commit/ });
    await expect(row).toContainText('Needs a manager');
    await expect(row).toContainText('never taken from the card');
    expect(net(await state(loyaltyServer), '720100000001')).toBe(30);
  });

  test('two windows of one terminal: each keeps its own sale through a reload, and both see what waits', async ({
    context,
    loyaltyServer,
  }) => {
    const a = await context.newPage();
    const b = await context.newPage();
    await openLiveTerminal(a, loyaltyServer);
    await openLiveTerminal(b, loyaltyServer);
    await startSale(a, '20');
    await tender(a, '700100000001', '20');
    await expect(line(a, 'Gift card •••• 0001')).toContainText('On hold');
    await startSale(b, '15');
    await tender(b, '720100000001', '15');
    await expect(line(b, 'Store credit •••• 0001')).toContainText('On hold');
    await a.reload();
    await expect(line(a, 'Gift card •••• 0001')).toContainText('On hold');
    await expectRemaining(a, '€0.00');
    await expect(line(a, 'Store credit')).toHaveCount(0);
    await expect(line(b, 'Store credit •••• 0001')).toContainText('On hold');
    await expect(line(b, 'Gift card')).toHaveCount(0);

    await setFaults(loyaltyServer, { next: { count: 1, kind: 'unavailable', path: '/_commit' } });
    await completeSale(a);
    await expect(waiting(b)).toHaveCount(0, { timeout: 10_000 }); // the other window saw it come and go
    await completeSale(b);
    const after = await state(loyaltyServer);
    expect(after.authorizations.map((x) => [x.instrumentId, x.status])).toEqual([
      ['700100000001', 'committed'],
      ['720100000001', 'committed'],
    ]);
    expect([net(after, '700100000001'), net(after, '720100000001')]).toEqual([30, 15]);
  });

  test('a copy of a window made while it is open (“Duplicate tab”) is a window of its own: the sale stays with the first', async ({
    context,
    loyaltyServer,
  }) => {
    const a = await context.newPage();
    await openLiveTerminal(a, loyaltyServer);
    await startSale(a, '20');
    await tender(a, '700100000001', '20');
    await expect(line(a, 'Gift card •••• 0001')).toContainText('On hold');
    // What the browser's "Duplicate tab" does: a new window that starts with this one's session storage.
    const kept = await a.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
    const copy = await context.newPage();
    await copy.addInitScript((entries) => {
      if (sessionStorage.length === 0)
        for (const [k, v] of JSON.parse(entries) as [string, string][]) sessionStorage.setItem(k, v);
    }, kept);
    // The copy finds its id held by an open window, takes a new one and starts again with it.
    const startedAgain = new Promise<void>((resolve) => {
      let loads = 0;
      copy.on('load', () => ++loads === 2 && resolve());
    });
    await copy.goto('/');
    await startedAgain;
    // The copy starts a sale of its own: the first window's is not its own, and is not hidden by it.
    await startSale(copy, '5');
    await expectRemaining(copy, '€5.00');
    await expect(line(copy, 'Gift card')).toHaveCount(0);
    // The first window still has its sale, and completes it.
    await a.reload();
    await expect(line(a, 'Gift card •••• 0001')).toContainText('On hold');
    await expectRemaining(a, '€0.00');
    await completeSale(a);
    await expect
      .poll(async () => (await state(loyaltyServer)).authorizations.map((x) => x.status))
      .toEqual(['committed']);
  });

  test('the journal reads one page at a time, newest first, and pages through older operations', async ({
    page,
    loyaltyServer,
  }) => {
    await openLiveTerminal(page, loyaltyServer);
    // Sixty settled operations of this server, written as the outbox writes them.
    await page.evaluate(async (scope) => {
      // The terminal creates its database with the money path's chunk, just after the first paint:
      // opening it before would create an empty one.
      while (!(await indexedDB.databases()).some((d) => d.name === 'loyalty-terminal-journal' && (d.version ?? 0) >= 7))
        await new Promise((resolve) => setTimeout(resolve, 50));
      const open = indexedDB.open('loyalty-terminal-journal');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('operations', 'readwrite');
      for (let i = 0; i < 60; i += 1) {
        const at = new Date(Date.UTC(2026, 10, 20, 9, 0, i)).toISOString();
        tx.objectStore('operations').put({
          id: crypto.randomUUID(),
          scope,
          training: false,
          transactionId: crypto.randomUUID(),
          reason: 'Sale',
          operatorId: `op-${i}`,
          request: { type: 'giftCard.unissue', number: `7001000001${String(i).padStart(2, '0')}` },
          status: 'refused',
          attempts: 1,
          createdAt: at,
          updatedAt: at,
          error: { code: 'not_issued', message: 'Not issued' },
        });
      }
      await new Promise((resolve) => (tx.oncomplete = resolve));
    }, `live|${loyaltyServer.url}|demo|M1`);
    await goTo(page, 'Journal');
    const rows = page
      .getByRole('region', { name: 'Every operation, newest first' })
      .getByRole('row')
      .filter({ hasNot: page.getByRole('columnheader') });
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText('•••• 0159');
    await page.getByRole('button', { name: 'Older' }).click();
    await expect(page.getByText('Page 2')).toBeVisible();
    await expect(rows).toHaveCount(10);
    await expect(rows.last()).toContainText('•••• 0100');
    await expect(page.getByRole('button', { name: 'Older' })).toBeDisabled();
    await page.getByRole('button', { name: 'Newer' }).click();
    await expect(rows).toHaveCount(50);
  });
});
