import { type Page } from '@playwright/test';
import { expect, test } from './support/project';
import {
  completeSale,
  line,
  startSale,
  tender,
  expectAvailable,
  goTo,
  keyNumber,
  openTerminal,
  sellGiftCard,
} from '@loyalty-terminal/playwright/steps';

// Training mode: the simulator runs in the page, and the trainer sets its faults from the Training screen.
test.beforeEach(async ({ page }) => {
  await openTerminal(page);
});

async function failNext(page: Page, target: string, fault: string, times = '1 time') {
  await goTo(page, 'Training');
  const group = page.getByRole('group', { name: 'Make the next requests fail' });
  await group.getByLabel('Which requests').selectOption({ label: target });
  await group.getByLabel('How they fail').selectOption({ label: fault });
  await group.getByLabel('How many times').selectOption({ label: times });
  await group.getByRole('button', { name: 'Set failure' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `of the kind “${target}” will fail: ${fault}.` }),
  ).toBeVisible();
}

async function balanceOf(page: Page, number: string, available: string) {
  await goTo(page, 'Card lookup');
  await keyNumber(page, number);
  await expectAvailable(page, available);
}

test('a lookup fault reaches the cashier past the quiet retry, and nothing else fails', async ({ page }) => {
  await failNext(page, 'card lookup', 'Unavailable (503)');
  await goTo(page, 'Card lookup');
  await keyNumber(page, '700100000001');
  await expect(page.getByRole('alert')).toHaveText(/The Loyalty server is unavailable right now/);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectAvailable(page, '€50.00');
});

test('a lost answer to a loyalty payment: the terminal asks again and the card pays once', async ({ page }) => {
  await failNext(page, 'payment', 'Lost answer (applied, then dropped)');
  await goTo(page, 'Sale');
  await startSale(page, '10');
  await tender(page, '710100000001', '10');
  await expect(line(page, 'Loyalty card •••• 0001')).toContainText('Approved');
  await completeSale(page);
  await balanceOf(page, '710100000001', '€110.00');
});

test('a payment that fails twice is shown unknown, then resolved by the same request', async ({ page }) => {
  await failNext(page, 'payment', 'Server error (500)', '2 times');
  await goTo(page, 'Sale');
  await startSale(page, '20');
  await tender(page, '700100000001', '20');
  await expect(line(page, 'Gift card •••• 0001')).toContainText('No answer: the outcome is unknown.');
  await expect(line(page, 'Gift card •••• 0001')).toContainText(/On hold · authorization/, { timeout: 15_000 });
  await completeSale(page);
  await balanceOf(page, '700100000001', '€30.00');
});

test('a lost commit: the sale completes once the commit lands, and the card is charged once', async ({ page }) => {
  await failNext(page, 'commit (completing a sale)', 'Lost answer (applied, then dropped)');
  await goTo(page, 'Sale');
  await startSale(page, '30');
  await tender(page, '700100000001', '30');
  await expect(line(page, 'Gift card •••• 0001')).toContainText(/On hold/);
  await completeSale(page);
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText(
    /Gift card •••• 0001\s*€30.00 · Paid · authorization/,
  );
  await balanceOf(page, '700100000001', '€20.00');
});

test('a lost answer to an issue: resolved by the same request, the card issued once', async ({ page }) => {
  await failNext(page, 'issue of a card', 'Lost answer (applied, then dropped)');
  // Lookups go through: the fault waits for an issue.
  await balanceOf(page, '700100000003', '€0.00');
  await sellGiftCard(page, '700100000003', '20');
  await expect(page.getByText(/the outcome is unknown/)).toBeVisible();
  await page.getByRole('button', { name: 'Resolve now' }).click();
  await expect(page.getByText('Gift card issued')).toBeVisible({ timeout: 15_000 });
  await balanceOf(page, '700100000003', '€20.00');
});

test('German: scenario labels and fault choices in the terminal language', async ({ page }) => {
  await goTo(page, 'Settings');
  await page.getByLabel('Language and formats').selectOption('de-DE');
  await page.getByRole('navigation').getByRole('button', { name: 'Schulung' }).click();
  await expect(page.getByRole('button', { name: 'Geschenkkarte, ausgegeben, 50,00 € abfragen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kundenkarte, Storniert abfragen' })).toBeVisible();
  const group = page.getByRole('group', { name: 'Nächste Anfragen fehlschlagen lassen' });
  await group.getByLabel('Welche Anfragen').selectOption({ label: 'Buchung (Verkauf abschließen)' });
  await expect(group.getByText('Verkauf abschließen: Die Buchung')).toBeVisible();
  await group.getByRole('button', { name: 'Fehler setzen' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: 'Die nächste Anfrage der Art „Buchung (Verkauf abschließen)“ schlägt fehl: Serverfehler (500).',
    }),
  ).toBeVisible();
});
