import { type Page } from '@playwright/test';
import { expect, test } from './support/project';
import {
  completeSale,
  line,
  net,
  openLiveTerminal,
  startSale,
  state,
  tender,
  tenderExternal,
  goTo,
  managerUnlocks,
  resetSimulator,
} from '@loyalty-terminal/playwright/steps';

test.beforeEach(async ({ loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
});

/** A completed sale; its receipt's reference, read off the receipt's barcode. */
async function soldWithGiftCard(page: Page, amount: string): Promise<string> {
  await startSale(page, amount);
  await tender(page, '700100000001', amount);
  await expect(line(page, '•••• 0001')).toContainText('On hold');
  await completeSale(page);
  return receiptReference(page);
}

async function receiptReference(page: Page): Promise<string> {
  const label = await page
    .getByRole('img', { name: /^Receipt S[0-9A-F]{12}$/ })
    .first()
    .getAttribute('aria-label');
  return (label ?? '').replace('Receipt ', '');
}

/** The receipt's barcode read by a scanner: keystrokes and Enter, no field tapped first. */
async function scanReceipt(page: Page, reference: string) {
  await page.getByRole('heading', { name: 'Return', exact: true }).click();
  await page.keyboard.type(reference);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: new RegExp(`^Sale ${reference}`) })).toBeVisible();
}

async function giveBack(page: Page, amount?: string) {
  if (amount !== undefined) await page.getByLabel('Amount to give back (EUR)').fill(amount);
  await page.getByRole('button', { name: 'Give back' }).click();
}

const storeCredits = async (server: Parameters<typeof state>[0]) =>
  (await state(server)).instruments.filter((i) => i.number.startsWith('7201') && i.number !== '720100000001');

test('a whole return of a split sale: the loyalty payment voided, store credit for the gift card, the cash at the drawer', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '60');
  await tender(page, '700100000001', '20');
  await expect(line(page, '•••• 0001')).toContainText('On hold');
  await tender(page, '710100000001', '8');
  await expect(line(page, '•••• 0001').last()).toContainText('Approved');
  await tenderExternal(page, '32');
  await completeSale(page);
  const reference = await receiptReference(page);

  await goTo(page, 'Returns');
  await scanReceipt(page, reference);
  await expect(page.getByRole('row', { name: /Gift card •••• 0001/ })).toContainText('€20.00€0.00€20.00');
  await expect(page.getByLabel('Amount to give back (EUR)')).toHaveValue('60.00');
  await giveBack(page);
  await managerUnlocks(page); // above the manager's amount (€50.00 by default)
  await page.getByRole('button', { name: 'Give back' }).click();
  const ways = page.getByRole('list', { name: 'How the money goes back' }).getByRole('listitem');
  await expect(ways).toHaveText([
    /Loyalty payment voided \(•••• 0001\).*€8\.00.*done/,
    /New store credit.*€20\.00.*done.*7201 0000 0002/,
    /Give back at the drawer: Cash.*€32\.00.*done/,
  ]);
  const s = await state(loyaltyServer);
  expect(s.loyaltyPayments.map((p) => p.voided)).toEqual([true]);
  expect(net(s, '710100000001')).toBe(120);
  expect((await storeCredits(loyaltyServer)).map((i) => i.amountNet)).toEqual([20]);
  await page.screenshot({ path: 'test-results/screens/return-done.png', fullPage: true });

  await goTo(page, 'Journal');
  await managerUnlocks(page);
  await expect(page.getByRole('row', { name: /Store credit · return/ })).toContainText(reference);
});

test('a gift card payment returned across two visits, then nothing is left; more than is left is refused', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  const reference = await soldWithGiftCard(page, '20');
  await goTo(page, 'Returns');
  await scanReceipt(page, reference);
  await giveBack(page, '25');
  await expect(page.getByRole('alert')).toContainText('More than can still be given back (€20.00)');
  expect(await storeCredits(loyaltyServer)).toEqual([]);

  await giveBack(page, '12');
  await expect(page.getByRole('list', { name: 'How the money goes back' })).toContainText('done');
  await page.getByRole('button', { name: 'Next return' }).click();

  await page.getByLabel('Receipt reference').fill(reference);
  await page.getByRole('button', { name: 'Find sale' }).click();
  await expect(page.getByRole('row', { name: /Gift card •••• 0001/ })).toContainText('€20.00€12.00€8.00');
  await expect(page.getByLabel('Amount to give back (EUR)')).toHaveValue('8.00');
  await giveBack(page);
  await expect(page.getByRole('list', { name: 'How the money goes back' })).toContainText('done');
  await page.getByRole('button', { name: 'Next return' }).click();
  await page.getByLabel('Receipt reference').fill(reference);
  await page.getByRole('button', { name: 'Find sale' }).click();
  await expect(page.getByRole('alert')).toContainText('has already been given back');
  expect((await storeCredits(loyaltyServer)).map((i) => i.amountNet).sort()).toEqual([12, 8].sort());
});

test('a sale’s returns add up against the manager’s amount: €30.00 twice asks for the PIN the second time', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '60');
  await tenderExternal(page, '60');
  await completeSale(page);
  const reference = await receiptReference(page);
  await goTo(page, 'Returns');
  await scanReceipt(page, reference);
  await giveBack(page, '30'); // €30.00 of €50.00: the cashier's own
  const ways = page.getByRole('list', { name: 'How the money goes back' });
  await expect(ways).toContainText('done');
  await page.getByRole('button', { name: 'Next return' }).click();
  await scanReceipt(page, reference);
  await giveBack(page, '30'); // €60.00 of this sale given back in all: the manager's
  await expect(ways).toHaveCount(0);
  await managerUnlocks(page);
  await page.getByRole('button', { name: 'Give back' }).click();
  await expect(ways).toContainText('done');
});

test('two windows giving back €12.00 and €40.00 of one sale: the second is past the manager’s amount, and is not given without the PIN', async ({
  page,
  context,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '60');
  await tenderExternal(page, '60');
  await completeSale(page);
  const reference = await receiptReference(page);
  const other = await context.newPage();
  await other.goto('/');
  for (const p of [page, other]) {
    await goTo(p, 'Returns');
    await scanReceipt(p, reference); // both find the sale with nothing given back yet
  }
  const ways = (p: Page) => p.getByRole('list', { name: 'How the money goes back' });
  await giveBack(other, '12');
  await expect(ways(other)).toContainText('done');
  await giveBack(page, '40'); // €40.00 on this screen, €52.00 of the sale in all: the manager's
  await expect(page.getByText('Another return of this sale was given back meanwhile')).toBeVisible();
  await expect(ways(page)).toHaveCount(0);
  // The sale found again keeps what the cashier typed for the customer, not the €48.00 now left.
  await expect(page.getByLabel('Amount to give back (EUR)')).toHaveValue('40');
  await page.getByRole('button', { name: 'Give back' }).click();
  await managerUnlocks(page);
  await page.getByRole('button', { name: 'Yes, give back €40.00' }).click();
  await expect(ways(page)).toContainText('done');
});

test('a double click on "Give back" gives back once', async ({ page, loyaltyServer }) => {
  await openLiveTerminal(page, loyaltyServer);
  const reference = await soldWithGiftCard(page, '10');
  await goTo(page, 'Returns');
  await scanReceipt(page, reference);
  await page.getByRole('button', { name: 'Give back' }).dblclick();
  await expect(page.getByRole('list', { name: 'How the money goes back' })).toContainText('done');
  expect((await storeCredits(loyaltyServer)).map((i) => i.amountNet)).toEqual([10]);
});

test('two windows returning the same sale at once: one gives back, the other is told, nothing twice', async ({
  page,
  context,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  const reference = await soldWithGiftCard(page, '20');
  const other = await context.newPage();
  await other.goto('/');
  for (const p of [page, other]) {
    await goTo(p, 'Returns');
    await scanReceipt(p, reference);
    await p.getByLabel('Amount to give back (EUR)').fill('15');
  }
  await Promise.all([
    page.getByRole('button', { name: 'Give back' }).click(),
    other.getByRole('button', { name: 'Give back' }).click(),
  ]);
  const told = async () =>
    (await page.getByText('More than can still be given back').count()) +
    (await other.getByText('More than can still be given back').count());
  await expect.poll(told).toBe(1);
  await expect.poll(async () => (await storeCredits(loyaltyServer)).map((i) => i.amountNet)).toEqual([15]);
});

test('the return desk, looked at on a tablet both ways and a phone', async ({ page, loyaltyServer }) => {
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '30');
  await tender(page, '710100000001', '8');
  await expect(line(page, '•••• 0001')).toContainText('Approved');
  await tenderExternal(page, '22');
  await completeSale(page);
  const reference = await receiptReference(page);
  await goTo(page, 'Returns');
  await scanReceipt(page, reference);
  for (const [name, width, height] of [
    ['portrait', 768, 1024],
    ['landscape', 1024, 768],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole('button', { name: 'Give back' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `test-results/screens/return-${name}.png`, fullPage: true });
  }
});

test('a manager finds the sale in the journal by its day, amount and a card’s last four, and takes it back from there', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  const reference = await soldWithGiftCard(page, '14');
  await goTo(page, 'Journal');
  await managerUnlocks(page);
  // What cannot be read is refused beside its field: the whole day is not listed as if it matched.
  await page.getByLabel('Amount (EUR), if known').fill('1,400');
  await page.getByLabel('Last four digits of a card, if known').fill('001');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Did you mean €1.40 or €1,400.00?')).toBeVisible();
  await expect(page.getByText('Enter the last four digits, or leave it empty.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sales found' })).toHaveCount(0);
  await page.getByLabel('Last four digits of a card, if known').fill('');
  await page.getByLabel('Amount (EUR), if known').fill('14');
  const last4 = page.getByLabel('Last four digits of a card, if known');
  await last4.pressSequentially('00x01'); // a key that is not a digit is refused as it is typed
  await expect(last4).toHaveValue('0001');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const found = page.getByRole('list', { name: 'Sales found' }).getByRole('listitem');
  await expect(found).toHaveCount(1);
  await found.getByRole('button', { name: `Return sale ${reference}` }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Sale ${reference}`) })).toBeVisible();
  await giveBack(page);
  await expect(page.getByRole('list', { name: 'How the money goes back' })).toContainText('done');
  expect((await storeCredits(loyaltyServer)).map((i) => i.amountNet)).toEqual([14]);
});

test('bad input gets words and gives nothing back: unknown or open receipt, zero, negative, too many decimals', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await page.addInitScript(() => (window.print = () => undefined));
  await page.evaluate(() => (window.print = () => undefined));
  await startSale(page, '9');
  await tender(page, '700100000001', '9');
  await expect(line(page, '•••• 0001')).toContainText('On hold');
  // The tender slip of a sale still open carries its receipt's barcode too.
  await page.getByRole('button', { name: /^Print slip for/ }).click();
  const label = await page
    .getByRole('img', { name: /^Receipt S[0-9A-F]{12}$/, includeHidden: true })
    .first()
    .getAttribute('aria-label');
  const open = (label ?? '').replace('Receipt ', '');

  await goTo(page, 'Returns');
  await page.getByLabel('Receipt reference').fill('S000000000000');
  await page.getByRole('button', { name: 'Find sale' }).click();
  await expect(page.getByRole('alert')).toContainText('No sale with receipt S000000000000 on this terminal');
  await page.getByLabel('Receipt reference').fill(open);
  await page.getByRole('button', { name: 'Find sale' }).click();
  await expect(page.getByRole('alert')).toContainText(`Sale ${open} is not completed`);

  await goTo(page, 'Sale');
  await completeSale(page);
  await goTo(page, 'Returns');
  await page.getByLabel('Receipt reference').fill(open.toLowerCase());
  await page.getByRole('button', { name: 'Find sale' }).click();
  for (const [typed, words] of [
    ['0', 'The amount must be more than zero.'],
    ['abc', 'Enter an amount like 12.50.'],
    ['-5', 'The amount must be more than zero.'],
    ['1.234', 'Too many decimals for this currency.'],
  ] as const) {
    await giveBack(page, typed);
    await expect(page.getByText(words)).toBeVisible();
    await page.getByLabel('Amount to give back (EUR)').fill(''); // the words go with the next keystroke
    await expect(page.getByText(words)).toHaveCount(0);
  }
  expect(await storeCredits(loyaltyServer)).toEqual([]);
});
