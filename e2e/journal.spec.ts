import { readFileSync } from 'node:fs';
import { expect, expectAccessible, test } from './support/project';
import {
  completeSale,
  openLiveTerminal,
  setFaults,
  startSale,
  state,
  tender,
  tenderLines,
  goTo,
  resetSimulator,
  menuItem,
} from '@loyalty-terminal/playwright/steps';

test.beforeEach(async ({ page, loyaltyServer }) => {
  await page.addInitScript(() => {
    (window as unknown as { printed: string[] }).printed = [];
    window.print = () =>
      (window as unknown as { printed: string[] }).printed.push(
        document.querySelector('.print-area')?.textContent ?? '',
      );
  });
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
});

test('the journal lists every operation masked, totals the day, exports CSV and reprints issue slips', async ({
  page,
}) => {
  await startSale(page, '40');
  await tender(page, '700100000001', '30');
  await tender(page, '710100000002', '10');
  await expect(tenderLines(page).filter({ hasText: 'Approved €5.00 of €10.00' })).toBeVisible();
  await tender(page, '720100000001', '5');
  await completeSale(page);
  await goTo(page, 'Issue');
  await page.getByRole('button', { name: 'Print a new gift card' }).click();
  await page.getByLabel('Amount (EUR)').fill('50');
  await page.getByRole('button', { name: 'Issue and print gift card' }).click();
  await expect(page.getByLabel('New number', { exact: true })).toHaveText('7003 0000 0001');

  await goTo(page, 'Journal');
  const rows = page.getByRole('main').getByRole('row');
  await expect(page.getByRole('row', { name: /Gift card · commit/ })).toContainText('•••• 0001');
  await expect(page.getByRole('row', { name: /Loyalty card · payment/ })).toContainText('Approved in part €5.00');
  await expect(page.getByRole('main')).not.toContainText('700100000001');
  const totals = page.getByRole('table').first();
  await expect(totals.getByRole('row', { name: /^Gift card/ })).toContainText('€30.00€50.00');
  await expect(totals.getByRole('row', { name: /^Loyalty card/ })).toContainText('€5.00');
  await expect(totals.getByRole('row', { name: /^Store credit/ })).toContainText('€5.00');
  expect(await rows.count()).toBeGreaterThanOrEqual(7 + 2); // and the two tables' header rows
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  // UTF-8's byte order mark first (Excel reads the file as UTF-8 only with it); when it settled last.
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFtime,operator,operation,kind,number,amount,currency,reference,outcome,note,training,settledAt',
  );
  expect(csv).toContain(',Casey (c7),commit,giftCard,•••• 0001,30.00,EUR,');
  expect(csv).not.toMatch(/70010000000/);

  await page.getByRole('button', { name: 'Reprint slip for •••• 0001' }).first().click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.at(-1) ?? ''))
    .toContain('7003 0000 0001');
});

test('an issue whose answer was lost before a reload is resolved in the background: one card', async ({
  page,
  loyaltyServer,
}) => {
  await goTo(page, 'Issue');
  await page.getByRole('button', { name: 'Issue store credit' }).click();
  await page.getByLabel('Amount (EUR)').fill('12');
  await setFaults(loyaltyServer, { next: { count: 100, kind: 'drop', path: '/storecredits/_issue' } });
  await page.getByRole('button', { name: 'Issue store credit' }).last().click();
  await expect(page.getByText(/the outcome is unknown/)).toBeVisible();
  await page.reload();
  await setFaults(loyaltyServer, {});
  await goTo(page, 'Journal');
  await expect(page.getByRole('row', { name: /Store credit · issue by series/ })).toContainText('Done', {
    timeout: 15_000,
  });
  const created = (await state(loyaltyServer)).instruments.filter(
    (i) => i.number.startsWith('7201') && i.number !== '720100000001',
  );
  expect(created).toEqual([expect.objectContaining({ number: '720100000002', amountNet: 12 })]);
});

test('the X report: the day so far per kind, a voided sale, what is not settled listed apart, printed', async ({
  page,
  loyaltyServer,
}) => {
  await startSale(page, '20');
  await tender(page, '700100000001', '20');
  await expect(tenderLines(page).first()).toContainText('On hold');
  await completeSale(page);
  await page.getByRole('button', { name: 'Next sale' }).click();
  await startSale(page, '12');
  await page.getByRole('button', { name: 'Void sale' }).click();
  await page.getByRole('button', { name: 'Yes, void the sale' }).click();
  await page.getByRole('button', { name: 'Next sale' }).click();
  await startSale(page, '9');
  await setFaults(loyaltyServer, { next: { count: 100, kind: 'unavailable', path: '/_pay' } });
  await tender(page, '710100000002', '5');
  await goTo(page, 'Issue');
  await page.getByRole('button', { name: 'Issue store credit' }).click();
  await page.getByLabel('Amount (EUR)').fill('15');
  await page.getByRole('button', { name: 'Issue store credit' }).last().click();
  await expect(page.getByLabel('New number', { exact: true })).toBeVisible();

  await goTo(page, 'Journal');
  const report = page.getByRole('region', { name: 'X report: the day so far' });
  // Read when the manager asks for it (the journal opens without reading the whole day).
  await report.getByRole('button', { name: 'Show the X report (the day so far)' }).click();
  // One row per line of the report, one column per kind (gift card, loyalty card, store credit).
  await expect(report.getByRole('row', { name: /^Paid with it/ })).toContainText('1 · €20.00');
  await expect(report.getByRole('row', { name: /^Sold or issued/ })).toContainText('1 · €15.00');
  await expect(report).toContainText('Voided sales: 1 · €12.00');
  await expect(report.getByRole('status')).toContainText('1 operation is not settled yet');
  await report.getByRole('button', { name: 'Print X report' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.at(-1) ?? ''))
    .toContain('Gift card: Paid with it (1)');

  // Closing the day with an operation still unknown: asked, then carried into the next day, named.
  await report.getByRole('button', { name: 'Close the day (Z report)' }).click();
  await expect(report.getByRole('alertdialog')).toContainText('1 operation is not settled');
  await report.getByRole('button', { name: 'Close anyway, carry them' }).click();
  await expect(report.getByRole('list', { name: 'Days closed' })).toContainText(/Z 1 · closed .* · 1 carried/);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.at(-1) ?? ''))
    .toContain('Z report 1: day closed');
  // The next day starts at zero; what was carried is still named.
  await expect(report.getByRole('row', { name: /^Paid with it/ })).not.toContainText('€20.00');
  await expect(report.getByRole('row', { name: /^Sold or issued/ })).not.toContainText('€15.00');
  await expect(report).toContainText('Voided sales: 0 · €0.00');
  await expect(report.getByRole('status')).toContainText('1 operation is not settled yet');
  await setFaults(loyaltyServer, {});
});

test('signing off offers the cashier their X report', async ({ page }) => {
  await startSale(page, '20');
  await tender(page, '700100000001', '20');
  await expect(tenderLines(page).first()).toContainText('On hold');
  await completeSale(page);
  await menuItem(page, 'Sign off').click();
  await expect(page.getByRole('alertdialog')).toContainText('Sign off Casey (c7)?');
  await page.getByRole('button', { name: 'Print my X report and sign off' }).click();
  await expect(page.getByRole('heading', { name: 'Sign on' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed.at(-1) ?? ''))
    .toContain('X report: Casey (c7)');
  const printed = await page.evaluate(() => (window as unknown as { printed: string[] }).printed.at(-1) ?? '');
  expect(printed).toContain('Gift card: Paid with it (1)');
});
