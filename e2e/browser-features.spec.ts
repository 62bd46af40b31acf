import { type Page } from '@playwright/test';
import { browserReports } from './support/browser-report';
import { expect, test } from './support/project';
import { cashierSignedOn, goTo, managerUnlocks } from '@loyalty-terminal/playwright/steps';

/**
 * Each engine says what it lacks, found by detection: Chromium is made to report what an iPad's
 * Safari tab, an installed home-screen app, WebKitGTK or a browser without WebUSB and Web Serial
 * would (e2e/support/browser-report.ts), and the terminal decides what to offer and what to say.
 */
const HOME_SCREEN_NOTICE =
  'Add the terminal to the home screen: this browser may delete its records after seven days without use';
const RECORDS_AT_RISK =
  /Add the terminal to the home screen: this browser may delete its records after seven days without use\. On an iPad: Share, then Add to Home Screen/;
const RECORDS_INSTALLED =
  'The terminal runs from the home screen: this browser keeps its records and does not delete them for lack of use.';

async function open(page: Page) {
  await cashierSignedOn(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible();
}

/** What the Records panel says about the browser keeping them (its first paragraph's words). */
const records = (page: Page) => page.getByRole('region', { name: 'Records on this device' });

test('an iPad Safari tab that did not promise to keep the records: the header and the Records panel say to add the terminal to the home screen, and why', async ({
  page,
}) => {
  await browserReports(page, { iosStandalone: false, persist: 'refused' });
  await open(page);
  const notice = page.getByRole('banner').getByRole('button', { name: HOME_SCREEN_NOTICE });
  await expect(notice).toBeVisible();
  await notice.click();
  await managerUnlocks(page);
  await expect(records(page).getByText(RECORDS_AT_RISK)).toBeVisible();
});

test('WebKitGTK (no storage manager to ask): the same notice, since no promise can come', async ({ page }) => {
  await browserReports(page, { persist: 'absent' });
  await open(page);
  await expect(page.getByRole('banner').getByRole('button', { name: HOME_SCREEN_NOTICE })).toBeVisible();
  await goTo(page, 'Settings');
  await expect(records(page).getByText(RECORDS_AT_RISK)).toBeVisible();
});

test('opened from the home screen (display-mode standalone): the records are kept, and the header says nothing', async ({
  page,
}) => {
  await browserReports(page, { iosStandalone: true, homeScreen: true, persist: 'refused' });
  await open(page);
  await goTo(page, 'Settings');
  await expect(records(page).getByText(RECORDS_INSTALLED)).toBeVisible();
  await expect(records(page).getByText(RECORDS_AT_RISK)).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: HOME_SCREEN_NOTICE })).toHaveCount(0);
});

test('Chromium as it is (no promise yet, no home-screen mode of WebKit’s kind): no seven-day notice', async ({
  page,
}) => {
  await open(page);
  await goTo(page, 'Settings');
  await expect(
    records(page).getByText(/The browser may clear these records when the device runs short of space/),
  ).toBeVisible();
  await expect(records(page).getByText(RECORDS_AT_RISK)).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: HOME_SCREEN_NOTICE })).toHaveCount(0);
});

test('Settings offers USB and serial printers only where the browser has them, and says which printers it can reach', async ({
  page,
}) => {
  await open(page);
  await goTo(page, 'Settings');
  const kinds = page.getByLabel('Print slips with').getByRole('option');
  await expect(kinds).toHaveText([
    "The browser's print dialog",
    'A network printer (Epson ePOS-Print)',
    'A USB receipt printer (ESC/POS)',
    'A serial or Bluetooth receipt printer (ESC/POS)',
  ]);
  await expect(
    page.getByText(
      'This browser can print through: the print dialog, a network printer (Epson ePOS), a USB printer and a serial or Bluetooth printer.',
    ),
  ).toBeVisible();

  // A browser without WebUSB and Web Serial (Firefox, Safari), reported by the browser itself.
  await browserReports(page, { usb: false, serial: false });
  await page.reload();
  await goTo(page, 'Settings');
  await expect(kinds).toHaveText(["The browser's print dialog", 'A network printer (Epson ePOS-Print)']);
  await expect(
    page.getByText('This browser can print through: the print dialog and a network printer (Epson ePOS).'),
  ).toBeVisible();
  await expect(page.getByText('USB and serial printers need WebUSB or Web Serial')).toBeVisible();
});

test('the menu offers the camera only where the scanner can run (a camera and a barcode reader)', async ({ page }) => {
  await open(page);
  const menu = page.getByRole('banner');
  await goTo(page, 'Card lookup');
  await menu.getByRole('button', { name: /Menu/ }).click();
  await expect(menu.getByRole('button', { name: 'Scan with camera' })).toBeVisible();

  // No WebAssembly and no Barcode Detection API (Chromium on Linux has none): nothing could read a barcode.
  await browserReports(page, { webAssembly: false });
  await page.reload();
  await goTo(page, 'Card lookup');
  await menu.getByRole('button', { name: /Menu/ }).click();
  await expect(menu.getByRole('button', { name: 'Customer display' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Scan with camera' })).toHaveCount(0);
});
