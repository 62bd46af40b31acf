import { type Page } from '@playwright/test';
import { startEposPrinter, type EposPrinterMode } from './support/epos-printer';
import { readEposJob } from './support/epos-xml';
import { chooseNetworkPrinter, countPrintDialogs, printDialogs, printerSays } from './support/network-printer';
import { expect, expectAccessible, test } from './support/project';
import { completeSale, startSale, tender, cashierSignedOn, goTo } from '@loyalty-terminal/playwright/steps';

/**
 * A network receipt printer (Epson ePOS-Print) in each of its outcomes, against a fake printer of
 * the test's own on 127.0.0.1 (which the page's connect-src allows): printed, refused with a code,
 * and silent. "Sent" is said only when the printer answered success; otherwise its words and the
 * browser's print dialog.
 */
let printer: Awaited<ReturnType<typeof startEposPrinter>>;

test.beforeEach(async ({ page }) => {
  printer = await startEposPrinter();
  await countPrintDialogs(page);
  await cashierSignedOn(page);
  await page.goto('/');
});

test.afterEach(async () => {
  await printer.close();
});

const SENT = 'Test slip sent to the printer.';
const TO_DIALOG = "The slip went to the browser's print dialog instead.";

/** The manager's test print, in Settings. */
const testPrint = (page: Page) => page.getByRole('button', { name: 'Test print' }).click();

test('the test slip and a sale receipt print on the network printer as ePOS-Print XML, "sent" on its success', async ({
  page,
}) => {
  await chooseNetworkPrinter(page, printer.address, { paper: '58 mm (32 characters)', timeoutSeconds: 2 });
  await expect(page.getByText('This browser can print through: the print dialog, a network printer')).toBeVisible();
  await expectAccessible(page);

  await testPrint(page);
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
  expect(printer.jobs()).toHaveLength(1);
  const [job] = printer.jobs();
  // What Epson documents and its SDK sends: POST to the service with the device and the time-out, SOAP headers.
  expect(job!.method).toBe('POST');
  const url = new URL(job!.url, printer.address);
  expect(url.pathname).toBe('/cgi-bin/epos/service.cgi');
  expect(Object.fromEntries(url.searchParams)).toEqual({ devid: 'local_printer', timeout: '2000' });
  expect(job!.headers['content-type']).toBe('text/xml; charset=utf-8');
  expect(job!.headers['soapaction']).toBe('""');
  // The page is on another origin: the browser asked first (CORS preflight), and the printer allowed it.
  expect(printer.requests[0]?.method).toBe('OPTIONS');

  const slip = readEposJob(job!.body);
  expect(slip.lines).toContain('Test print');
  expect(slip.lines.find((l) => l.startsWith('Language'))).toMatch(/Ää Öö Üü ß € £$/);
  expect(slip.lines.find((l) => l.startsWith('Paper'))).toMatch(/58 mm \(32 characters\)$/);
  expect(slip.barcodes).toEqual(['{B700100000001']);
  expect(slip.cut).toBe(true);
  expect(Math.max(...slip.lines.map((l) => l.length))).toBeLessThanOrEqual(32);
  expect(await printDialogs(page)).toBe(0);

  // A sale's receipt: its lines, the reference as the barcode and in characters under it.
  await goTo(page, 'Sale');
  await startSale(page, '30');
  await tender(page, '700100000001', '30');
  await completeSale(page);
  const receipt = page.getByRole('article', { name: 'Receipt' });
  const reference = (await receipt.textContent())?.match(/S[0-9A-F]{12}/)?.[0];
  expect(reference).toBeTruthy();
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(() => printer.jobs().length).toBe(2);
  await expect(printerSays(page, 'Printed on the receipt printer.')).toBeVisible();
  const printed = readEposJob(printer.jobs()[1]!.body);
  expect(printed.lines).toContain('Receipt');
  expect(printed.lines.find((l) => l.startsWith('Total'))).toMatch(/€30\.00$/);
  expect(printed.lines.filter((l) => l.includes('TRAINING'))).toHaveLength(2);
  expect(printed.barcodes).toEqual([`{B${reference}`]);
  const barcodeAt = printed.commands.findIndex((c) => c.tag === 'barcode');
  const under = printed.commands.slice(barcodeAt + 1).find((c) => c.tag === 'text' && c.text !== '');
  expect(under?.text.trim()).toBe(reference);
  expect(printed.lines.join('\n')).not.toContain('700100000001');
  expect(await printDialogs(page)).toBe(0);
});

const refusals: { mode: EposPrinterMode; words: string }[] = [
  { mode: { code: 'EPTR_COVER_OPEN', status: 0x20 | 0x8 }, words: "The receipt printer's cover is open: close it." },
  {
    mode: { code: 'EPTR_REC_EMPTY', status: 0x80000 | 0x8 },
    words: 'The receipt printer is out of paper: put in a new roll.',
  },
];

test('a printer that refuses (cover open, paper out): its words, the print dialog, never "sent"', async ({ page }) => {
  await chooseNetworkPrinter(page, printer.address);
  for (const [i, { mode, words }] of refusals.entries()) {
    printer.setMode(mode);
    await testPrint(page);
    await expect(printerSays(page, words)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: words })).toContainText(TO_DIALOG);
    await expect.poll(() => printDialogs(page)).toBe(i + 1);
    await expect(page.getByText(SENT)).toHaveCount(0);
    expect(printer.jobs()).toHaveLength(i + 1);
    await page.getByRole('alert').getByRole('button', { name: 'OK' }).click();
  }
  // Back to working: the next slip is printed, and said so.
  printer.setMode('success');
  await testPrint(page);
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible();
  expect(await printDialogs(page)).toBe(refusals.length);
});

test('a printer that never answers: "did not answer" after its time, the print dialog, never "sent"', async ({
  page,
}) => {
  await chooseNetworkPrinter(page, printer.address, { timeoutSeconds: 1 });
  printer.setMode('silent');
  const started = Date.now();
  await testPrint(page);
  await expect(printerSays(page, 'Sending the slip to the receipt printer…')).toBeVisible();
  // The printer's time (1 s) and the answer's margin (5 s): then it is offline, not a minute later.
  const words = 'The receipt printer did not answer: check that it is on and connected to the network.';
  await expect(printerSays(page, words)).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(5_500);
  await expect(page.getByRole('alert').filter({ hasText: words })).toContainText(TO_DIALOG);
  await expect.poll(() => printDialogs(page)).toBe(1);
  await expect(page.getByText(SENT)).toHaveCount(0);
  expect(printer.jobs()).toHaveLength(1);
});
