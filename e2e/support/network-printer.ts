import { expect, type Page } from '@playwright/test';
import { goTo } from '@loyalty-terminal/playwright/steps';

/**
 * The manager's steps for a network receipt printer, by role and label (what a person reads), for
 * any suite that drives the terminal: Settings → Receipt printer → a network printer, its address
 * and time, saved, and the paper. The printer itself: startEposPrinter (./epos-printer.ts).
 */
export async function chooseNetworkPrinter(
  page: Page,
  address: string,
  { paper = '80 mm (48 characters)', timeoutSeconds = 2 }: { paper?: string; timeoutSeconds?: number } = {},
) {
  await goTo(page, 'Settings');
  await page.getByLabel('Print slips with').selectOption({ label: 'A network printer (Epson ePOS-Print)' });
  await page.getByLabel('Paper width').selectOption({ label: paper });
  await page.getByLabel('Printer address').fill(address);
  await page.getByLabel('Time the printer has for a slip (seconds)').fill(String(timeoutSeconds));
  await page.getByRole('button', { name: 'Save network printer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Network printer saved.' })).toBeVisible();
}

/**
 * The browser's print dialog, counted instead of opened (a headless browser has none to show).
 * Before the page loads: every window.print() from then on is one more.
 */
export async function countPrintDialogs(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __printDialogs: number };
    w.__printDialogs = 0;
    window.print = () => void (w.__printDialogs += 1);
  });
}

export const printDialogs = (page: Page) =>
  page.evaluate(() => (window as unknown as { __printDialogs: number }).__printDialogs);

/** What the terminal says a network printer did: one of its notices at the foot of the screen. */
export const printerSays = (page: Page, words: string | RegExp) =>
  page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: words });
