import { expect, expectAccessible, test } from './support/project';
import {
  completeSale,
  expectRemaining,
  line,
  net,
  openLiveTerminal,
  spendElsewhere,
  startSale,
  state,
  tender,
  tenderExternal,
  voidSale,
  tenderLines,
  resetSimulator,
} from '@loyalty-terminal/playwright/steps';

test.beforeEach(async ({ page, loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
});

test('a sale paid by one gift card: hold, then commit on completion', async ({ page, loyaltyServer }) => {
  await startSale(page, '30');
  await tender(page, '700100000001');
  await expect(line(page, 'Gift card •••• 0001')).toContainText(/On hold · authorization [A-Z0-9]+/);
  await expectRemaining(page, '€0.00');
  expect((await state(loyaltyServer)).authorizations[0]).toMatchObject({ status: 'pending', amount: 30 });
  await completeSale(page);
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText(
    /Gift card •••• 0001\s*€30.00 · Paid · authorization/,
  );
  const after = await state(loyaltyServer);
  expect(after.authorizations).toEqual([
    expect.objectContaining({ instrumentId: '700100000001', amount: 30, status: 'committed' }),
  ]);
  expect(net(after, '700100000001')).toBe(20);
});

test('the amount offered is the smaller of what is due and what the card has', async ({ page }) => {
  await startSale(page, '80');
  await page.getByRole('heading', { name: 'Pay with a card' }).click();
  await page.keyboard.type('720100000001');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Amount to take from this card')).toHaveValue('30.00');
  await page.getByLabel('Amount to take from this card').fill('30.01');
  await page.getByRole('button', { name: /^Take / }).click();
  await expect(page.getByText('More than this card has available.')).toBeVisible();
  await page.getByLabel('Amount to take from this card').fill('12.345');
  await page.getByRole('button', { name: /^Take / }).click();
  await expect(page.getByText('Too many decimals for this currency.')).toBeVisible();
  await page.getByLabel('Amount to take from this card').fill('0');
  await page.getByRole('button', { name: /^Take / }).click();
  await expect(page.getByText('The amount must be more than zero.')).toBeVisible();
  await expect(tenderLines(page)).toHaveCount(0);
});

test('split across gift card, store credit, a partially approved loyalty card and cash', async ({
  page,
  loyaltyServer,
}) => {
  await startSale(page, '200');
  await tender(page, '700100000001');
  await expectRemaining(page, '€150.00');
  await tender(page, '720100000001');
  await expectRemaining(page, '€120.00');
  await tender(page, '710100000002', '20');
  await expect(line(page, 'Loyalty card •••• 0002')).toContainText('Approved €5.00 of €20.00');
  await expectRemaining(page, '€115.00');
  await expect(page.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
  await tenderExternal(page);
  await expect(line(page, 'Cash')).toContainText('€115.00');
  await expectRemaining(page, '€0.00');
  await expectAccessible(page);
  await completeSale(page);
  const after = await state(loyaltyServer);
  expect(after.authorizations.map((a) => [a.instrumentId, a.amount, a.status]).sort()).toEqual([
    ['700100000001', 50, 'committed'],
    ['720100000001', 30, 'committed'],
  ]);
  expect(after.authorizations.filter((a) => a.status === 'pending')).toEqual([]);
  expect(after.loyaltyPayments).toEqual([
    expect.objectContaining({
      loyaltyCardId: '710100000002',
      approvedAmount: 5,
      result: 'partiallyApproved',
      voided: false,
    }),
  ]);
  expect([net(after, '700100000001'), net(after, '720100000001'), net(after, '710100000002')]).toEqual([0, 0, 0]);
});

test('voiding a sale cancels every hold and voids the loyalty payment', async ({ page, loyaltyServer }) => {
  await startSale(page, '100');
  await tender(page, '700100000001', '40');
  await tender(page, '710100000001', '25');
  await expect(line(page, 'Loyalty card •••• 0001')).toContainText('Approved');
  await voidSale(page);
  const after = await state(loyaltyServer);
  expect(after.authorizations).toEqual([expect.objectContaining({ status: 'canceled', amount: 40 })]);
  expect(after.loyaltyPayments).toEqual([expect.objectContaining({ approvedAmount: 25, voided: true })]);
  expect([net(after, '700100000001'), net(after, '710100000001')]).toEqual([50, 120]);
  await page.getByRole('button', { name: 'Next sale' }).click();
  await expect(page.getByLabel(/Amount due/)).toBeVisible();
});

test('removing a line before completion releases its money', async ({ page, loyaltyServer }) => {
  await startSale(page, '60');
  await tender(page, '700100000001', '35');
  await expectRemaining(page, '€25.00');
  await page.getByRole('button', { name: 'Remove Gift card •••• 0001' }).click();
  await expect(line(page, 'Gift card •••• 0001')).toHaveCount(0);
  await expectRemaining(page, '€60.00');
  expect((await state(loyaltyServer)).authorizations).toEqual([expect.objectContaining({ status: 'canceled' })]);
  await tender(page, '700100000007');
  await completeSale(page);
  const after = await state(loyaltyServer);
  expect(after.authorizations.map((a) => [a.instrumentId, a.status])).toEqual([
    ['700100000001', 'canceled'],
    ['700100000007', 'committed'],
  ]);
  expect(net(after, '700100000001')).toBe(50);
});

test('insufficient funds, expired and not issued cards are refused in words', async ({ page, loyaltyServer }) => {
  await startSale(page, '45');
  await page.getByRole('heading', { name: 'Pay with a card' }).click();
  await page.keyboard.type('700100000001');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Amount to take from this card')).toHaveValue('45.00');
  await spendElsewhere(loyaltyServer, '700100000001', 20);
  await page.getByRole('button', { name: /^Take / }).click();
  await expect(line(page, 'Gift card •••• 0001')).toContainText('Refused: not enough on the card (available €30.00).');
  await expectRemaining(page, '€45.00');
  for (const [number, words] of [
    ['700100000006', 'This card has expired: it cannot pay.'],
    ['700100000003', 'This card has not been issued: it cannot pay.'],
    ['710100000004', 'This loyalty card is not open: it cannot pay.'],
  ] as const) {
    await page.getByRole('textbox', { name: 'Card number' }).fill(number);
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: words })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Take / })).toHaveCount(0);
  }
  expect((await state(loyaltyServer)).authorizations).toHaveLength(1); // only the other till's
});

test('a denied loyalty payment shows the reason and leaves the amount due', async ({ page, loyaltyServer }) => {
  await startSale(page, '10');
  await tender(page, '710100000006', '10');
  await expect(line(page, 'Loyalty card •••• 0006')).toContainText('Denied: no balance left on the card.');
  await expectRemaining(page, '€10.00');
  expect((await state(loyaltyServer)).loyaltyPayments).toEqual([
    expect.objectContaining({ result: 'denied', approvedAmount: 0 }),
  ]);
  await page.getByRole('button', { name: 'Remove Loyalty card •••• 0006' }).click();
  await expect(tenderLines(page)).toHaveCount(0);
});

test('a sale completed with the keyboard alone', async ({ page, loyaltyServer }) => {
  await page.keyboard.type('12.5');
  await page.keyboard.press('Enter');
  await page.keyboard.type('700100000007');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Amount to take from this card')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(line(page, 'Gift card •••• 0007')).toContainText('On hold');
  const complete = page.getByRole('button', { name: 'Complete sale' });
  for (let i = 0; i < 12 && !(await complete.evaluate((el) => el === document.activeElement)); i += 1)
    await page.keyboard.press('Tab');
  await expect(complete).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Sale completed' })).toBeVisible();
  expect((await state(loyaltyServer)).authorizations[0]).toMatchObject({ amount: 12.5, status: 'committed' });
});
