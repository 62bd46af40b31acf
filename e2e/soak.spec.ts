import { memoryAfterGC } from './support/memory';
import { expect, test } from './support/project';
import { completeSale, openLiveTerminal, startSale, tender, resetSimulator } from '@loyalty-terminal/playwright/steps';

/**
 * A till runs all day in one tab: what a finished sale drew (its screen, receipt, tender forms) and
 * the listeners it added must go when "Next sale" is pressed. 50 sales, then the tab after forced
 * garbage collection against the fresh Sale screen it started from. Figures for hundreds of
 * lookups and sales: npx tsx scripts/bench-soak.ts.
 */
const SALES = 50;

// The trace recorder's DOM snapshots keep some 230 nodes in the tab (395 instead of 163 on a fresh Sale
// screen): they would be counted as the terminal's and widen the 20% margin.
test.use({ trace: 'off' });

test('a tab that takes 50 sales keeps none of them: DOM, listeners and heap back to a fresh Sale screen', async ({
  page,
  loyaltyServer,
}) => {
  test.setTimeout(120_000);
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
  const amountDue = page.getByLabel(/^Amount due/);
  await expect(amountDue).toBeVisible();
  // The chunks the Sale screen prefetches are part of a till that has started.
  await page.waitForLoadState('networkidle');
  const baseline = await memoryAfterGC(page);

  for (let i = 0; i < SALES; i += 1) {
    // €1.00 a sale: 25 from each card (€100 and €50 in the demo dataset).
    await startSale(page, '1.00');
    await tender(page, i % 2 === 0 ? '700100000007' : '700100000001');
    await completeSale(page);
    await page.getByRole('button', { name: 'Next sale' }).click();
    await expect(amountDue).toBeVisible();
  }
  const after = await memoryAfterGC(page);
  test.info().annotations.push({ type: 'memory', description: JSON.stringify({ baseline, after }) });

  expect(after.nodes, `DOM nodes (fresh Sale screen: ${baseline.nodes})`).toBeLessThanOrEqual(baseline.nodes * 1.2);
  expect(after.listeners, `event listeners (fresh Sale screen: ${baseline.listeners})`).toBeLessThanOrEqual(
    baseline.listeners + 10,
  );
  expect(after.heapMB - baseline.heapMB, `heap growth in MB (fresh Sale screen: ${baseline.heapMB})`).toBeLessThan(5);
});
