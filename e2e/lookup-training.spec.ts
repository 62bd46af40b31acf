import { expect, test } from './support/project';
import {
  availableAmount,
  expectAvailable,
  goTo,
  instrumentPanel,
  keyNumber,
  managerUnlocks,
  openTerminal,
  scan,
} from '@loyalty-terminal/playwright/steps';

test.beforeEach(async ({ page }) => {
  await openTerminal(page);
});

test('starts in training mode, marked on the screen', async ({ page }) => {
  await expect(page.getByText('TRAINING — simulated server, no real money')).toBeVisible();
  await goTo(page, 'Settings');
  await expect(page.getByText('TRAINING — simulated server, no real money')).toBeVisible();
});

test('a scanned gift card shows its account, available first, in the currency format', async ({ page }) => {
  await scan(page, '700100000001');
  const panel = instrumentPanel(page);
  await expect(panel.getByRole('heading')).toHaveText('Gift card 7001 0000 0001');
  await expect(panel.getByText('Status: Issued')).toBeVisible();
  await expectAvailable(page, '€50.00');
  await expect(panel.getByRole('definition').filter({ hasText: 'Ada Lovelace' })).toBeVisible();
  await expect(panel.getByLabel('Expires', { exact: true })).toHaveText('1 Jan 2099, 00:00');
});

test('with the browser offline (a tablet whose Wi-Fi dropped), a scan is still read: training’s server is in the page', async ({
  page,
  context,
}) => {
  await goTo(page, 'Card lookup');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeVisible();
  await context.setOffline(true);
  await scan(page, '700100000001');
  await expectAvailable(page, '€50.00');
  await context.setOffline(false);
});

test('a swiped card (track 2) is read like a scanned one', async ({ page }) => {
  await scan(page, ';720100000001=2710?');
  await expect(instrumentPanel(page).getByRole('heading')).toHaveText('Store credit 7201 0000 0001');
  await expectAvailable(page, '€30.00');
  await expect(instrumentPanel(page).getByText('Alan Turing')).toBeVisible();
});

for (const [number, heading, status, available, note] of [
  ['700100000002', 'Gift card 7001 0000 0002', 'Issued', '€0.00', null],
  ['700100000003', 'Gift card 7001 0000 0003', 'Not issued', '€0.00', 'This card has not been issued: it cannot pay.'],
  ['700100000006', 'Gift card 7001 0000 0006', 'Expired', '€40.00', 'This card has expired: it cannot pay.'],
  ['700100000008', 'Gift card 7001 0000 0008', 'Issued', '€30.00', 'This card is not valid yet.'],
  ['710100000001', 'Loyalty card 7101 0000 0001', 'Open', '€120.00', null],
  ['710100000002', 'Loyalty card 7101 0000 0002', 'Open', '€5.00', null],
  ['710100000003', 'Loyalty card 7101 0000 0003', 'New', '€0.00', 'This loyalty card is not open: it cannot pay.'],
  ['710100000004', 'Loyalty card 7101 0000 0004', 'Closed', '€15.00', 'This loyalty card is not open: it cannot pay.'],
  ['710100000005', 'Loyalty card 7101 0000 0005', 'Canceled', '€0.00', 'This loyalty card is not open: it cannot pay.'],
] as const) {
  test(`lookup of ${heading} (${status})`, async ({ page }) => {
    await keyNumber(page, number);
    const panel = instrumentPanel(page);
    await expect(panel.getByRole('heading')).toHaveText(heading);
    await expect(panel.getByText(`Status: ${status}`)).toBeVisible();
    await expectAvailable(page, available);
    if (note) await expect(panel.getByText(note)).toBeVisible();
  });
}

test('a scenario card is one tap from the training screen', async ({ page }) => {
  await goTo(page, 'Training');
  await page.getByRole('button', { name: 'Look up Loyalty card, small balance (partial approval)' }).click();
  await expect(instrumentPanel(page).getByRole('heading')).toHaveText('Loyalty card 7101 0000 0002');
  await expectAvailable(page, '€5.00');
});

test('an unknown prefix makes the terminal ask for the kind', async ({ page }) => {
  await scan(page, '99990001');
  await expect(page.getByRole('group', { name: 'Which kind of card is 9999 0001?' })).toBeVisible();
  await page.getByRole('button', { name: 'Store credit 9999 0001' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No store credit with this number.' })).toBeVisible();
});

test('German: texts, currency and dates from Intl', async ({ page }) => {
  await goTo(page, 'Settings');
  await page.getByLabel('Language and formats').selectOption('de-DE');
  await page.getByRole('navigation').getByRole('button', { name: 'Kartenabfrage' }).click();
  await page.getByRole('textbox', { name: 'Kartennummer' }).fill('700100000001');
  await page.getByRole('button', { name: 'Abfragen', exact: true }).click();
  await expect(availableAmount(instrumentPanel(page))).toHaveText('50,00 €');
  await expect(page.getByText('SCHULUNG — simulierter Server, kein echtes Geld')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('someone guessing card numbers: lookups pause after the limit, in words, until a manager lifts it', async ({
  page,
}) => {
  for (let n = 1; n <= 6; n += 1) {
    await keyNumber(page, `70019999999${n}`);
    await expect(page.getByRole('alert')).toContainText('with this number');
  }
  await keyNumber(page, '700100000001');
  await expect(page.getByRole('alert')).toContainText(/Lookups are paused until \d{1,2}:\d{2}/);
  await page.getByRole('button', { name: 'Lift the pause' }).click();
  await managerUnlocks(page);
  await page.getByRole('button', { name: 'Lift the pause' }).click();
  await expectAvailable(page, '€50.00');
  await goTo(page, 'Journal');
  await expect(page.getByRole('region', { name: 'Lookups paused (card-number guessing)' })).toContainText(
    'lifted by a manager',
  );
});
