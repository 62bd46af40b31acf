import { type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/project';
import {
  completeSale,
  line,
  startSale,
  tender,
  tenderExternal,
  cashierSignedOn,
  expectAvailable,
  goTo,
  keyNumber,
} from '@loyalty-terminal/playwright/steps';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { printed: string[] }).printed = [];
    window.print = () =>
      (window as unknown as { printed: string[] }).printed.push(
        document.querySelector('.print-area')?.textContent ?? '',
      );
  });
  await cashierSignedOn(page);
  await page.goto('/');
});

const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: string[] }).printed);

test('a training sale prints slips that say TRAINING and show only the last four digits', async ({ page }) => {
  await expect(page.getByText('TRAINING — simulated server, no real money')).toBeVisible();
  await startSale(page, '60');
  await tender(page, '700100000001', '45');
  await tender(page, '710100000002', '10');
  await expect(line(page, 'Loyalty card •••• 0002')).toContainText('Approved €5.00 of €10.00');
  await expectAccessible(page);

  await line(page, 'Gift card •••• 0001').getByRole('button', { name: 'Print slip for Gift card •••• 0001' }).click();
  await expect.poll(() => printed(page)).toHaveLength(1);
  const [giftSlip] = await printed(page);
  expect(giftSlip).toContain('TRAINING — NOT A REAL PAYMENT');
  expect(giftSlip).toContain('Gift card •••• 0001');
  expect(giftSlip).not.toContain('700100000001');
  expect(giftSlip).toMatch(/Amount€45\.00/);
  expect(giftSlip).toMatch(/Authorization[A-Z0-9]{8}/);
  expect(giftSlip).toMatch(/Balance left€5\.00/);

  await line(page, 'Loyalty card •••• 0002')
    .getByRole('button', { name: /Print slip/ })
    .click();
  await expect.poll(() => printed(page)).toHaveLength(2);
  expect((await printed(page))[1]).toMatch(/ResultApproved €5\.00 of €10\.00/);

  await line(page, 'Gift card •••• 0001')
    .getByRole('button', { name: /Print slip/ })
    .click();
  await expect.poll(() => printed(page)).toHaveLength(3);
  await page.emulateMedia({ media: 'print' }); // what goes on paper: the slip alone, receipt width
  await page.screenshot({ path: 'test-results/screens/tender-slip-print.png' });
  await page.emulateMedia({ media: 'screen' });

  await tenderExternal(page);
  await completeSale(page);
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('TRAINING — NOT A REAL PAYMENT');
  await page.screenshot({ path: 'test-results/screens/sale-completed.png', fullPage: true });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(async () => (await printed(page)).at(-1)).toMatch(/Receipt.*Total€60\.00/);

  // The in-page simulator took the money: the lookup reads it back.
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000001');
  await expectAvailable(page, '€5.00');

  // A reset gives the trainer a fresh server, and a fresh sale screen.
  await goTo(page, 'Sale');
  await page.getByRole('button', { name: 'Next sale' }).click();
  await startSale(page, '10');
  await goTo(page, 'Training');
  await page.getByRole('button', { name: 'Reset training data' }).click();
  await expect(page.getByText('Training data reset.')).toBeVisible();
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000001');
  await expectAvailable(page, '€50.00');
  await goTo(page, 'Sale');
  await expect(page.getByLabel(/Amount due/)).toBeVisible();
});
