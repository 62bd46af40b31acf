import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, SIMULATOR, test } from './support/project';
import {
  completeSale,
  openLiveTerminal,
  setFaults,
  startSale,
  state,
  tender,
  tenderLines,
  goTo,
  managerUnlocks,
  resetSimulator,
} from '@loyalty-terminal/playwright/steps';

type Figure = { count: number; amount: number };
type Kept = { number: number; report: { byKind: Record<string, Record<string, Figure>> } };

async function downloaded(page: Page, button: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFileSync((await download.path()) ?? '', 'utf8');
}

const reports = (page: Page) => page.getByRole('region', { name: 'X report: the day so far' });

test.beforeEach(async ({ loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
});

test('a commit still open when the day closes lands later and is counted in exactly one Z report', async ({
  page,
  request,
  loyaltyServer,
}) => {
  test.setTimeout(60_000);
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '20');
  await tender(page, '700100000001', '20');
  await expect(tenderLines(page).filter({ hasText: /On hold/ })).toBeVisible();
  // The commit's answers do not come: its outcome stays unknown across the close.
  await setFaults(loyaltyServer, { next: { count: 1000, kind: 'timeout', path: '/_commit' } });
  await page.getByRole('button', { name: 'Complete sale' }).click();

  await goTo(page, 'Journal');
  await managerUnlocks(page);
  const panel = reports(page);
  await panel.getByRole('button', { name: 'Close the day (Z report)' }).click();
  await expect(panel.getByRole('alertdialog')).toContainText('1 operation is not settled');
  await panel.getByRole('button', { name: 'Close anyway, carry them' }).click();
  await expect(panel.getByRole('list', { name: 'Days closed' })).toContainText(/Z 1 · closed .* · 1 carried/);

  // The server answers again: the commit lands after the day was closed.
  await setFaults(loyaltyServer, {});
  await expect
    .poll(async () => (await state(loyaltyServer)).authorizations.map((a) => a.status), { timeout: 20_000 })
    .toEqual(['committed']);

  // The next report counts it, and says where it comes from.
  await panel.getByRole('button', { name: 'Show the X report (the day so far)' }).click();
  await expect(panel.getByRole('row', { name: /^Paid with it/ })).toContainText('1 · €20.00');
  await expect(panel.getByRole('list', { name: 'Counted here, begun before this day' })).toContainText(
    'Carried from Z 1: Gift card commit •••• 0001',
  );
  await panel.getByRole('button', { name: 'Close the day (Z report)' }).click();
  await expect(panel.getByRole('list', { name: 'Days closed' })).toContainText(/Z 2 · closed/);

  // Every Z report of the store's days, summed, is what the server took: to the cent, once.
  const kept: Kept[] = [];
  for (const number of [1, 2])
    kept.push(JSON.parse(await downloaded(page, panel.getByRole('button', { name: `Z report ${number} as JSON` }))));
  const taken = kept.map((z) => z.report.byKind.giftCard!.taken!);
  expect(taken).toEqual([
    { count: 0, amount: 0 },
    { count: 1, amount: 2000 },
  ]);
  const server = (await (await request.get(`${SIMULATOR}/_simulator/state`)).json()) as {
    journal: { operation: string; amount?: number }[];
  };
  const committed = server.journal.filter((e) => e.operation === 'commit');
  expect(taken.reduce((sum, f) => sum + f.amount, 0)).toBe(
    Math.round(committed.reduce((sum, e) => sum + (e.amount ?? 0), 0) * 100),
  );
});

test('two windows closing the day at once: one Z report, and the window that lost shows it', async ({
  context,
  loyaltyServer,
}) => {
  const [one, two] = [await context.newPage(), await context.newPage()];
  await openLiveTerminal(one, loyaltyServer);
  await startSale(one, '12');
  await tender(one, '700100000001', '12');
  await completeSale(one);
  for (const page of [one, two]) {
    if (page === two) await openLiveTerminal(two, loyaltyServer);
    await goTo(page, 'Journal');
    await managerUnlocks(page);
  }
  // Pressed in the same instant (a click each, no waiting between them).
  const close = [one, two].map((page) => reports(page).getByRole('button', { name: 'Close the day (Z report)' }));
  for (const button of close) await expect(button).toBeEnabled();
  await Promise.all(close.map((button) => button.dispatchEvent('click')));
  for (const page of [one, two])
    await expect(reports(page).getByRole('list', { name: 'Days closed' }).getByRole('listitem')).toHaveCount(1);
  const lost = [one, two].map((page) =>
    reports(page).getByText('Another window closed the day first. This is its Z report 1; nothing was closed twice.'),
  );
  await expect.poll(async () => (await lost[0]!.count()) + (await lost[1]!.count())).toBe(1);
  // It shows that Z report's figures.
  const loser = (await lost[0]!.count()) === 1 ? one : two;
  await expect(
    reports(loser)
      .getByRole('row', { name: /^Paid with it/ })
      .first(),
  ).toContainText('1 · €12.00');
});
