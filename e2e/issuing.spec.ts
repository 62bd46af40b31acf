import { type Page } from '@playwright/test';
import { expect, API, expectAccessible, test } from './support/project';
import {
  openLiveTerminal,
  setFaults,
  state,
  goTo,
  keyNumber,
  managerUnlocks,
  resetSimulator,
} from '@loyalty-terminal/playwright/steps';

interface Card {
  number: string;
  status?: string;
  statusCode?: number;
  amountOriginal: number;
  amountNet: number;
  startDate?: string;
  expiryDate?: string;
  seriesNumber: string;
  customer: unknown;
}
const card = async (server: Parameters<typeof state>[0], number: string) =>
  ((await state(server)).instruments as Card[]).find((i) => i.number === number);

async function openTask(
  page: Page,
  task: 'Sell a gift card' | 'Print a new gift card' | 'Issue store credit' | 'Open a loyalty card',
) {
  await goTo(page, 'Issue');
  await page.getByRole('button', { name: task }).click();
  await expect(page.getByRole('heading', { name: task })).toBeVisible();
}

async function scanHere(page: Page, number: string) {
  await page.getByRole('heading', { level: 3 }).click();
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
}

/**
 * A box of 12 cards (7001 0000 1001 to 1012) started by the manager, and the server gone once a few
 * are done: the box stops, said so. Returns its progress bar.
 */
async function boxStoppedPartWay(page: Page, loyaltyServer: Parameters<typeof setFaults>[0]) {
  await goTo(page, 'Issue');
  await page.getByRole('button', { name: 'Activate a box of cards' }).click();
  await managerUnlocks(page);
  await page.getByLabel('First card number').fill('7001 0000 1001');
  await page.getByLabel('Last card number').fill('7001 0000 1012');
  await page.getByLabel('Amount (EUR)').fill('10');
  await setFaults(loyaltyServer, { latencyMs: 150 });
  await page.getByRole('button', { name: 'Activate the cards' }).click();
  const progress = page.getByRole('progressbar', { name: /Cards done/ });
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 30_000 }).toBeGreaterThan(2);
  // The server goes away: every read of a card fails.
  await setFaults(loyaltyServer, { next: { count: 1000, kind: 'unavailable', method: 'GET', path: '/giftcards/' } });
  await expect(page.getByRole('alert')).toContainText('The Loyalty server does not answer', { timeout: 30_000 });
  return progress;
}

test.beforeEach(async ({ page, loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
});

test('sell a pre-numbered gift card with a customer', async ({ page, loyaltyServer }) => {
  await openTask(page, 'Sell a gift card');
  await scanHere(page, '700100000003');
  await expect(page.getByText('Not issued')).toBeVisible();
  await page.getByLabel('Amount (EUR)').fill('20');
  await page.getByLabel('Customer id').fill('C9');
  await page.getByLabel('Customer name').fill('Kim Park');
  await page.getByRole('button', { name: 'Issue gift card' }).click();
  await expect(page.getByText('Gift card issued')).toBeVisible();
  await expect(page.getByLabel('New number', { exact: true })).toHaveText('7001 0000 0003');
  const issued = await card(loyaltyServer, '700100000003');
  expect(issued).toMatchObject({
    status: 'issued',
    amountOriginal: 20,
    amountNet: 20,
    customer: { customerId: 'C9', name: 'Kim Park' },
  });
  const start = new Date(issued!.startDate!);
  expect(new Date(issued!.expiryDate!).getUTCFullYear()).toBe(start.getUTCFullYear() + 3);
  await expect(page.getByRole('article', { name: 'Issue slip' })).toContainText('€20.00');

  await openTask(page, 'Sell a gift card');
  await scanHere(page, '700100000001');
  await expect(page.getByText('Card 7001 0000 0001 is already issued: it cannot be sold again.')).toBeVisible();
});

test('a fixed-amount series shows its amount, which cannot be changed', async ({ page, loyaltyServer }) => {
  await openTask(page, 'Sell a gift card');
  await scanHere(page, '700200000001');
  await expect(page.getByText('Fixed amount of this series: €25.00')).toBeVisible();
  await expect(page.getByLabel('Amount (EUR)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Issue gift card' }).click();
  await expect(page.getByText('Gift card issued')).toBeVisible();
  expect(await card(loyaltyServer, '700200000001')).toMatchObject({
    status: 'issued',
    amountOriginal: 25,
    amountNet: 25,
  });
});

test('a live-printed issue whose answer is lost is retried and creates exactly one card', async ({
  page,
  loyaltyServer,
}) => {
  await openTask(page, 'Print a new gift card');
  await expect(page.getByLabel('Series')).toHaveValue('GC3');
  await page.getByLabel('Amount (EUR)').fill('30');
  await setFaults(loyaltyServer, { next: { count: 3, kind: 'drop', path: '/giftCardSeries/' } });
  await page.getByRole('button', { name: 'Issue and print gift card' }).click();
  await expect(page.getByText(/the outcome is unknown/)).toBeVisible();
  await page.getByRole('button', { name: 'Resolve now' }).click();
  await expect(page.getByText('Gift card issued')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('New number', { exact: true })).toHaveText('7003 0000 0001');
  const s = await state(loyaltyServer);
  const printed = (s.instruments as unknown as Card[]).filter((i) => i.seriesNumber === 'GC3');
  expect(printed).toEqual([expect.objectContaining({ number: '700300000001', status: 'issued', amountNet: 30 })]);
  await page.screenshot({ path: 'test-results/screens/live-printed-number.png', fullPage: true });
  const slip = page.getByRole('article', { name: 'Issue slip' });
  await slip.screenshot({ path: 'test-results/screens/issue-slip.png' });
  // The barcode drawn is the Code 128 pattern of the number, bar for bar.
  const drawn = await slip.getByRole('img', { name: /^Barcode of / }).evaluate((svg) => {
    const bars = svg.getAttribute('data-bars') ?? '';
    const out = Array.from({ length: bars.length }, () => '0');
    svg.querySelectorAll('rect[fill="#000"]').forEach((r) => {
      const x = Number(r.getAttribute('x')) - 10;
      for (let i = 0; i < Number(r.getAttribute('width')); i += 1) out[x + i] = '1';
    });
    return { bars, rebuilt: out.join('') };
  });
  expect(drawn.bars).toMatch(/^11010011100/); // Code 128 start C
  expect(drawn.rebuilt).toBe(drawn.bars);
  await expect(slip.getByRole('img', { name: 'Barcode of 700300000001' })).toBeVisible();
});

test('issue store credit from a series for a return', async ({ page, loyaltyServer }) => {
  await openTask(page, 'Issue store credit');
  await expect(page.getByLabel('Reason')).toHaveValue('Return to store credit');
  await page.getByLabel('Amount (EUR)').fill('17.90');
  await page.getByRole('button', { name: 'Issue store credit' }).last().click();
  await expect(page.getByLabel('New number', { exact: true })).toHaveText('7201 0000 0002');
  expect(await card(loyaltyServer, '720100000002')).toMatchObject({ status: 'issued', amountOriginal: 17.9 });
  await expectAccessible(page);
});

test('store credit above the returns’ manager amount waits for the manager’s yes; a card scanned into the amount is never the amount', async ({
  page,
  loyaltyServer,
}) => {
  await openTask(page, 'Issue store credit');
  const amount = page.getByLabel('Amount (EUR)');
  // A card scanned with the amount field focused: taken back, and its Enter issues nothing.
  await amount.click();
  await page.keyboard.type('720100000001');
  await page.keyboard.press('Enter');
  await expect(amount).toHaveValue('');
  await expect(page.getByText('Store credit issued')).toHaveCount(0);

  await amount.fill('80');
  await page.getByRole('button', { name: 'Issue store credit' }).last().click();
  await managerUnlocks(page);
  const question = page.getByRole('alertdialog');
  await expect(page.getByLabel('Series')).toBeDisabled(); // what the manager is asked about stays what is issued
  await expect(question).toContainText(
    'Issue €80.00 of store credit (SC1)? Above €50.00, a manager confirms it, as a return.',
  );
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(question).toHaveCount(0);
  expect(await card(loyaltyServer, '720100000002')).toBeUndefined(); // nothing issued

  await page.getByRole('button', { name: 'Issue store credit' }).last().click();
  await page.getByRole('button', { name: 'Yes, issue €80.00' }).click();
  await expect(page.getByLabel('New number', { exact: true })).toHaveText('7201 0000 0002');
  expect(await card(loyaltyServer, '720100000002')).toMatchObject({ status: 'issued', amountOriginal: 80 });
  expect(
    ((await state(loyaltyServer)).instruments as Card[]).filter(
      (c) => c.seriesNumber === 'SC1' && c.status === 'issued',
    ),
  ).toHaveLength(2); // the dataset's one, and this one: nothing for the scanned number
});

test('an issue without its answer is named on every window’s issue screen, so nobody issues it again', async ({
  page,
  context,
  loyaltyServer,
}) => {
  await openTask(page, 'Print a new gift card');
  await page.getByLabel('Amount (EUR)').fill('30');
  await setFaults(loyaltyServer, { next: { count: 1000, kind: 'drop', path: '/giftCardSeries/' } });
  await page.getByRole('button', { name: 'Issue and print gift card' }).click();
  await expect(page.getByText(/the outcome is unknown/)).toBeVisible();
  const underWay = (p: Page) => p.getByRole('status').filter({ hasText: 'Still without an answer' });

  // Another window of the terminal (or this one after a restart): a fresh form, and the issue named above it.
  const other = await context.newPage();
  await other.goto('/');
  await openTask(other, 'Print a new gift card');
  await expect(underWay(other)).toContainText('Gift card · GC3 · €30.00');
  // This window's task shows it already (and has read the same records by now): not named twice here.
  await page.getByRole('button', { name: 'Print a new gift card' }).click(); // the task chosen again
  await expect(page.getByText(/the outcome is unknown/)).toBeVisible();
  await expect(underWay(page)).toHaveCount(0);

  await setFaults(loyaltyServer, {});
  await underWay(other).getByRole('button', { name: 'Resolve now' }).click();
  await expect(underWay(other)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Gift card issued')).toBeVisible();
  const issued = ((await state(loyaltyServer)).instruments as Card[]).filter((c) => c.seriesNumber === 'GC3');
  expect(issued).toHaveLength(1);
});

test('open a New loyalty card, then un-issue it', async ({ page, loyaltyServer }) => {
  await openTask(page, 'Open a loyalty card');
  await scanHere(page, '710100000004');
  await expect(page.getByText('Loyalty card 7101 0000 0004 is Closed: only a New card can be opened.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Card number' }).fill('710100000003');
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
  await page.getByLabel('Customer id').fill('C12');
  await page.getByRole('button', { name: 'Open loyalty card' }).click();
  await expect(page.getByText('Loyalty card issued')).toBeVisible();
  expect(await card(loyaltyServer, '710100000003')).toMatchObject({ statusCode: 1, customer: { customerId: 'C12' } });

  await goTo(page, 'Card lookup');
  await keyNumber(page, '710100000003');
  await page.getByRole('button', { name: 'Un-issue' }).click();
  await managerUnlocks(page);
  await expect(page.getByRole('alertdialog')).toContainText('goes back to New');
  await page.getByRole('button', { name: 'Yes, un-issue' }).click();
  await expect(page.getByText('Loyalty card 7101 0000 0003 is un-issued.')).toBeVisible();
  expect((await card(loyaltyServer, '710100000003'))?.statusCode).toBe(0);
});

test('un-issue: allowed on an unused card, offered disabled after payments, refused by the server after a canceled hold', async ({
  page,
  request,
  loyaltyServer,
}) => {
  await openTask(page, 'Sell a gift card');
  await scanHere(page, '700100000004');
  await page.getByLabel('Amount (EUR)').fill('15');
  await page.getByRole('button', { name: 'Issue gift card' }).click();
  await expect(page.getByText('Gift card issued')).toBeVisible();
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000004');
  await page.getByRole('button', { name: 'Un-issue' }).click();
  await managerUnlocks(page);
  await page.getByRole('button', { name: 'Yes, un-issue' }).click();
  await expect(page.getByText('Gift card 7001 0000 0004 is un-issued.')).toBeVisible();
  expect(await card(loyaltyServer, '700100000004')).toMatchObject({ status: 'notIssued', amountNet: 0 });

  await keyNumber(page, '700100000002');
  await expect(page.getByRole('button', { name: 'Un-issue' })).toBeDisabled();
  await expect(page.getByText('Payments have been made with this card: it cannot be un-issued.')).toBeVisible();

  const hold = await (
    await request.post(`${API}/giftcards/700100000007/_pay`, {
      headers: { Authorization: 'Bearer demo-token' },
      data: { amount: 5, workstationData: { transactionId: '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60', reason: 'Sale' } },
    })
  ).json();
  await request.post(`${API}/instruments/700100000007/authorizations/${hold.authCode}/_cancel`, {
    headers: { Authorization: 'Bearer demo-token' },
    data: { workstationData: { transactionId: '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60', reason: 'Sale' } },
  });
  await keyNumber(page, '700100000007');
  await page.getByRole('button', { name: 'Un-issue' }).click();
  await managerUnlocks(page);
  await page.getByRole('button', { name: 'Yes, un-issue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /Payments have been made with this card since it was issued: the server refuses to un-issue it\./,
  );
  expect((await card(loyaltyServer, '700100000007'))?.status).toBe('issued');
});

test('an un-issue whose answer is lost, then refused as not issued by a server that ignores keys: a manager checks the card, nothing is offered again', async ({
  page,
  loyaltyServer,
}) => {
  await openTask(page, 'Sell a gift card');
  await scanHere(page, '700100000004');
  await page.getByLabel('Amount (EUR)').fill('15');
  await page.getByRole('button', { name: 'Issue gift card' }).click();
  await expect(page.getByText('Gift card issued')).toBeVisible();

  // A server that does not keep Idempotency-Keys (every request is new to it), and the first
  // un-issue's answer lost on its way back after the server applied it.
  let attempts = 0;
  await page.route('**/_unissue', async (route) => {
    const headers = { ...route.request().headers() };
    delete headers['idempotency-key'];
    attempts += 1;
    if (attempts > 1) return route.continue({ headers });
    await route.fetch({ headers });
    await route.abort('connectionreset');
  });
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000004');
  await page.getByRole('button', { name: 'Un-issue' }).click();
  await managerUnlocks(page);
  await page.getByRole('button', { name: 'Yes, un-issue' }).click();
  await expect(page.getByRole('button', { name: 'Resolve now' })).toBeVisible();
  // The first attempt took effect; only its answer was lost.
  expect(await card(loyaltyServer, '700100000004')).toMatchObject({ status: 'notIssued' });

  await page.getByRole('button', { name: 'Resolve now' }).click();
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('Needs a manager');
  await expect(notice).toContainText('the earlier attempt may have un-issued it');
  await expect(notice).toContainText('Read again: the card shows €0.00 available, €0.00 on hold.');
  await expect(page.getByRole('button', { name: 'Un-issue' })).toHaveCount(0);
  await expect(page.getByText(/is un-issued/)).toHaveCount(0);
});

test('bad amounts are refused before any request is sent', async ({ page, loyaltyServer }) => {
  const issues: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('_issue')) issues.push(r.url());
  });
  await openTask(page, 'Print a new gift card');
  for (const [typed, words] of [
    ['0', 'The amount must be more than zero.'],
    ['-5', 'The amount must be more than zero.'],
    ['12.345', 'Too many decimals for this currency.'],
    ['twelve', 'Enter an amount like 12.50.'],
    ['', 'Enter an amount.'],
  ] as const) {
    await page.getByLabel('Amount (EUR)').fill(typed);
    await page.getByRole('button', { name: 'Issue and print gift card' }).click();
    await expect(page.getByRole('alert')).toHaveText(words);
  }
  expect(issues).toEqual([]);
  expect((await state(loyaltyServer)).instruments.filter((i) => i.number.startsWith('7003'))).toEqual([]);
});

test('an issue whose answer is missing stays on screen: choosing the task again, or a reload, shows it, never a fresh form', async ({
  page,
  loyaltyServer,
}) => {
  await openTask(page, 'Issue store credit');
  await page.getByLabel('Amount (EUR)').fill('50');
  await setFaults(loyaltyServer, { next: { count: 50, kind: 'unavailable', path: '/storeCreditSeries/' } });
  await page.getByRole('button', { name: 'Issue store credit' }).last().click();
  await expect(page.getByText(/the outcome is unknown/)).toBeVisible();
  // The cashier taps the task again, then reloads: the same issue, its outcome still missing.
  await page.getByRole('button', { name: 'Issue store credit' }).first().click();
  await expect(page.getByText(/the outcome is unknown/)).toBeVisible();
  await expect(page.getByLabel('Amount (EUR)')).toHaveCount(0);
  await page.reload();
  await openTask(page, 'Issue store credit');
  await expect(page.getByText(/the outcome is unknown/)).toBeVisible();
  await expect(page.getByLabel('Amount (EUR)')).toHaveCount(0);
  // The server answers again: the one card, shown; the task's next visit starts afresh.
  await setFaults(loyaltyServer, {});
  // The cashier taps "Resolve now"; the outbox's own retry may land first (it did in a CI run: the
  // button went as it was tapped), and then there is nothing left to tap. Either way: the one card.
  await page
    .getByRole('button', { name: 'Resolve now' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page.getByLabel('New number', { exact: true })).toHaveText('7201 0000 0002');
  await openTask(page, 'Issue store credit');
  await expect(page.getByLabel('Amount (EUR)')).toBeVisible();
  const credits = ((await state(loyaltyServer)).instruments as Card[]).filter((i) => i.seriesNumber === 'SC1');
  expect(credits.filter((i) => i.status === 'issued' && i.amountOriginal === 50)).toHaveLength(1);
});

test('a box the server stops answering part-way is not called activated: it waits, and Continue finishes it', async ({
  page,
  loyaltyServer,
}) => {
  const progress = await boxStoppedPartWay(page, loyaltyServer);
  await expect(page.getByText('Box activated')).toBeHidden();
  const doneWhenStopped = Number(await progress.getAttribute('value'));
  expect(doneWhenStopped).toBeLessThan(12);

  await setFaults(loyaltyServer, {});
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Box activated')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Cards issued', { exact: true })).toHaveText('12');
});

test('a box the server stops answering part-way can be stopped there for good: no more of its cards are activated', async ({
  page,
  loyaltyServer,
}) => {
  await boxStoppedPartWay(page, loyaltyServer);
  await setFaults(loyaltyServer, {});

  // The manager keyed the wrong amount, say: the box ends here, without continuing it.
  await page.getByRole('button', { name: 'Stop this box here' }).click();
  await expect(page.getByText('Box stopped')).toBeVisible();
  const issued = Number(await page.getByLabel('Cards issued', { exact: true }).textContent());
  expect(issued).toBeGreaterThan(2);
  expect(issued).toBeLessThan(12);
  const onServer = () =>
    state(loyaltyServer).then(
      (s) =>
        (s.instruments as Card[]).filter((i) => /^70010000(100\d|101[0-2])$/.test(i.number) && i.status === 'issued')
          .length,
    );
  expect(await onServer()).toBe(issued);
  // Nothing is left to continue.
  await page.getByRole('button', { name: 'Another box' }).click();
  await expect(page.getByRole('heading', { name: 'Boxes not finished' })).toBeHidden();
  expect(await onServer()).toBe(issued);
});
