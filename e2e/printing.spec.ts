import { printedLines } from '../src/test-support/escpos-decoder';
import { chooseSerialPrinter, printed, serialPrinter, usbPrinter } from './support/printer';
import { expect, test } from './support/project';
import { goTo, openTerminal, sellGiftCard } from '@loyalty-terminal/playwright/steps';

test('a printer is chosen and test-printed in Settings: text, a Code 128 barcode and a cut, 32 characters on 58 mm', async ({
  page,
}) => {
  await serialPrinter(page);
  await openTerminal(page);
  await chooseSerialPrinter(page, '58 mm (32 characters)');
  await page.getByRole('button', { name: 'Test print' }).click();
  await expect(page.getByText('Test slip sent to the printer.')).toBeVisible();
  const events = await printed(page);
  const lines = printedLines(events);
  expect(lines).toContain('Test print');
  expect(lines.find((l) => l.startsWith('Language'))).toMatch(/Ää Öö Üü ß € £$/);
  expect(events.filter((e) => e.type === 'barcode')).toEqual([
    { type: 'barcode', symbology: 'code128', data: '700100000001' },
  ]);
  expect(events.some((e) => e.type === 'cut')).toBe(true);
  expect(
    Math.max(...events.filter((e) => e.type === 'line').map((e) => (e as { text: string }).text.length)),
  ).toBeLessThanOrEqual(32);
});

test('an issue slip goes to the printer with the new card number as its barcode', async ({ page }) => {
  await serialPrinter(page);
  await openTerminal(page);
  await chooseSerialPrinter(page, '80 mm (48 characters)');
  await sellGiftCard(page, '700100000003', '20');
  await expect(page.getByText('Gift card issued')).toBeVisible();
  await page.getByRole('button', { name: 'Print slip' }).click();
  const events = await printed(page);
  expect(events.filter((e) => e.type === 'barcode')).toEqual([
    { type: 'barcode', symbology: 'code128', data: '700100000003' },
  ]);
  const lines = printedLines(events);
  expect(lines).toEqual(expect.arrayContaining(['Gift card', '7001 0000 0003']));
  expect(lines.find((l) => l.startsWith('Amount'))).toMatch(/€20\.00$/);
  expect(lines.filter((l) => l.includes('TRAINING')).length).toBe(2);
});

test('a printer that is gone: the slip goes to the browser print dialog, and the cashier is told', async ({ page }) => {
  await serialPrinter(page, false);
  await openTerminal(page);
  await page.evaluate(() => {
    const printer = {
      state: { kind: 'serial', paper: 80, device: { type: 'serial', vendorId: 0x04b8, productId: 0x0202 } },
      version: 1,
    };
    localStorage.setItem('loyalty-terminal.printer', JSON.stringify(printer));
  });
  await page.reload();
  await page.evaluate(() => {
    (window as unknown as { __dialogs: number }).__dialogs = 0;
    window.print = () => void ((window as unknown as { __dialogs: number }).__dialogs += 1);
  });
  await goTo(page, 'Settings');
  await page.getByRole('button', { name: 'Test print' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: "The receipt printer did not answer: the slip went to the browser's print dialog instead." }),
  ).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __dialogs: number }).__dialogs)).toBe(1);
  await expect(page.getByRole('article', { name: 'Test print', includeHidden: true })).toBeAttached();
});

test('a printer that refuses the write: the slip goes to the print dialog, the cashier is told, nothing says "sent"', async ({
  page,
}) => {
  await serialPrinter(page);
  await openTerminal(page);
  await chooseSerialPrinter(page, '80 mm (48 characters)');
  await page.evaluate(() => {
    (window as unknown as { __refuse: boolean }).__refuse = true;
    (window as unknown as { __dialogs: number }).__dialogs = 0;
    window.print = () => void ((window as unknown as { __dialogs: number }).__dialogs += 1);
  });
  await page.getByRole('button', { name: 'Test print' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: "The receipt printer did not answer: the slip went to the browser's print dialog instead." }),
  ).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __dialogs: number }).__dialogs)).toBe(1);
  await expect(page.getByText('Test slip sent to the printer.')).toHaveCount(0);
});

test('a balance slip for the customer: the card masked, what it has, until when, TRAINING in training', async ({
  page,
}) => {
  await serialPrinter(page);
  await openTerminal(page);
  await chooseSerialPrinter(page, '80 mm (48 characters)');
  await goTo(page, 'Card lookup');
  await page.getByRole('textbox', { name: 'Card number' }).fill('700100000001');
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
  await page.getByRole('button', { name: 'Print balance slip' }).click();
  const lines = printedLines(await printed(page));
  expect(lines).toContain('Card balance');
  expect(lines.find((l) => /^Card\s+Gift card/.test(l))).toMatch(/Gift card \*\*\*\* 0001$/);
  expect(lines.find((l) => l.startsWith('Available'))).toMatch(/€50\.00$/);
  expect(lines.find((l) => l.startsWith('Expires'))).toMatch(/2099/);
  expect(lines.filter((l) => l.includes('TRAINING')).length).toBe(2);
  expect(lines.join('\n')).not.toContain('700100000001');
});

test('a USB printer prints the test slip; one that stalls (paper out) or is pulled sends the slip to the print dialog, and the cashier is told', async ({
  page,
}) => {
  await usbPrinter(page);
  await openTerminal(page);
  await goTo(page, 'Settings');
  await page.getByLabel('Print slips with').selectOption({ label: 'A USB receipt printer (ESC/POS)' });
  await page.getByRole('button', { name: 'Choose the printer' }).click();
  await expect(page.getByText('Printer chosen: USB 04b8:0202')).toBeVisible();
  await page.getByRole('button', { name: 'Test print' }).click();
  await expect(page.getByText('Test slip sent to the printer.')).toBeVisible();
  expect(printedLines(await printed(page))).toContain('Test print');

  for (const fault of ['stall', 'gone']) {
    await page.reload(); // a fresh page: what is said next is this print's
    await goTo(page, 'Settings');
    await page.evaluate((fault) => {
      const w = window as unknown as { __usbFault: string; __dialogs: number };
      w.__usbFault = fault;
      w.__dialogs = 0;
      window.print = () => void (w.__dialogs += 1);
    }, fault);
    await page.getByRole('button', { name: 'Test print' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: "The receipt printer did not answer: the slip went to the browser's print dialog instead.",
      }),
    ).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __dialogs: number }).__dialogs)).toBe(1);
    await expect(page.getByText('Test slip sent to the printer.')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __printed: number[] }).__printed.length)).toBe(0);
  }
});
