import { afterEach, describe, expect, it } from 'vitest';
import type { SaleReturn } from '@/domain/return-flow';
import { readDay } from '@/features/journal/read-day';
import { notesInEnglish, outboxHarness } from './harness';

let harnesses: ReturnType<typeof outboxHarness>[] = [];
afterEach(() => {
  for (const h of harnesses) h.sender.stop();
  harnesses = [];
});
const settings = { refundWay: 'storeCredit', refundSeries: 'SC1' } as const;

/** A completed sale of 60.00: gift card 20.00, loyalty 8.00, cash 32.00. */
async function completedSplitSale(options: Parameters<typeof outboxHarness>[0] = {}) {
  const t = outboxHarness(options);
  harnesses.push(t);
  const sale = await t.start(6000);
  await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
  await t.run();
  await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 800 });
  await t.run();
  await t.act({ type: 'tenderExternal', amount: 3200, method: 'cash' });
  await t.act({ type: 'complete' });
  await t.run();
  expect((await t.sale()).status).toBe('completed');
  return { t, saleId: sale.transactionId };
}

/** 20.00 of the split sale given back (the loyalty payment voided, 12.00 as store credit), the store credit issue's first answer lost. */
async function returnWithLostIssueAnswer(t: ReturnType<typeof outboxHarness>, saleId: string) {
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

  it('a till’s refund id sent twice at once with two amounts: the second is refused, never answered from the first', async () => {
    const { t, saleId } = await completedSplitSale();
    const both = await Promise.all([
      t.perform({ type: 'startReturn', saleId, amount: 500, settings, requestId: 'rf-1' }),
      t.perform({ type: 'startReturn', saleId, amount: 1500, settings, requestId: 'rf-1' }),
    ]);
    expect(both.map((r) => (typeof r === 'string' ? r : r.amount))).toEqual([500, 'id_reused']);
    // The same id and amount again is the same refund.
    expect(await t.perform({ type: 'startReturn', saleId, amount: 500, settings, requestId: 'rf-1' })).toMatchObject({
      amount: 500,
    });
    expect((await t.reads.returnsOf(saleId)).map((r) => r.amount)).toEqual([500]);
  });

  it('a lost answer to the store credit issue is resolved by the same key: one store credit', async () => {
    const { t, saleId } = await completedSplitSale();
    await returnWithLostIssueAnswer(t, saleId);
    expect(
      t.state().instruments.filter((i) => i.kind === 'storeCredit' && i.seriesNumber === 'SC1' && i.amountNet === 12),
    ).toHaveLength(1);
  });
});

describe('a store credit issued again after a lost answer, by a server that ignores keys', () => {
  it('is the return’s, counted once, and a manager is told the lost attempt may have issued one too', async () => {
    const { t, saleId } = await completedSplitSale({ keys: 'ignored' });
    await returnWithLostIssueAnswer(t, saleId);
    // The server did issue two: the terminal knows one number, and says so.
    const credits = t.state().instruments.filter((i) => i.kind === 'storeCredit' && i.seriesNumber === 'SC1');
    expect(credits.filter((i) => i.amountNet === 12)).toHaveLength(2);
    const issue = (await t.reads.all()).find((rec) => rec.request.type === 'storeCredit.issueInSeries');
    expect(issue?.status).toBe('attention');
    expect(notesInEnglish(issue)).toContain('that attempt may have issued a card too');
  });
});

describe('a sale whose commit went to a manager (its answer contradicted it)', () => {
  const contradicting = () =>
    outboxHarness({
      bend: (path, body) => (path.endsWith('/_commit') ? { ...body, authCode: 'SOMEONE-ELSES' } : body),
    });
  async function soldWithCommitAtManager() {
    const t = contradicting();
    harnesses.push(t);
    const sale = await t.start(6000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    await t.act({ type: 'tenderExternal', amount: 4000, method: 'cash' });
    await t.act({ type: 'complete' });
    await t.run();
    return { t, saleId: sale.transactionId };
  }

  it('can have the rest given back; that card’s money waits for the manager, not for an answer', async () => {
    const { t, saleId } = await soldWithCommitAtManager();
    const sale = await t.sale();
    expect(sale.status).toBe('completed');
    expect(sale.lines[0]).toMatchObject({ state: { name: 'committing' }, settleWithManager: true });
    const r = (await t.perform({ type: 'startReturn', saleId, amount: 4000, settings })) as SaleReturn;
    expect(r.lines.map((l) => [l.way, l.amount])).toEqual([['external', 4000]]);
    expect(await t.perform({ type: 'startReturn', saleId, amount: 1, settings })).toBe('nothing_left');
  });

  it('left by an earlier build without the mark, is marked when the sender starts', async () => {
    const { t, saleId } = await soldWithCommitAtManager();
    const stored = await (await t.db).get('sales', saleId);
    if (!stored) throw new Error('no sale');
    const [first, ...rest] = stored.lines;
    if (!first) throw new Error('no line');
    const { settleWithManager: _mark, ...unmarked } = first;
    await (await t.db).put('sales', { ...stored, lines: [unmarked, ...rest] });
    expect(await t.perform({ type: 'startReturn', saleId, amount: 4000, settings })).toBe('settling');
    await t.outbox.settleLeftOver();
    expect((await t.sale()).lines[0]).toMatchObject({ state: { name: 'committing' }, settleWithManager: true });
    expect(await t.perform({ type: 'startReturn', saleId, amount: 4000, settings })).toMatchObject({ amount: 4000 });
  });
});

describe('old records go only once a Z report has counted them', () => {
  const DAY = 86_400_000;
  const xReport = async (t: ReturnType<typeof outboxHarness>) =>
    (await readDay(t.reads, 'EUR', new Date(t.now() + 1))).report;
  const closeTheDay = async (t: ReturnType<typeof outboxHarness>) => {
    const day = await readDay(t.reads, 'EUR', new Date(t.now() + 1));
    const closing = { from: day.report.from, closedAt: day.report.to, report: day.report, carried: [] };
    expect(await t.outbox.closeDay(closing, day.counted)).toMatchObject({ scope: 'test' });
  };

  it('a sale’s cash and a return’s cash stay on the day’s report however old, until its Z', async () => {
    const { t, saleId } = await completedSplitSale();
    await t.act({ type: 'close' }); // the cashier moved on to the next sale
    await t.perform({ type: 'startReturn', saleId, amount: 6000, settings });
    await t.run();
    t.advance(91 * DAY); // no Z for 91 days: a first close, or a store that rarely closes
    const before = await xReport(t);
    expect(before.otherPayments).toEqual({ count: 1, amount: 3200 });
    expect(before.otherPaymentsBack).toEqual({ count: 1, amount: 3200 });

    await t.outbox.prune();
    const after = await xReport(t);
    expect(after.otherPayments).toEqual({ count: 1, amount: 3200 });
    expect(after.otherPaymentsBack).toEqual({ count: 1, amount: 3200 });
    expect(await t.reads.returnsOf(saleId)).toHaveLength(1);

    // Counted by a Z, and older than the rule: the sale and its return go together.
    await closeTheDay(t);
    t.advance(1000);
    await t.outbox.prune();
    expect(await (await t.db).get('sales', saleId)).toBeUndefined();
    expect(await t.reads.returnsOf(saleId)).toEqual([]);
  });

  it('a return goes with its sale, never before it: the sale’s next return still sees it', async () => {
    const { t, saleId } = await completedSplitSale();
    await t.perform({ type: 'startReturn', saleId, amount: 3200, settings });
    await t.run();
    t.advance(91 * DAY);
    // The sale is still being worked on (as one whose commit is still to land would be).
    const sale = await (await t.db).get('sales', saleId);
    if (!sale) throw new Error('no sale');
    await (await t.db).put('sales', { ...sale, active: 1 });
    await closeTheDay(t);
    t.advance(1000);
    await t.outbox.prune();
    expect(await t.reads.returnsOf(saleId)).toHaveLength(1);
    expect(await t.perform({ type: 'startReturn', saleId, amount: 6000, settings })).toBe('over_left');
  });
});
