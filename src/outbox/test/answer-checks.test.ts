import { afterEach, describe, expect, it } from 'vitest';
import { remainingDue } from '@/domain/sale';
import type { Bend } from '@/test-support/simulated-api';
import { notesInEnglish, outboxHarness } from './harness';

let harnesses: ReturnType<typeof outboxHarness>[] = [];
const setup = (bend: Bend) => {
  const h = outboxHarness({ bend });
  harnesses.push(h);
  return h;
};
afterEach(() => {
  for (const h of harnesses) h.sender.stop();
  harnesses = [];
});

const onPay =
  (change: (body: Record<string, unknown>) => Record<string, unknown>): Bend =>
  (path, body) =>
    path.endsWith('/_pay') ? change(body) : body;

describe('an answer that contradicts its request, through the outbox and the simulator', () => {
  it('a hold for 5.00 answered to 20.00: not taken as paid, never committed, flagged with the card read again', async () => {
    const t = setup(onPay((b) => ({ ...b, amount: 5 })));
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    const sale = await t.sale();
    expect(sale.lines[0]?.state).toEqual({ name: 'unknown', reason: 'contradictory_answer' });
    // The money stays blocked: the sale can neither complete nor take this card again.
    expect(remainingDue(sale)).toBe(0);
    expect((await t.act({ type: 'complete' }))?.rejected).toBe('not_complete');
    const record = await t.reads.get(sale.lines[0]?.payOperationId ?? '');
    expect(record?.status).toBe('attention');
    expect(notesInEnglish(record)).toMatch(/hold of 500 where 2000 was asked/);
    expect(notesInEnglish(record)).toMatch(/Read again: the card shows €30\.00 available, €20\.00 on hold/);
    // Not sent again on its own (the server would replay the same answer), and no commit was sent.
    t.advance(60_000);
    await t.run();
    expect(t.sent.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname.split('/').pop())).toEqual([
      '_pay',
    ]);
    expect(t.state().authorizations.map((a) => a.status)).toEqual(['pending']);
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 1 });
  });

  it('"approved" loyalty answer with less approved than asked: the line is not shown as paid', async () => {
    const t = setup(onPay((b) => ({ ...b, approvedAmount: 5 })));
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 2000 });
    await t.run();
    const sale = await t.sale();
    expect(sale.lines[0]?.state).toEqual({ name: 'unknown', reason: 'contradictory_answer' });
    expect(notesInEnglish(await t.reads.get(sale.lines[0]?.payOperationId ?? ''))).toMatch(
      /"approved" with 500 of 2000/,
    );
  });

  it('a commit answered "pending": the sale does not count it as taken for sure, a manager sees it', async () => {
    const t = setup((path, b) => (path.endsWith('/_commit') ? { ...b, status: 'pending' } : b));
    await t.start(2000);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
    await t.run();
    await t.act({ type: 'complete' });
    await t.run();
    const sale = await t.sale();
    expect(sale.lines[0]?.state.name).toBe('committing');
    const record = await t.reads.get(sale.lines[0]?.settleOperationId ?? '');
    expect(record?.status).toBe('attention');
    expect(notesInEnglish(record)).toMatch(/the hold is pending, expected committed/);
  });

  it('a lookup of card A answered with card B is an error, not card B', async () => {
    const t = setup((path, b) =>
      path.includes('/giftcards/') && !path.includes('/_') ? { ...b, giftCardId: '700100000002' } : b,
    );
    const { getInstrument } = await import('@/api/loyalty-api');
    await expect(getInstrument(t.api, 'giftCard', '700100000001')).rejects.toMatchObject({
      code: 'contradictory_answer',
    });
  });

  it('a printed gift card sold for 25.00 answered loaded with 50.00: the card the answer named is kept, read again, and named for the manager', async () => {
    // A lenient server, its series changed in the back office: it loads 50.00 where 25.00 was asked.
    const t = setup((path, b) => {
      if (!path.endsWith('/giftcards/_issue')) return b;
      const account = b.account as Record<string, unknown>;
      return { ...b, account: { ...account, amountOriginal: 50, amountNet: 50 } };
    });
    const sold = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.issueInSeries', series: 'GC3', amount: 2500 },
      reason: 'Gift card sold',
    });
    await t.run();
    const issued = t
      .state()
      .instruments.find((i) => i.seriesNumber === 'GC3' && i.number.startsWith('7003') && i.amountNet > 0);
    expect(issued?.number).toMatch(/^7003/);
    const record = await t.reads.get(sold.id);
    expect(record).toMatchObject({
      status: 'attention',
      error: { code: 'contradictory_answer' },
      answeredNumber: issued?.number,
    });
    // The card it named is read again: what it holds is the manager's to see (the server holds 25.00).
    expect(notesInEnglish(record)).toMatch(/Read again: the card shows €25\.00 available/);
    const { toRow } = await import('@/features/journal/journal-rows');
    expect(toRow(record!, 'EUR').maskedNumber).toBe(`•••• ${issued!.number.slice(-4)}`);
    // The day's report names it among what a manager must look at, by that card.
    const { dayReport, maskedCardOf, reportCsv } = await import('@/features/journal/day-report');
    const report = dayReport({
      settled: [],
      unsettled: [record!],
      sales: [],
      from: '2026-11-22T00:00:00Z',
      to: '2026-11-23T00:00:00Z',
      currency: 'EUR',
    });
    expect(report.open.map(maskedCardOf)).toEqual([`•••• ${issued!.number.slice(-4)}`]);
    expect(reportCsv(report, 'EUR')).toContain(`open:giftCard.issueInSeries:•••• ${issued!.number.slice(-4)}`);
  });
});
