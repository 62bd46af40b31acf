import { type Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/project';
import {
  completeSale,
  openLiveTerminal,
  startSale,
  tender,
  tenderExternal,
  goTo,
  openTerminal,
  resetSimulator,
  menuItem,
} from '@loyalty-terminal/playwright/steps';

const sizes = [
  { name: 'tablet-portrait', width: 768, height: 1024 },
  { name: 'tablet-landscape', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

async function shoot(page: Page, name: string) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/${name}-${size.name}.png`, fullPage: true });
  }
}

test('a display window follows the sale: amount due, each approved tender, the balance left, never a whole card number', async ({
  page,
  context,
  loyaltyServer,
}) => {
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
  const [display] = await Promise.all([context.waitForEvent('page'), menuItem(page, 'Customer display').click()]);
  await expect(display.getByText('Welcome')).toBeVisible();

  await startSale(page, '30');
  await expect(display.getByLabel('Amount due', { exact: true })).toHaveText('€30.00');
  await expect(display.getByLabel('Still to pay', { exact: true })).toContainText('€30.00');

  await tender(page, '700100000001', '20');
  const tenders = display.getByRole('list', { name: 'Payments' });
  await expect(tenders.getByRole('listitem')).toHaveText([/Gift card •••• 0001\s*€20.00\s*left on the card: €30.00/]);
  await expect(display.getByLabel('Still to pay', { exact: true })).toContainText('€10.00');
  await expect(display.locator('body')).not.toContainText('700100000001');
  await expect(display.locator('body')).not.toContainText('7001 0000');
  await expect(display.locator('body')).not.toContainText(/TRAINING/);

  await tenderExternal(page, '10');
  await expect(tenders.getByRole('listitem')).toHaveCount(2);
  await completeSale(page);
  await expect(display.getByText('Paid — thank you')).toBeVisible();
  await expectAccessible(display);
  await shoot(display, 'customer-display');

  await page.getByRole('button', { name: 'Next sale' }).click();
  await expect(display.getByText('Welcome')).toBeVisible();
});

test('a display opened by its address finds the terminal; training is marked on it', async ({ page, context }) => {
  await openTerminal(page);
  await goTo(page, 'Sale');
  await startSale(page, '12.50');
  const display = await context.newPage();
  await display.goto('/#/customer-display');
  await expect(display.getByText('TRAINING — no real money')).toBeVisible();
  await expect(display.getByLabel('Still to pay', { exact: true })).toContainText('€12.50');
});

test('turned to the customer on the same tablet, then back to the cashier', async ({ page, loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
  await page.setViewportSize({ width: 768, height: 1024 });
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '45');
  await tender(page, '710100000001', '15');
  await shoot(page, 'sale-screen');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('button', { name: 'Show to customer' }).click();
  const shown = page.getByRole('dialog', { name: 'Customer display' });
  await expect(shown.getByRole('listitem')).toHaveText([/Loyalty card •••• 0001\s*€15.00\s*left on the card: €105.00/]);
  await expect(shown.getByLabel('Still to pay', { exact: true })).toContainText('€30.00');
  await expectAccessible(page);
  await shoot(page, 'customer-overlay');
  // The customer holds the tablet: the cashier's buttons behind cannot be reached.
  // Tab goes round the dialog, or out to the browser's own controls (the page's body): never behind it.
  const focusInside = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      return focused === document.body || document.querySelector('dialog')?.contains(focused) === true;
    });
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside()).toBe(true);
  }
  await shown.getByRole('button', { name: 'Back to the cashier' }).click();
  await expect(shown).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Pay with a card' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show to customer' })).toBeFocused();
  // Escape, too, gives the tablet back to the cashier.
  await page.getByRole('button', { name: 'Show to customer' }).click();
  await expect(shown).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shown).toHaveCount(0);
});
