import { afterEach, describe, expect, it } from 'vitest';
import { getInstrument } from '@/api/loyalty-api';
import { cashOutCheck } from '@/domain/cash-out';
import type { Instrument } from '@/domain/instrument';
import { cashOwed, isActive, type Sale } from '@/domain/sale';
import { dayReport, reportCsv } from '@/features/journal/day-report';
import { closedJustBefore, readDay, type Day } from '@/features/journal/read-day';
import { cashOutProgress } from '@/features/lookup/cash-out-progress';
import { owedOn } from '../day-count';
import { createOutbox } from '../outbox';
import { createReadModel } from '../read-model';
import { createSender } from '../sender';
import { outboxHarness } from './harness';

let harnesses: ReturnType<typeof outboxHarness>[] = [];
afterEach(() => {
  for (const h of harnesses) h.sender.stop();
  harnesses = [];
});
const policy = { enabled: true, threshold: 1500 };

function harness(options: Parameters<typeof outboxHarness>[0] = {}) {
  const t = outboxHarness(options);
  harnesses.push(t);
  return t;
}

describe('cashOutCheck', () => {
  const card = (
    net: number,
    status: 'issued' | 'notIssued' = 'issued',
    kind: 'giftCard' | 'storeCredit' = 'giftCard',
  ): Instrument => ({
    kind,
    number: '700100000009',
    seriesNumber: 'GC1',
    status,
    customer: null,
    account: { net, original: 5000, floor: 0, authorized: 0 },
  });
  it('pays out the whole available balance strictly under the threshold, only where enabled', () => {
    expect(cashOutCheck(card(700), policy)).toEqual({ amount: 700 });
    expect(cashOutCheck(card(1499), policy)).toEqual({ amount: 1499 });
    expect(cashOutCheck(card(1500), policy)).toBe('overThreshold');
    expect(cashOutCheck(card(0), policy)).toBe('nothing');
    expect(cashOutCheck(card(700, 'notIssued'), policy)).toBe('notIssued');
    expect(cashOutCheck(card(700), { ...policy, enabled: false })).toBe('disabled');
    expect(cashOutCheck(card(700, 'issued', 'storeCredit'), policy)).toBe('notGiftCard');
  });

  it('judges the balance, not what is spendable now: money another till holds is still the card’s', () => {
    const held = (net: number, authorized: number) => {
      const c = card(net);
      return { ...c, account: { ...c.account, authorized } };
    };
    // 50.00 with 40.00 held: 10.00 is spendable, but the balance is over the threshold (the hold
    // may be canceled), and "the whole balance" would not be what is taken.
    expect(cashOutCheck(held(5000, 4000), policy)).toBe('overThreshold');
    expect(cashOutCheck(held(1000, 500), policy)).toBe('held');
    expect(cashOutCheck(held(1000, 1000), policy)).toBe('held');
  });
});

/** A cash-out of 7.00 committed, with the day's read and close as the journal screen makes them. */
async function cashedOutWithDays() {
  const t = harness();
  const read = () => readDay(t.reads, 'EUR', new Date(t.now() + 1));
  const close = (d: Day) =>
    t.outbox.closeDay({ from: d.report.from, closedAt: d.report.to, report: d.report, carried: [] }, d.counted);
  const card = await getInstrument(t.api, 'giftCard', '700100000009');
  const started = (await t.perform({ type: 'startCashOut', card, policy })) as Sale;
  await t.run();
  await t.run();
  return { t, read, close, started };
}

describe('a cash-out through the outbox, against the simulator', () => {
  it('holds and commits the whole balance with no cashier step, and the day report counts it as cash paid out', async () => {
    const t = harness();
    const card = await getInstrument(t.api, 'giftCard', '700100000009');
    const started = (await t.perform({ type: 'startCashOut', card, policy })) as Sale;
    expect(started.closed).toBe(true); // never the cashier's sale on the sale screen
    await t.run(); // the hold, then the commit it asks for
    await t.run();
    const after = await t.reads.getSale(started.transactionId);
    expect(after?.status).toBe('completed');
    expect(after?.lines[0]?.state.name).toBe('committed');
    const s = t.state();
    expect(s.instruments.find((i) => i.number === '700100000009')?.amountNet).toBe(0);
    expect(s.authorizations).toEqual([expect.objectContaining({ amount: 7, status: 'committed' })]);
    const records = await t.reads.all();
    expect(records.map((r) => r.reason)).toEqual(['Gift card cashed out', 'Gift card cashed out']);
    const report = dayReport({
      settled: records,
      unsettled: [],
      sales: [after!],
      from: '2026-11-22T00:00:00Z',
      to: '2026-11-23T00:00:00Z',
      currency: 'EUR',
    });
    expect(report.byKind.giftCard.cashedOut).toEqual({ count: 1, amount: 700 });
    expect(report.byKind.giftCard.taken).toEqual({ count: 0, amount: 0 });
    expect(report.voidedSales.count).toBe(0);
  });

  it('its cash stays owed, in every window, until the cashier says it was handed over; only then, and once', async () => {
    const t = harness();
    const card = await getInstrument(t.api, 'giftCard', '700100000009');
    const started = (await t.perform({ type: 'startCashOut', card, policy })) as Sale;
    const paidOut = () =>
      t.perform({ type: 'saleAction', transactionId: started.transactionId, action: { type: 'paidOut' } });
    expect((await paidOut())?.rejected).toBe('nothing_owed'); // nothing taken yet: nothing to hand over
    await t.run();
    await t.run();
    // Committed: owed, and among the active sales every window (and a reload) reads.
    const owed = await t.reads.getSale(started.transactionId);
    expect(owed && cashOwed(owed)).toBe(true);
    expect((await t.reads.activeSales()).map((s) => s.transactionId)).toEqual([started.transactionId]);
    // A training reset voids the sales it forgets: nothing of theirs is owed on any screen.
    expect(cashOwed({ ...owed!, status: 'voided', closed: true })).toBe(false);

    const handed = await paidOut();
    expect(handed?.rejected).toBeUndefined();
    expect(handed?.sale.paidOutAt).toEqual(expect.any(String));
    // What a window that still shows it says now: handed over, nothing more to pay out.
    expect(cashOutProgress(handed?.sale, undefined)).toEqual({ phase: 'paidOut', at: handed?.sale.paidOutAt });
    expect(await t.reads.activeSales()).toEqual([]);
    expect((await paidOut())?.rejected).toBe('nothing_owed');
  });

  it('cash still owed at the close is named on that Z; paid out the next day, it is named there as owed at that Z', async () => {
    const { t, read, close, started } = await cashedOutWithDays();
    const owed = { id: started.transactionId, maskedNumber: '•••• 0009', amount: 700 };

    // Counted as cash paid out on the day the card was debited, and named as still in the drawer.
    const day1 = await read();
    expect(day1.report.byKind.giftCard.cashedOut).toEqual({ count: 1, amount: 700 });
    expect(day1.report.cashOwed).toEqual([expect.objectContaining(owed)]);
    expect(reportCsv(day1.report, 'EUR')).toContain(',giftCard,cashOwed:•••• 0009,1,7.00,EUR');
    const z1 = await close(day1);
    expect(z1).toMatchObject({ number: 1, report: { cashOwed: [expect.objectContaining(owed)] } });

    // The next day: still owed, counted nowhere again.
    t.advance(3_600_000);
    const paidOut = () =>
      t.perform({ type: 'saleAction', transactionId: started.transactionId, action: { type: 'paidOut' } });
    const before = await read();
    expect(before.report.byKind.giftCard.cashedOut).toEqual({ count: 0, amount: 0 });
    expect(before.report.cashOwed).toEqual([expect.objectContaining(owed)]);
    expect(before.report.paidOutLate).toEqual([]);
    // Paid out after the day was read: a close of that read would name cash the drawer no longer holds.
    t.advance(1_000);
    expect((await paidOut())?.rejected).toBeUndefined();
    expect(await close(before)).toBe('changed');
    const day2 = await read();
    expect(day2.report.cashOwed).toEqual([]);
    expect(day2.report.paidOutLate).toEqual([expect.objectContaining({ ...owed, owedAtZ: 1 })]);
    expect(day2.report.byKind.giftCard.cashedOut).toEqual({ count: 0, amount: 0 });
    expect(reportCsv(day2.report, 'EUR')).toContain(',giftCard,paidOutLate:Z1:•••• 0009,1,7.00,EUR');
    expect(await close(day2)).toMatchObject({ number: 2 });

    // The day after: neither owed nor paid out late, once.
    t.advance(3_600_000);
    const day3 = await read();
    expect([day3.report.cashOwed, day3.report.paidOutLate]).toEqual([[], []]);
  });

  it('cash paid out long after the Z that named it owed: kept through the pruning, and the day has figures', async () => {
    const { t, read, close, started } = await cashedOutWithDays();
    expect(await close(await read())).toMatchObject({ number: 1 });
    expect(await t.reads.dayHasFigures()).toBe(false);

    // The customer comes back for the cash a hundred days later, and the tablet tidies up before the next Z.
    t.advance(100 * 24 * 3_600_000);
    await t.perform({ type: 'saleAction', transactionId: started.transactionId, action: { type: 'paidOut' } });
    // Named on this day's report, so in this day's currency: the day is not empty.
    expect(await t.reads.dayHasFigures()).toBe(true);
    await t.outbox.prune();
    const day = await read();
    expect(day.report.paidOutLate).toEqual([expect.objectContaining({ id: started.transactionId, owedAtZ: 1 })]);
    expect(await close(day)).toMatchObject({ number: 2 });
    // Once a Z named it, it goes with the rest.
    t.advance(1_000);
    await t.outbox.prune();
    expect(await t.reads.getSale(started.transactionId)).toBeUndefined();
  });

  it('cash paid out after a Z more than 90 days after its sale: the pruning keeps it until a Z names the payout', async () => {
    const { t, read, close, started } = await cashedOutWithDays();
    expect(await close(await read())).toMatchObject({ number: 1 });
    t.advance(95 * 24 * 3_600_000);
    expect(await close(await read())).toMatchObject({ number: 2 }); // the cash still owed
    t.advance(5 * 24 * 3_600_000);
    await t.perform({ type: 'saleAction', transactionId: started.transactionId, action: { type: 'paidOut' } });
    // The sale finished 100 days ago, before the last Z: only its payout, on no Z yet, keeps it.
    await t.outbox.prune();
    expect(await t.reads.getSale(started.transactionId)).toBeDefined();
  });

  it('owed cash paid out a moment after a Z: closing the day then closes it, not taken for a second press', async () => {
    const { t, read, close } = await cashedOutWithDays();
    const z1 = await close(await read());
    expect(z1).toMatchObject({ number: 1 });
    const id = (z1 as { report: { cashOwed: { id: string }[] } }).report.cashOwed[0]?.id ?? '';
    t.advance(5_000);
    await t.perform({ type: 'saleAction', transactionId: id, action: { type: 'paidOut' } });
    t.advance(5_000);
    const day = await read();
    expect(closedJustBefore(day, t.now())).toBeNull();
    expect(await close(day)).toMatchObject({ number: 2, report: { paidOutLate: [{ id, owedAtZ: 1 }] } });
  });

  it('a Z report’s list of cash owed, from a file: only well-formed entries are read', () => {
    const z = (cashOwed: unknown) => ({
      scope: 's',
      number: 1,
      from: '',
      closedAt: '',
      report: { cashOwed },
      carried: [],
    });
    expect(owedOn(z([null, { id: 'a' }, { id: 3 }, 'b', { id: 'c', amount: 1 }]))).toEqual(['a', 'c']);
    expect(owedOn(z('all'))).toEqual([]);
    expect(owedOn(undefined)).toEqual([]);
  });

  it('its commit is the cashier’s who cashed out, whichever cashier’s sender takes the hold’s answer', async () => {
    const t = harness();
    const card = await getInstrument(t.api, 'giftCard', '700100000009');
    await t.perform({ type: 'startCashOut', card, policy }); // op7, signed on here
    // Another window of this terminal, where op9 is signed on, sends it and takes the answers.
    const now = () => new Date(t.now());
    const elsewhere = createOutbox(t.db, { scope: 'test', training: true, operatorId: 'op9', now });
    const sender = createSender({
      api: t.api,
      outbox: elsewhere,
      reads: createReadModel(() => t.db, 'test'),
      now: t.now,
      elapsed: t.elapsed,
    });
    try {
      for (let i = 0; i < 2; i += 1) {
        await sender.kick();
        await sender.idle();
      }
    } finally {
      sender.stop();
    }
    const records = await t.reads.all();
    const byType = records.map((r) => [r.request.type, r.status, r.operatorId]).sort();
    expect(byType).toEqual([
      ['giftCard.commit', 'succeeded', 'op7'],
      ['giftCard.pay', 'succeeded', 'op7'],
    ]);
  });

  it('a commit answered in contradiction: the cashier is told to pay nothing out, not that it is asked again', async () => {
    const t = harness({
      bend: (path, body) => (path.endsWith('/_commit') ? { ...body, authCode: 'SOMEONE-ELSES' } : body),
    });
    const card = await getInstrument(t.api, 'giftCard', '700100000009');
    const started = (await t.perform({ type: 'startCashOut', card, policy })) as Sale;
    await t.run();
    await t.run();
    const sale = await t.reads.getSale(started.transactionId);
    const commit = await t.reads.get(sale?.lines[0]?.settleOperationId ?? '');
    expect(commit?.status).toBe('attention');
    expect(cashOutProgress(sale, commit)).toEqual({ phase: 'withManager' });
    expect(cashOwed(sale!)).toBe(false); // nothing to pay out, on any screen
  });

  it('its commit queued through an outage, then refused (the hold lapsed): the cashier is told nothing was taken, not to wait', async () => {
    const t = harness();
    const card = await getInstrument(t.api, 'giftCard', '700100000009');
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_commit' } });
    const started = (await t.perform({ type: 'startCashOut', card, policy })) as Sale;
    await t.run(); // the hold, then its commit turned away: sent again later
    await t.run();
    const queued = await t.reads.getSale(started.transactionId);
    expect(queued?.lines[0]).toMatchObject({ state: { name: 'committing' }, settleQueued: true });
    expect(cashOutProgress(queued, undefined)).toEqual({ phase: 'waiting' });
    t.advance(16 * 60_000); // the server is back after the hold lapsed
    await t.run();
    const after = await t.reads.getSale(started.transactionId);
    expect(after?.lines[0]?.state).toMatchObject({ name: 'failed', code: 'authorization_expired' });
    const commit = await t.reads.get(after?.lines[0]?.settleOperationId ?? '');
    expect(cashOutProgress(after, commit)).toEqual({ phase: 'refused', code: 'authorization_expired' });
    expect(cashOwed(after!)).toBe(false);
    expect(t.state().instruments.find((i) => i.number === '700100000009')?.amountNet).toBe(7);
  });

  it('a card loaded elsewhere since it was read: the hold leaves money on it, so nothing is taken, the hold is given back, and the cashier reads the card again', async () => {
    // Another till loaded it to 100.00 after the lookup (un-issued and sold again, say): the hold's
    // answer says so, 93.00 still available after it.
    const t = harness({
      bend: (path, body) =>
        path.endsWith('/_pay') ? { ...body, account: { ...(body.account as object), amountNet: 100 } } : body,
    });
    const card = await getInstrument(t.api, 'giftCard', '700100000009'); // 7.00, under the threshold
    const started = (await t.perform({ type: 'startCashOut', card, policy })) as Sale;
    await t.run(); // the hold, then its cancel
    await t.run();
    const after = await t.reads.getSale(started.transactionId);
    expect(after?.lines[0]?.balanceAfter).toBe(9300);
    expect(after?.status).toBe('voided');
    expect(t.state().authorizations.map((a) => [a.amount, a.status])).toEqual([[7, 'canceled']]);
    expect(cashOwed(after!)).toBe(false);
    expect(cashOutProgress(after, undefined)).toEqual({ phase: 'refused', code: 'card_changed' });
  });

  it('a card spent elsewhere meanwhile: the hold is refused, the cash-out ends with nothing taken', async () => {
    const t = harness();
    const card = await getInstrument(t.api, 'giftCard', '700100000009');
    // Another till takes 2.00 after the lookup.
    await t.api.giftCards.pay('700100000009', 200, { transactionId: crypto.randomUUID(), reason: 'Other till' });
    const started = (await t.perform({ type: 'startCashOut', card, policy })) as Sale;
    await t.run();
    const after = await t.reads.getSale(started.transactionId);
    expect(after?.status).toBe('voided');
    expect(after?.lines[0]?.state).toMatchObject({ name: 'failed' });
    // The cashier reads what the card has now, as the server said it.
    expect(cashOutProgress(after, undefined)).toEqual({ phase: 'refused', code: 'insufficient_funds', available: 500 });
    expect(t.state().authorizations.filter((a) => a.status === 'committed')).toEqual([]);
    expect(
      await t.perform({ type: 'startCashOut', card: { ...card, account: { ...card.account, net: 2000 } }, policy }),
    ).toBe('overThreshold');
  });

  it('the hold’s answer lost, then refused for lack of funds by a server that ignores keys: nothing is paid out, the cash-out ends, a manager checks the card', async () => {
    const t = harness({ keys: 'ignored' });
    const card = await getInstrument(t.api, 'giftCard', '700100000009');
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    const started = (await t.perform({ type: 'startCashOut', card, policy })) as Sale;
    await t.run();
    t.advance(10_000);
    await t.run();

    // The lost attempt's hold took the balance; the resend was refused.
    expect(t.state().authorizations.map((a) => [a.amount, a.status])).toEqual([[7, 'pending']]);
    const after = await t.reads.getSale(started.transactionId);
    expect(after?.status).toBe('voided');
    expect(after?.lines[0]?.state).toEqual({ name: 'unknown', reason: 'refused_after_lost_answer' });
    expect(isActive(after!)).toBe(false); // nothing left for the terminal to send or wait for
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 1 });
  });
});
