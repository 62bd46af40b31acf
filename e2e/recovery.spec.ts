import type { Page } from '@playwright/test';
import { expect, SIMULATOR, test } from './support/project';
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
  managerUnlocks,
  resetSimulator,
} from '@loyalty-terminal/playwright/steps';

/** A server that refuses every request to `glob` for good, as one whose merchant is set up wrong does (403). */
const refusedForGood = (page: Page, glob: string) =>
  page.route(glob, (route) =>
    route.fulfill({
      status: 403,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
      body: JSON.stringify({ error: { code: 'merchant_not_allowed', message: 'Not this merchant.' } }),
    }),
  );

/**
 * On a server that ignores Idempotency-Keys (none reaches it), `pay` starts a payment to `glob`
 * and the page is reloaded while it is in flight: the server applies it, its answer never comes
 * back, and the resend is new to the server. Returns how many payments have reached it.
 */
async function reloadWithPaymentInFlight(page: Page, glob: string, pay: () => Promise<void>) {
  let attempts = 0;
  let reached: () => void = () => undefined;
  const firstReached = new Promise<void>((resolve) => (reached = resolve));
  let reloaded: () => void = () => undefined;
  const afterReload = new Promise<void>((resolve) => (reloaded = resolve));
  await page.route(glob, async (route) => {
    const headers = { ...route.request().headers() };
    delete headers['idempotency-key'];
    attempts += 1;
    if (attempts > 1) return route.continue({ headers });
    await route.fetch({ headers });
    reached();
    await afterReload;
    await route.abort('connectionreset').catch(() => undefined); // the page that asked is gone
  });
  await pay();
  await firstReached;
  await page.reload();
  reloaded();
  return () => attempts;
}

test.beforeEach(async ({ page, loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
});

test('a lost answer to a payment is resolved by replay, never guessed, and blocks the sale meanwhile', async ({
  page,
  loyaltyServer,
}) => {
  await startSale(page, '20');
  // The first answer is lost, and so are the replays while the fault lasts.
  await setFaults(loyaltyServer, { next: { count: 100, kind: 'drop', path: '/_pay' } });
  await tender(page, '700100000001');
  const unknown = line(page, 'Gift card •••• 0001');
  await expect(unknown).toContainText(
    'No answer: the outcome is unknown. This money stays blocked until it is resolved.',
  );
  await expectRemaining(page, '€0.00'); // blocked, not offered again
  await expect(page.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
  await expect(unknown.getByRole('button', { name: 'Resolve now' })).toBeVisible();
  await unknown.getByRole('button', { name: 'Resolve now' }).click();
  await expect(unknown).toContainText('outcome is unknown');
  expect((await state(loyaltyServer)).authorizations).toHaveLength(1); // placed once, however often replayed
  await setFaults(loyaltyServer, {});
  await expect(unknown).toContainText('On hold · authorization', { timeout: 10_000 });
  await completeSale(page);
  const after = await state(loyaltyServer);
  expect(after.authorizations).toEqual([expect.objectContaining({ amount: 20, status: 'committed' })]);
  expect(net(after, '700100000001')).toBe(30);
});

test('a payment that got no answer at all (time-out) is resolved without a second payment', async ({
  page,
  loyaltyServer,
}) => {
  await startSale(page, '15');
  await setFaults(loyaltyServer, { next: { count: 1, kind: 'timeout', path: '/_pay' } });
  await tender(page, '710100000001', '15');
  // The terminal gives up after its 3 s time-out; the recovery loop then replays the same key by
  // itself (the time-out had no effect on the server) and the card is charged once.
  await expect(line(page, 'Loyalty card •••• 0001')).toContainText('Approved', { timeout: 15_000 });
  const after = await state(loyaltyServer);
  expect(after.loyaltyPayments).toHaveLength(1);
  expect(net(after, '710100000001')).toBe(105);
});

test('a commit that cannot be delivered is retried until it lands; the header counts it', async ({
  page,
  loyaltyServer,
}) => {
  await startSale(page, '10');
  await tender(page, '720100000001');
  await setFaults(loyaltyServer, { next: { count: 2, kind: 'unavailable', path: '/_commit' } });
  await page.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sale completed' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('1 operation waiting to reach the server')).toBeVisible();
  await expect(page.getByRole('banner').getByText(/waiting to reach the server/)).toHaveCount(0, { timeout: 15_000 });
  const after = await state(loyaltyServer);
  expect(after.authorizations).toEqual([expect.objectContaining({ status: 'committed', amount: 10 })]);
  expect(net(after, '720100000001')).toBe(20);
});

test('a reload in the middle of a sale loses nothing', async ({ page, loyaltyServer }) => {
  await startSale(page, '70');
  await tender(page, '700100000001');
  await expect(line(page, 'Gift card •••• 0001')).toContainText('On hold');
  await page.reload();
  await expectRemaining(page, '€20.00');
  await expect(line(page, 'Gift card •••• 0001')).toContainText('On hold');
  await tender(page, '700100000007');
  await completeSale(page);
  const after = await state(loyaltyServer);
  expect(after.authorizations.map((a) => a.status)).toEqual(['committed', 'committed']);
  expect([net(after, '700100000001'), net(after, '700100000007')]).toEqual([0, 80]);
});

test('a crash while a payment was in flight is resolved on start', async ({ page, loyaltyServer }) => {
  await startSale(page, '25');
  await setFaults(loyaltyServer, { latencyMs: 1500 });
  await page.getByRole('heading', { name: 'Pay with a card' }).click();
  await page.keyboard.type('700100000007');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^Take / }).click();
  await expect(line(page, 'Gift card •••• 0007')).toContainText('Sending…');
  await page.reload(); // the answer never reaches the page
  await setFaults(loyaltyServer, {});
  await expect(line(page, 'Gift card •••• 0007')).toContainText('On hold', { timeout: 15_000 });
  expect((await state(loyaltyServer)).authorizations).toEqual([
    expect.objectContaining({ amount: 25, status: 'pending' }),
  ]);
  await completeSale(page);
});

test('a crash while a payment was in flight, on a server that ignores keys: a refusal of the resend is not taken as final, a manager checks the card', async ({
  page,
  loyaltyServer,
}) => {
  // No Idempotency-Key reaches the server (every request is new to it). The first payment reaches
  // it and puts the hold on the card; the page is reloaded before its answer comes back.
  await startSale(page, '40');
  const attempts = await reloadWithPaymentInFlight(page, '**/giftcards/*/_pay', () =>
    tender(page, '700100000001', '40'),
  );

  // Before: sent again as if it had never left, and shown "Refused: not enough on the card".
  await expect(line(page, '•••• 0001')).toContainText('No answer at first, then refused', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
  expect((await state(loyaltyServer)).authorizations.map((a) => [a.amount, a.status])).toEqual([[40, 'pending']]);
  expect(attempts()).toBe(2);
  await page.getByRole('button', { name: /1 operation needs a manager/ }).click();
  await managerUnlocks(page);
  const row = page.getByRole('row', { name: /Gift card · payment/ });
  await expect(row).toContainText('refused this payment for lack of funds');
  await expect(row).toContainText('Read again: the card shows €10.00 available, €40.00 on hold.');
});

test('a loyalty payment whose outcome went to a manager can be removed: its void gives the card back whatever it took', async ({
  page,
  loyaltyServer,
}) => {
  // As above, on a loyalty card: the whole 120.00 is taken by an attempt whose answer the page
  // never gets, and the resend, new to a server that ignores keys, is denied for lack of funds.
  await startSale(page, '150');
  await reloadWithPaymentInFlight(page, '**/loyaltycards/*/_pay', () => tender(page, '710100000001', '120'));

  const loyalty = line(page, 'Loyalty card •••• 0001');
  await expect(loyalty).toContainText('No answer at first, then refused', { timeout: 15_000 });
  await expect(loyalty).toContainText('Remove the line (or void the sale) to give back whatever it took.');
  expect(net(await state(loyaltyServer), '710100000001')).toBe(0);
  // Before: no way to give it back; the sale could only be voided, the 120.00 left taken.
  await loyalty.getByRole('button', { name: 'Remove Loyalty card •••• 0001' }).click();
  await expect(loyalty).toHaveCount(0);
  expect(net(await state(loyaltyServer), '710100000001')).toBe(120);
  await tender(page, '700100000001', '50');
  await expectRemaining(page, '€100.00');

  await page.getByRole('button', { name: /1 operation needs a manager/ }).click();
  await managerUnlocks(page);
  await expect(page.getByRole('row', { name: /Loyalty card · payment/ })).toContainText(
    "Settled by the void of this card's payments in the sale: it gave back €120.00 for this payment.",
  );
});

test('a void the server refuses for good: the sale finishes, the loyalty payment is shown still taken, the cashier reads why', async ({
  page,
  loyaltyServer,
}) => {
  // A server that will not void for this terminal (403, as when its merchant is set up wrong).
  await refusedForGood(page, '**/_voidPayment');
  await startSale(page, '30');
  await tender(page, '710100000001', '10');
  await expect(line(page, 'Loyalty card •••• 0001')).toContainText('Approved');
  await page.getByRole('button', { name: 'Void sale' }).click();
  await page.getByRole('button', { name: 'Yes, void the sale' }).click();

  // Before: "Voiding the sale…" for good, and no way to the next sale.
  await expect(page.getByRole('alert').filter({ hasText: 'refused to give a payment back' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Sale voided' })).toBeVisible();
  await page.getByRole('button', { name: 'Next sale' }).click();
  await expect(page.getByLabel(/Amount due/)).toBeVisible();
  expect(net(await state(loyaltyServer), '710100000001')).toBe(110);
  await expect(page.getByRole('button', { name: /1 operation needs a manager/ })).toBeVisible();
});

test('a commit the server refuses for good: the sale is open again with that amount due, never stuck completing', async ({
  page,
  loyaltyServer,
}) => {
  await refusedForGood(page, '**/_commit');
  await startSale(page, '20');
  await tender(page, '700100000001', '20');
  await expect(line(page, 'Gift card •••• 0001')).toContainText('On hold');
  await page.getByRole('button', { name: 'Complete sale' }).click();

  // Before: "Completing the sale…" for good.
  await expect(page.getByRole('alert').filter({ hasText: 'refused to take a held payment' })).toBeVisible();
  await expectRemaining(page, '€20.00');
  await tenderExternal(page, '20');
  await completeSale(page);
  // The hold was never taken: it lapses by itself.
  expect((await state(loyaltyServer)).authorizations.map((a) => a.status)).toEqual(['pending']);
});

test('a sale can be voided while a payment has no answer; that payment is reversed once known', async ({
  page,
  loyaltyServer,
}) => {
  await startSale(page, '60');
  await tender(page, '710100000001', '10');
  await expect(line(page, 'Loyalty card •••• 0001')).toContainText('Approved');
  await setFaults(loyaltyServer, { next: { count: 100, kind: 'drop', path: '/_pay' } });
  await tender(page, '700100000001', '20');
  await expect(line(page, 'Gift card •••• 0001')).toContainText('outcome is unknown');
  await page.getByRole('button', { name: 'Void sale' }).click();
  await page.getByRole('button', { name: 'Yes, void the sale' }).click();
  await expect(page.getByText(/Some payments have no answer yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Next sale' }).click();
  await expect(page.getByLabel(/Amount due/)).toBeVisible();
  await setFaults(loyaltyServer, {});
  await expect
    .poll(async () => (await state(loyaltyServer)).authorizations.map((a) => a.status), { timeout: 15_000 })
    .toEqual(['canceled']);
  const after = await state(loyaltyServer);
  expect(after.loyaltyPayments.map((p) => p.voided)).toEqual([true]);
  expect([net(after, '700100000001'), net(after, '710100000001')]).toEqual([50, 120]);
});

test('a hold that turns out committed when the cashier removes it stays paid, and the manager is told', async ({
  page,
  request,
  loyaltyServer,
}) => {
  await startSale(page, '30');
  await tender(page, '700100000001', '20');
  await expect(line(page, 'Gift card •••• 0001')).toContainText('On hold');
  const hold = (await state(loyaltyServer)).authorizations[0]!;
  // Committed behind the terminal's back (another till, a back office).
  await request.post(
    `${SIMULATOR}/loyalty/api/v1/pos/loyaltyGroups/demo/giftcards/700100000001/authorizations/${hold.authCode}/_commit`,
    {
      headers: { Authorization: 'Bearer demo-token' },
      data: { workstationData: { transactionId: hold.transactionId, reason: 'Back office' } },
    },
  );
  await page.getByRole('button', { name: 'Remove Gift card •••• 0001' }).click();
  await expect(line(page, 'Gift card •••• 0001')).toContainText('Paid · authorization');
  await expectRemaining(page, '€10.00');
  await page.getByRole('banner').getByRole('button', { name: '1 operation needs a manager' }).click();
  await managerUnlocks(page);
  await expect(page.getByRole('row', { name: /Gift card · cancel/ })).toContainText('Needs a manager');
  await expect(page.getByRole('row', { name: /Gift card · cancel/ })).toContainText('it had been committed');
});

test('a removed line whose cancel the server does not answer: the sale can still be voided, and the hold goes back once it answers', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '30');
  await tender(page, '700100000001', '10');
  await tender(page, '700100000007', '10');
  await expect(line(page, 'Gift card •••• 0007')).toContainText('On hold');
  // The server stops answering cancels: the removed line's cancel is sent again and again.
  await setFaults(loyaltyServer, { next: { count: 1000, kind: 'unavailable', path: '/_cancel' } });
  await page.getByRole('button', { name: 'Remove Gift card •••• 0001' }).click();
  await expect
    .poll(async () => (await state(loyaltyServer)).authorizations.filter((a) => a.status === 'pending').length)
    .toBe(2);
  // The cashier gives up on the sale: the void is taken, the other hold's cancel goes too, and the
  // next sale is offered while both wait for the server.
  // Once the removed line's cancel has failed (queued, sent again), Void is offered.
  await expect(page.getByRole('button', { name: 'Void sale' })).toBeEnabled({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Void sale' }).click();
  await page.getByRole('button', { name: 'Yes, void the sale' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The Loyalty server does not answer now' })).toBeVisible({
    timeout: 15_000,
  });
  await setFaults(loyaltyServer, {});
  await expect
    .poll(async () => (await state(loyaltyServer)).authorizations.map((a) => a.status), { timeout: 30_000 })
    .toEqual(['canceled', 'canceled']);
});
