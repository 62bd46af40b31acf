import { afterEach, describe, expect, it } from 'vitest';
import type { SaleReturn } from '@/domain/return-flow';
import { outboxHarness } from './harness';

let harnesses: ReturnType<typeof outboxHarness>[] = [];
afterEach(() => {
  for (const h of harnesses) h.sender.stop();
  harnesses = [];
});
const settings = { refundWay: 'storeCredit', refundSeries: 'SC1' } as const;

/** A completed sale of 60.00: gift card 20.00, loyalty 8.00, cash 32.00. */
async function completedSplitSale() {
  const t = outboxHarness();
  harnesses.push(t);
  const sale = await t.start(6000);
  await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
  await t.run();
  await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 800 });
  await t.run();
  await t.act({ type: 'tenderExternal', amount: 3200, label: 'Cash' });
  await t.act({ type: 'complete' });
  await t.run();
  expect((await t.sale()).status).toBe('completed');
  return { t, saleId: sale.transactionId };
}

describe('a return through the outbox, against the simulator', () => {
  it('a whole return: the loyalty payment voided, one store credit for the gift card money, cash recorded', async () => {
    const { t, saleId } = await completedSplitSale();
    const r = (await t.perform({ type: 'startReturn', saleId, amount: 6000, settings })) as SaleReturn;
    expect(r.lines.map((l) => [l.way, l.amount, l.state.name])).toEqual([
      ['voidLoyalty', 800, 'sending'],
      ['storeCredit', 2000, 'sending'],
      ['external', 3200, 'done'],
    ]);
    await t.run();
    const [after] = await t.reads.returnsOf(saleId);
    expect(after?.lines.map((l) => l.state.name)).toEqual(['done', 'done', 'done']);
    const s = t.state();
    expect(s.loyaltyPayments.map((p) => p.voided)).toEqual([true]);
    const credit = s.instruments.find(
      (i) => i.number === (after?.lines[1]?.state as { issuedNumber: string }).issuedNumber,
    );
    expect(credit).toMatchObject({ kind: 'storeCredit', amountNet: 20 });
    expect(await t.perform({ type: 'startReturn', saleId, amount: 1, settings })).toBe('nothing_left');
  });

  it('two returns of the same sale at once: the second sees the first, nothing is given twice', async () => {
    const { t, saleId } = await completedSplitSale();
    const both = await Promise.all([
      t.perform({ type: 'startReturn', saleId, amount: 4000, settings }),
      t.perform({ type: 'startReturn', saleId, amount: 4000, settings }),
    ]);
    expect(both.filter((r) => typeof r !== 'string')).toHaveLength(1);
    expect(both.filter((r) => r === 'over_left')).toHaveLength(1);
    await t.run();
    expect((await t.reads.returnsOf(saleId)).map((r) => r.amount)).toEqual([4000]);
  });

  it('a lost answer to the store credit issue is resolved by the same key: one store credit', async () => {
    const { t, saleId } = await completedSplitSale();
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/storecredits/_issue' } });
    await t.perform({ type: 'startReturn', saleId, amount: 2000, settings });
    await t.run();
    t.advance(5_000);
    await t.run();
    const [r] = await t.reads.returnsOf(saleId);
    expect(r?.lines.map((l) => [l.way, l.state.name])).toEqual([
      ['voidLoyalty', 'done'],
      ['storeCredit', 'done'],
    ]);
    expect(
      t.state().instruments.filter((i) => i.kind === 'storeCredit' && i.seriesNumber === 'SC1' && i.amountNet === 12),
    ).toHaveLength(1);
  });
});
