import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { printedLines } from '../src/test-support/escpos-decoder';
import { chooseSerialPrinter, printed, serialPrinter } from './support/printer';
import { expect, SIMULATOR, test } from './support/project';
import {
  completeSale,
  openLiveTerminal,
  startSale,
  tender,
  tenderExternal,
  tenderLines,
  goTo,
  managerUnlocks,
  resetSimulator,
  scan,
  sellGiftCard,
} from '@loyalty-terminal/playwright/steps';

interface ServerEntry {
  operation: string;
  kind: string;
  instrumentId: string;
  amount?: number;
  result?: string;
}
type Figure = { count: number; amount: number };
type Report = { byKind: Record<string, Record<string, Figure>>; voidedSales: Figure; otherPayments: Figure };

const journalAtServer = async (page: Page): Promise<ServerEntry[]> =>
  (await (await page.request.get(`${SIMULATOR}/_simulator/state`)).json()).journal;

/** The server's own journal, summed as the report sums the terminal's: count and minor units. */
function serverFigure(entries: ServerEntry[], keep: (e: ServerEntry) => boolean): Figure {
  const kept = entries.filter(keep);
  return { count: kept.length, amount: Math.round(kept.reduce((sum, e) => sum + (e.amount ?? 0), 0) * 100) };
}

async function downloaded(page: Page, button: ReturnType<Page['getByRole']>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFileSync((await download.path()) ?? '', 'utf8');
}

test.beforeEach(async ({ page, loyaltyServer }) => {
  await serialPrinter(page);
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
});

test('a store’s day: its X report matches the server’s own journal, is printed as ESC/POS, and the Z report closes it; the next day starts at zero', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await chooseSerialPrinter(page, '80 mm (48 characters)');
  // The manager turns cash-out on: balances under 15.00.
  await page.getByLabel('Offer cash-out').check();
  await page.getByLabel('Balances under (EUR)').fill('15');
  await page.getByRole('button', { name: 'Save cash-out' }).click();
  await expect(page.getByText('Cash-out saved.')).toBeVisible();

  // The card desk: a gift card sold, store credit issued.
  await sellGiftCard(page, '700100000003', '30');
  await expect(page.getByText('Gift card issued')).toBeVisible();
  await page.getByRole('button', { name: 'Issue store credit' }).click();
  await page.getByLabel('Amount (EUR)').fill('15');
  await page.getByRole('button', { name: 'Issue store credit' }).last().click();
  await expect(page.getByLabel('New number', { exact: true })).toBeVisible();

  // The till: a split sale, one with a partly approved loyalty payment, one voided.
  await goTo(page, 'Sale');
  await startSale(page, '25');
  await tender(page, '700100000001', '20');
  await tender(page, '710100000001', '5');
  await expect(tenderLines(page).filter({ hasText: 'Approved' })).toBeVisible();
  await completeSale(page);
  await page.getByRole('button', { name: 'Next sale' }).click();
  await startSale(page, '10');
  await tender(page, '710100000002', '10');
  await expect(tenderLines(page).filter({ hasText: 'Approved €5.00 of €10.00' })).toBeVisible();
  await tenderExternal(page, '5');
  await completeSale(page);
  await page.getByRole('button', { name: 'Next sale' }).click();
  await startSale(page, '12');
  await page.getByRole('button', { name: 'Void sale' }).click();
  await page.getByRole('button', { name: 'Yes, void the sale' }).click();
  await page.getByRole('button', { name: 'Next sale' }).click();

  // The card sold by mistake is un-issued; a small balance is cashed out; a large one is not offered.
  await goTo(page, 'Card lookup');
  await scan(page, '700100000003');
  await page.getByRole('button', { name: 'Un-issue' }).click();
  await managerUnlocks(page);
  await page.getByRole('button', { name: 'Yes, un-issue' }).click();
  await expect(page.getByText(/un-issued/i).first()).toBeVisible();
  await scan(page, '700100000007');
  await expect(page.getByText('Cash-out only for balances under €15.00.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cash out/ })).toHaveCount(0);
  await scan(page, '700100000009');
  await page.getByRole('button', { name: 'Cash out €7.00' }).click();
  await managerUnlocks(page); // the PIN each time, though unlocked for the un-issue above
  await page.getByRole('button', { name: 'Yes, cash out €7.00' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Taken from the card. Pay out in cash: €7.00' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Print cash-out slip' }).click();
  const slip = printedLines(await printed(page));
  expect(slip).toContain('Cash-out');
  expect(slip.find((l) => l.startsWith('Paid out in cash'))).toMatch(/€7\.00$/);
  expect(slip.join('\n')).not.toContain('700100000009');

  // The journal's search for a sale to take back does not offer the cash-out: nothing was sold.
  await goTo(page, 'Journal');
  await page.getByLabel('Amount (EUR), if known').fill('7');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No completed sale matches.')).toBeVisible();

  // The X report, as JSON, against the server's own journal.
  const xPanel = page.getByRole('region', { name: 'X report: the day so far' });
  // Read when the manager asks for it (the journal opens without reading the whole day).
  await xPanel.getByRole('button', { name: 'Show the X report (the day so far)' }).click();
  await expect(xPanel.getByRole('row', { name: /^Cash paid out/ })).toContainText('1 · €7.00');
  const x = JSON.parse(
    await downloaded(page, xPanel.getByRole('button', { name: 'Export X report (JSON)' })),
  ) as Report;
  const server = await journalAtServer(page);
  const gift = (e: ServerEntry) => e.kind === 'giftCard';
  expect(x.byKind.giftCard!.sold).toEqual(serverFigure(server, (e) => gift(e) && e.operation === 'issue'));
  expect(x.byKind.storeCredit!.sold).toEqual(
    serverFigure(server, (e) => e.kind === 'storeCredit' && e.operation === 'issue'),
  );
  expect(x.byKind.giftCard!.cashedOut).toEqual(
    serverFigure(server, (e) => e.operation === 'commit' && e.instrumentId === '700100000009'),
  );
  expect(x.byKind.giftCard!.taken).toEqual(
    serverFigure(server, (e) => gift(e) && e.operation === 'commit' && e.instrumentId !== '700100000009'),
  );
  expect(x.byKind.loyaltyCard!.taken).toEqual(
    serverFigure(server, (e) => e.kind === 'loyaltyCard' && e.operation === 'pay'),
  );
  expect(x.byKind.loyaltyCard!.loyaltyPartial).toEqual(
    serverFigure(server, (e) => e.operation === 'pay' && e.result === 'partiallyApproved'),
  );
  expect(x.byKind.giftCard!.unissued!.count).toBe(server.filter((e) => e.operation === 'unissue').length);
  // The server's answer shows the card emptied; what the un-issue took back is what was sold on it.
  expect(x.byKind.giftCard!.unissued).toEqual({ count: 1, amount: 3000 });
  // What the server knows nothing of: the voided sale and the cash taken at the till.
  expect(x.voidedSales).toEqual({ count: 1, amount: 1200 });
  expect(x.otherPayments).toEqual({ count: 1, amount: 500 });
  // The figures themselves, so that a server and a report wrong in the same way cannot pass.
  expect([x.byKind.giftCard!.sold, x.byKind.giftCard!.taken, x.byKind.loyaltyCard!.taken]).toEqual([
    { count: 1, amount: 3000 },
    { count: 1, amount: 2000 },
    { count: 2, amount: 1000 },
  ]);

  // Printed on the receipt printer: decoded from its bytes.
  await xPanel.getByRole('button', { name: 'Print X report' }).click();
  const xLines = printedLines(await printed(page));
  expect(xLines[0]).toContain('X report: the day so far');
  const row = (label: string) => xLines.find((l) => l.startsWith(label)) ?? '';
  expect(row('Gift card: Sold or issued (1)')).toMatch(/€30\.00$/);
  expect(row('Gift card: Un-issued (1)')).toMatch(/€30\.00$/);
  expect(row('Gift card: Paid with it (1)')).toMatch(/€20\.00$/);
  expect(row('Gift card: Cash paid out (1)')).toMatch(/€7\.00$/);
  // Part of "Paid with it", said so (it was read as a line of its own, added to it).
  expect(row('Loyalty card: of which partly approved (1)')).toMatch(/€5\.00$/);
  expect(row('Voided sales (1)')).toMatch(/€12\.00$/);
  expect(Math.max(...xLines.map((l) => l.length))).toBeLessThanOrEqual(48);

  // Closing the day: Z 1, printed, and as CSV.
  await xPanel.getByRole('button', { name: 'Close the day (Z report)' }).click();
  const zLines = printedLines(await printed(page));
  expect(zLines[0]).toContain('Z report 1: day closed');
  expect(zLines.find((l) => l.startsWith('Gift card: Paid with it (1)'))).toMatch(/€20\.00$/);
  // Nobody said the cash-out's €7.00 was handed over: the Z names it as still in the drawer.
  expect(zLines[zLines.indexOf('Cash-out, cash still to pay out') + 1]).toBe('Gift card **** 0009 €7.00');
  const csv = await downloaded(page, xPanel.getByRole('button', { name: 'Z report 1 as CSV' }));
  expect(csv.split('\r\n')).toEqual(
    expect.arrayContaining([
      'cashier,kind,line,count,amount,currency',
      'all,giftCard,sold,1,30.00,EUR',
      'all,giftCard,unissued,1,30.00,EUR',
      'all,giftCard,cashedOut,1,7.00,EUR',
      'all,loyaltyCard,loyaltyPartial,1,5.00,EUR',
      'all,,voidedSales,1,12.00,EUR',
      ',giftCard,cashOwed:•••• 0009,1,7.00,EUR',
    ]),
  );
  // The next day starts at zero.
  const next = JSON.parse(
    await downloaded(page, xPanel.getByRole('button', { name: 'Export X report (JSON)' })),
  ) as Report;
  for (const kind of ['giftCard', 'loyaltyCard', 'storeCredit'])
    for (const figure of Object.values(next.byKind[kind]!)) expect(figure).toEqual({ count: 0, amount: 0 });
  expect(next.voidedSales).toEqual({ count: 0, amount: 0 });
});
