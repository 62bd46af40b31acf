import { type Browser, type Page } from '@playwright/test';
import { expect, SIMULATOR, test } from './support/project';
import type { LoyaltyServer } from '@loyalty-terminal/playwright';
import {
  completeSale,
  line,
  openLiveTerminal,
  setFaults,
  startSale,
  state,
  tender,
  voidSale,
  expectAvailable,
  goTo,
  managerUnlocks,
  resetSimulator,
  scan,
} from '@loyalty-terminal/playwright/steps';

/**
 * A store's tills on one Loyalty server: two browser contexts (two tablets), two workstation ids,
 * the one simulator. What each till shows is read against what the server has.
 */
async function tills(browser: Browser, server: LoyaltyServer): Promise<[Page, Page]> {
  const open = async (workstationId: number) => {
    const page = await (await browser.newContext()).newPage();
    await openLiveTerminal(page, server, '/', workstationId);
    return page;
  };
  return [await open(3), await open(4)];
}

const CARD = '700100000001'; // 50.00

test.beforeEach(async ({ loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
});

test('a card scanned again on Card lookup is read again: another till’s hold and its void show at once', async ({
  browser,
  loyaltyServer,
}) => {
  const [a, b] = await tills(browser, loyaltyServer);
  await goTo(a, 'Card lookup');
  await scan(a, CARD);
  await expectAvailable(a, '€50.00');
  // Till B holds 30.00 of it.
  await startSale(b, '30');
  await tender(b, CARD, '30');
  await expect(line(b, /On hold/)).toBeVisible();
  await scan(a, CARD);
  await expectAvailable(a, '€20.00');
  await expect(a.getByLabel('On hold', { exact: true })).toHaveText('€30.00');
  // Till B voids its sale: the server has 50.00 again, and so does till A's next scan.
  await voidSale(b);
  await scan(a, CARD);
  await expectAvailable(a, '€50.00');
});

test('after a refusal that names the balance, the card and the amount offered are what the server says now', async ({
  browser,
  loyaltyServer,
}) => {
  const [a, b] = await tills(browser, loyaltyServer);
  await startSale(a, '40');
  await a.getByRole('heading', { name: 'Pay with a card' }).click();
  await a.keyboard.type(CARD);
  await a.keyboard.press('Enter');
  await expect(a.getByLabel('Amount to take from this card')).toHaveValue('40.00');
  // Till B takes 40.00 of the same card first.
  await startSale(b, '40');
  await tender(b, CARD, '40');
  await expect(line(b, /On hold/)).toBeVisible();
  await a.getByRole('button', { name: /^Take / }).click();
  await expect(line(a, /not enough on the card \(available €10\.00\)/)).toBeVisible();
  // Scanned again: the server's figures, and the amount offered from them.
  await a.getByRole('heading', { name: 'Pay with a card' }).click();
  await a.keyboard.type(CARD);
  await a.keyboard.press('Enter');
  await expect(a.locator('.tender-card-available')).toHaveText('Available: €10.00');
  await expect(a.getByLabel('Amount to take from this card')).toHaveValue('10.00');
  await a.getByRole('button', { name: 'Take €10.00' }).click();
  await expect(line(a, /On hold/)).toBeVisible();
});

test('another till’s honest payment while this payment’s answer is lost twice raises no alarm', async ({
  browser,
  request,
  loyaltyServer,
}) => {
  const [a, b] = await tills(browser, loyaltyServer);
  await setFaults(loyaltyServer, { next: { count: 2, kind: 'drop', path: '/_pay' } });
  await startSale(a, '20');
  await tender(a, CARD, '20');
  await expect(line(a, /the outcome is unknown/)).toBeVisible();
  // Both lost answers spent (the first applied the hold, the replay's answer lost too).
  await expect
    .poll(async () => (await (await request.get(`${SIMULATOR}/_simulator/faults`)).json()).next ?? null, {
      timeout: 10_000,
    })
    .toBeNull();
  // Till B pays 15.00 from the same card meanwhile.
  await startSale(b, '15');
  await tender(b, CARD, '15');
  await completeSale(b);
  // Till A learns its outcome (the server replays its stored answer) and completes.
  await expect(line(a, /On hold/)).toBeVisible({ timeout: 15_000 });
  await completeSale(a);
  await expect(a.getByRole('article', { name: 'Receipt' })).toContainText('Paid · authorization');
  await expect(a.getByRole('banner').getByRole('button', { name: /needs a manager/ })).toHaveCount(0);
  const s = await state(loyaltyServer);
  expect(s.authorizations.map((h) => [h.amount, h.status])).toEqual([
    [20, 'committed'],
    [15, 'committed'],
  ]);
  expect(s.instruments.find((i) => i.number === CARD)?.amountNet).toBe(15);
  await goTo(a, 'Journal');
  await managerUnlocks(a);
  await expect(a.getByText(/may have applied the request twice/)).toHaveCount(0);
});

test('a receipt printed while a payment’s outcome is unknown says so, never “Committing…”', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '20');
  await tender(page, CARD, '20');
  await expect(line(page, /On hold/)).toBeVisible();
  await setFaults(loyaltyServer, { next: { count: 2, kind: 'timeout', path: '/_commit' } });
  await page.getByRole('button', { name: 'Complete sale' }).click();
  const receipt = page.getByRole('article', { name: /Receipt/ });
  await expect(receipt).toContainText('NOT CONFIRMED YET: do not hand over the goods');
  await expect(receipt).toContainText('Waiting for the card server: not complete');
  await expect(receipt).not.toContainText('Committing');
  await expect(receipt).not.toContainText('Sale completed');
  // The screen says what the paper says.
  const notice = page
    .getByRole('status')
    .filter({ hasText: /Sale completed/ })
    .first();
  await expect(notice).toContainText('do not hand over the goods until it does');
  // The commit lands: the paper now says what happened.
  await expect(receipt).toContainText('Paid · authorization', { timeout: 20_000 });
  await expect(receipt).toContainText('Sale completed');
  await expect(receipt).not.toContainText('NOT CONFIRMED');
  await expect(notice).toHaveText('✓ Sale completed');
  await expect(page.getByText('do not hand over the goods until it does')).toHaveCount(0);
});

test('races that work: two tills at once get one hold of a card that has one, loyalty within its balance, two printed numbers', async ({
  browser,
  loyaltyServer,
}) => {
  test.setTimeout(60_000);
  const [a, b] = await tills(browser, loyaltyServer);
  // Both take 40.00 from a 50.00 card at the same moment.
  await Promise.all([startSale(a, '40'), startSale(b, '40')]);
  for (const till of [a, b]) {
    await till.getByRole('heading', { name: 'Pay with a card' }).click();
    await till.keyboard.type(CARD);
    await till.keyboard.press('Enter');
    await expect(till.getByLabel('Amount to take from this card')).toHaveValue('40.00');
  }
  await Promise.all([a, b].map((till) => till.getByRole('button', { name: 'Take €40.00' }).click()));
  const held = [a, b].map((till) => line(till, /On hold/));
  const refused = [a, b].map((till) => line(till, /not enough on the card \(available €10\.00\)/));
  await expect(held[0]!.or(refused[0]!)).toBeVisible();
  await expect(held[1]!.or(refused[1]!)).toBeVisible();
  expect((await held[0]!.count()) + (await held[1]!.count())).toBe(1);
  let s = await state(loyaltyServer);
  expect(s.authorizations.filter((h) => h.instrumentId === CARD).map((h) => h.amount)).toEqual([40]);
  await Promise.all([voidSale(a), voidSale(b)]);
  await Promise.all([a, b].map((till) => till.getByRole('button', { name: 'Next sale' }).click()));

  // A loyalty card with 120.00: both tills ask 100.00 of it at once; together never more than it has.
  await Promise.all([startSale(a, '100'), startSale(b, '100')]);
  for (const till of [a, b]) {
    await till.getByRole('heading', { name: 'Pay with a card' }).click();
    await till.keyboard.type('710100000001');
    await till.keyboard.press('Enter');
    await expect(till.getByLabel('Amount to take from this card')).toHaveValue('100.00');
  }
  await Promise.all([a, b].map((till) => till.getByRole('button', { name: 'Take €100.00' }).click()));
  for (const till of [a, b]) await expect(line(till, /Approved/)).toBeVisible();
  s = await state(loyaltyServer);
  const approved = s.loyaltyPayments.filter((p) => p.loyaltyCardId === '710100000001').map((p) => p.approvedAmount);
  expect(approved.sort((x, y) => x - y)).toEqual([20, 100]);
  await Promise.all([voidSale(a), voidSale(b)]);

  // A printed gift card issued at both tills at once: two numbers.
  for (const till of [a, b]) {
    await goTo(till, 'Issue');
    await till.getByRole('button', { name: 'Print a new gift card' }).click();
    await till.getByLabel('Amount (EUR)').fill('10');
  }
  await Promise.all([a, b].map((till) => till.getByRole('button', { name: 'Issue and print gift card' }).click()));
  const numbers = await Promise.all(
    [a, b].map(async (till) => {
      const number = till.getByLabel('New number', { exact: true });
      await expect(number).toBeVisible();
      return number.textContent();
    }),
  );
  expect(new Set(numbers).size).toBe(2);
});

test('two windows of one terminal: a card on one window’s screen is read again when the other takes money from it', async ({
  context,
  loyaltyServer,
}) => {
  await resetSimulator(loyaltyServer);
  const a = await context.newPage();
  const b = await context.newPage();
  await openLiveTerminal(a, loyaltyServer);
  await openLiveTerminal(b, loyaltyServer);
  await goTo(b, 'Card lookup');
  await scan(b, CARD);
  await expectAvailable(b, '€50.00');
  await startSale(a, '20');
  await tender(a, CARD, '20');
  await expect(line(a, /On hold/)).toBeVisible();
  // Nothing done in window b: it shows what the card has now, not what it had.
  await expectAvailable(b, '€30.00');
  await completeSale(a);
  await expect(b.getByText('Reading the card again…')).toHaveCount(0);
  await expectAvailable(b, '€30.00');
});

test('two windows of one terminal: the amount a cashier typed stays when the other window’s write reads the card again', async ({
  context,
  loyaltyServer,
}) => {
  await resetSimulator(loyaltyServer);
  const a = await context.newPage();
  const b = await context.newPage();
  await openLiveTerminal(a, loyaltyServer);
  await openLiveTerminal(b, loyaltyServer);
  await startSale(a, '60');
  await a.getByRole('heading', { name: 'Pay with a card' }).click();
  await a.keyboard.type(CARD);
  await a.keyboard.press('Enter');
  const amount = a.getByLabel('Amount to take from this card');
  await expect(amount).toHaveValue('50.00');
  await amount.fill('10.00'); // the rest in cash
  // The other window takes money from another card: this window reads its card again.
  const readAgain = a.waitForRequest((r) => r.url().includes(`/giftcards/${CARD}`) && r.method() === 'GET');
  await startSale(b, '15');
  await tender(b, '720100000001', '15');
  await readAgain;
  await a.waitForTimeout(300); // the answer drawn
  await expect(amount).toHaveValue('10.00');
  await expect(a.getByRole('button', { name: 'Take €10.00' })).toBeVisible();
});
