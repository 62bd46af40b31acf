import { afterEach, describe, expect, it } from 'vitest';
import { reportCsv } from '@/features/journal/day-report';
import { readDay, type Day } from '@/features/journal/read-day';
import type { OperationRecord } from '../types';
import { outboxHarness } from './harness';

const TX = '5f0c3c2e-8a3b-4c1e-9d2a-1b2c3d4e5f60';
let harnesses: ReturnType<typeof outboxHarness>[] = [];

function setup() {
  const seenAtSend: (OperationRecord | undefined)[] = [];
  const h = outboxHarness({
    onSend: async (request) => {
      const key = request.headers.get('idempotency-key');
      if (key) seenAtSend.push(await h.reads.get(key));
    },
  });
  harnesses.push(h);
  const record = (request: OperationRecord['request']) =>
    h.outbox.record({ id: crypto.randomUUID(), request, transactionId: TX, reason: 'Sale' });
  return { ...h, seenAtSend, record };
}
afterEach(() => {
  for (const h of harnesses) h.sender.stop();
  harnesses = [];
});

describe('the outbox: one recorded path', () => {
  it('writes the operation before sending it, and the answer after', async () => {
    const t = setup();
    const { id } = await t.record({ type: 'giftCard.pay', number: '700100000001', amount: 1250 });
    await t.run();
    expect(t.seenAtSend[0]).toMatchObject({
      status: 'pending',
      request: { type: 'giftCard.pay', amount: 1250 },
      transactionId: TX,
      operatorId: 'op7',
    });
    expect(await t.reads.get(id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      result: { amount: 1250, status: 'pending' },
    });
  });

  it('records a refusal as refused, with the code, and does not send it again', async () => {
    const t = setup();
    const { id } = await t.record({ type: 'giftCard.pay', number: '700100000002', amount: 100 });
    await t.run();
    t.advance(60_000);
    await t.run();
    expect(await t.reads.get(id)).toMatchObject({
      status: 'refused',
      attempts: 1,
      error: { code: 'insufficient_funds' },
    });
    expect(t.seenAtSend).toHaveLength(1);
  });

  it('resolves a lost answer by replaying the same key and body: one hold, not two', async () => {
    const t = setup();
    t.app.faults.replace({ next: { count: 1, kind: 'drop' } });
    const { id } = await t.record({ type: 'storeCredit.pay', number: '720100000001', amount: 500 });
    await t.run();
    expect((await t.reads.get(id))?.status).toBe('unknown');
    t.advance(1000);
    await t.run();
    expect(t.seenAtSend.map((r) => r?.id)).toEqual([id, id]);
    expect(t.state().authorizations).toHaveLength(1);
    expect(await t.reads.get(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('does not send the same operation twice at once, even from two senders (two windows)', async () => {
    const t = setup();
    t.app.faults.replace({ latencyMs: 30 });
    const { id } = await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 100 });
    const other = t.secondSender();
    await Promise.all([t.sender.kick(), other.kick()]);
    await Promise.all([t.sender.idle(), other.idle()]);
    other.stop();
    expect(t.state().loyaltyPayments).toHaveLength(1);
    expect(t.seenAtSend).toHaveLength(1);
    // Nor takes the other's attempt under way for one cut off by a crash (its in-flight mark).
    expect(await t.reads.get(id)).toMatchObject({ status: 'succeeded', attempts: 1, error: undefined });
  });

  it('counts what waits and what needs a manager from an index', async () => {
    const t = setup();
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable' } });
    const { id } = await t.record({ type: 'giftCard.pay', number: '700100000001', amount: 100 });
    await t.run();
    expect(await t.reads.counts()).toEqual({ waiting: 1, attention: 0 });
    await t.outbox.flag(id, { code: 'appliedTwice' });
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 1 });
  });
});

describe('operations flagged for a manager', () => {
  it('are no longer resent by the terminal on its own', async () => {
    const t = setup();
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable' } });
    const { id } = await t.record({ type: 'giftCard.pay', number: '700100000001', amount: 100 });
    await t.run();
    await t.outbox.flag(id, { code: 'appliedTwice' });
    t.advance(60_000);
    await t.run();
    expect(t.state().authorizations).toEqual([]);
    expect(await t.reads.get(id)).toMatchObject({ status: 'attention', notes: [{ code: 'appliedTwice' }] });
  });
});

describe('a day that adds up when the device clock is set back', () => {
  /** The day as the X report reads it at the test's clock, closed as the manager's button closes it. */
  async function closeTheDay(t: ReturnType<typeof setup>, day?: Day) {
    const d = day ?? (await readDay(t.reads, 'EUR', new Date(t.now() + 1)));
    return t.outbox.closeDay({ from: d.report.from, closedAt: d.report.to, report: d.report, carried: [] }, d.counted);
  }
  const taken = (d: Day) => d.report.byKind.loyaltyCard.taken;

  it('counts a payment settled after a Z, with the clock set back an hour, on the next Z: once', async () => {
    const t = setup();
    await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 100 });
    await t.run();
    const z1 = await closeTheDay(t);
    expect(z1).toMatchObject({ number: 1 });
    t.advance(-3_600_000); // the till's clock set back after the close
    const late = await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 250 });
    await t.run();
    expect((await t.reads.get(late.id))?.status).toBe('succeeded');
    const day2 = await readDay(t.reads, 'EUR', new Date(t.now() + 1));
    expect(taken(day2)).toEqual({ count: 1, amount: 250 });
    const z2 = await closeTheDay(t, day2);
    expect(z2).toMatchObject({ number: 2 });
    // Nothing is left for a third day: each payment is in exactly one Z.
    expect(taken(await readDay(t.reads, 'EUR', new Date(t.now() + 1)))).toEqual({ count: 0, amount: 0 });
  });

  it('says whether the next Z would count anything: the currency may change only on a day with nothing in it', async () => {
    const t = setup();
    expect(await t.reads.dayHasFigures()).toBe(false);
    await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 100 });
    await t.run();
    expect(await t.reads.dayHasFigures()).toBe(true);
    await closeTheDay(t);
    expect(await t.reads.dayHasFigures()).toBe(false);
    t.advance(1_000);
    await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 50 });
    await t.run();
    expect(await t.reads.dayHasFigures()).toBe(true);
  });

  it('refuses to close a day read before a payment settled inside it, and the day read again counts it', async () => {
    const t = setup();
    await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 100 });
    await t.run();
    const read = await readDay(t.reads, 'EUR', new Date(t.now() + 1));
    // Settles at the same clock, after the read: inside the span the read covers, not in its figures.
    await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 50 });
    await t.run();
    expect(await closeTheDay(t, read)).toBe('changed');
    expect(await t.reads.zReports()).toEqual([]);
    const again = await readDay(t.reads, 'EUR', new Date(t.now() + 1));
    expect(taken(again)).toEqual({ count: 2, amount: 150 });
    expect(await closeTheDay(t, again)).toMatchObject({ number: 1 });
  });
});

describe('a day that adds up: what changes between reading the day and closing it', () => {
  const read = (t: ReturnType<typeof setup>) => readDay(t.reads, 'EUR', new Date(t.now() + 1));
  const close = (t: ReturnType<typeof setup>, d: Day) =>
    t.outbox.closeDay({ from: d.report.from, closedAt: d.report.to, report: d.report, carried: [] }, d.counted);

  it('closes a day with nothing in it after the clock was set back past the last Z', async () => {
    const t = setup();
    await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 100 });
    await t.run();
    expect(await close(t, await read(t))).toMatchObject({ number: 1 });
    t.advance(-3_600_000);
    const empty = await read(t);
    expect(empty.report.to > empty.report.from).toBe(true);
    expect(await close(t, empty)).toMatchObject({ number: 2 });
  });

  it('refuses to close a day whose sale was reversed after the read, though nothing was added', async () => {
    const t = setup();
    await t.start(3200);
    await t.act({ type: 'tenderExternal', amount: 3200, method: 'cash' });
    await t.act({ type: 'complete' });
    await t.run();
    const before = await read(t);
    expect(before.report.otherPayments).toEqual({ count: 1, amount: 3200 });
    await t.act({ type: 'reverse' });
    await t.run();
    expect(await close(t, before)).toBe('changed');
    const again = await read(t);
    expect(again.report.otherPayments).toEqual({ count: 0, amount: 0 });
    expect(await close(t, again)).toMatchObject({ number: 1 });
  });

  it('refuses a close read before an earlier day’s payment was flagged: the flag is named on this day', async () => {
    const t = setup();
    const paid = await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 100 });
    await t.run();
    expect(await close(t, await read(t))).toMatchObject({ number: 1 });
    t.advance(60_000);
    const before = await read(t);
    expect(before.report.flagged).toEqual([]);
    await t.outbox.flag(paid.id, { code: 'appliedTwice' }); // a check made after the read, say
    expect(await close(t, before)).toBe('changed');
    const again = await read(t);
    expect(again.report.flagged?.map((f) => f.id)).toEqual([paid.id]);
    expect(again.report.byKind.loyaltyCard.taken.count).toBe(0); // counted once, on the day it settled
    expect(await close(t, again)).toMatchObject({ number: 2, report: { flagged: [{ id: paid.id }] } });
  });

  it('an earlier day’s payment flagged since the last Z is a figure of this day: the server may not change under it', async () => {
    const t = setup();
    const paid = await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 100 });
    await t.run();
    expect(await close(t, await read(t))).toMatchObject({ number: 1 });
    t.advance(60_000);
    expect(await t.reads.dayHasFigures()).toBe(false);
    await t.outbox.flag(paid.id, { code: 'appliedTwice' }); // a check after a resend: charged twice
    expect(await t.reads.dayHasFigures()).toBe(true);
  });

  it('counts cash a return gave back on the day the return started, and refuses a close read before it', async () => {
    const t = setup();
    const sale = await t.start(3200);
    await t.act({ type: 'tenderExternal', amount: 3200, method: 'cash' });
    await t.act({ type: 'complete' });
    await t.run();
    const z1 = await close(t, await read(t));
    expect(z1).toMatchObject({ number: 1, report: { otherPayments: { count: 1, amount: 3200 } } });

    t.advance(60_000);
    const before = await read(t);
    const settings = { refundWay: 'storeCredit', refundSeries: 'SC1' } as const;
    await t.perform({ type: 'startReturn', saleId: sale.transactionId, amount: 1200, settings });
    // Nothing was sent (cash goes back at the counter): only the return itself is new in the span.
    expect(await close(t, before)).toBe('changed');
    const day2 = await read(t);
    expect(day2.report.otherPayments).toEqual({ count: 0, amount: 0 });
    expect(day2.report.otherPaymentsBack).toEqual({ count: 1, amount: 1200 });
    expect(reportCsv(day2.report, 'EUR')).toContain('all,,otherPaymentsBack,1,12.00,EUR');
    expect(await close(t, day2)).toMatchObject({ number: 2 });
    t.advance(60_000);
    expect((await read(t)).report.otherPaymentsBack).toEqual({ count: 0, amount: 0 });
  });
});

describe('growth', () => {
  it('prunes settled records older than the rule, never an unsettled or flagged one', async () => {
    const t = setup();
    const settled = await t.record({ type: 'giftCard.pay', number: '700100000001', amount: 100 });
    await t.run();
    t.app.faults.replace({ next: { count: 2, kind: 'unavailable' } });
    const unknown = await t.record({ type: 'giftCard.pay', number: '700100000007', amount: 100 });
    const flagged = await t.record({ type: 'loyaltyCard.pay', number: '710100000001', amount: 100 });
    await t.run();
    await t.outbox.flag(flagged.id, { code: 'appliedTwice' });
    t.advance(91 * 86_400_000);
    // Not counted by any Z report yet: kept, however old.
    expect(await t.outbox.prune()).toBe(0);
    const closedAt = new Date(t.now()).toISOString();
    await t.outbox.closeDay({ from: '', closedAt, report: {}, carried: [] }, await t.counted('', closedAt));
    expect(await t.outbox.prune()).toBe(1);
    expect(await t.reads.get(settled.id)).toBeUndefined();
    expect((await t.reads.get(unknown.id))?.status).toBe('unknown');
    expect((await t.reads.get(flagged.id))?.status).toBe('attention');
  });

  it('keeps a payment whose check against the card is still to be made, however old and counted', async () => {
    const t = setup();
    const paid = await t.record({ type: 'giftCard.pay', number: '700100000001', amount: 100 });
    await t.run();
    // As a window that died between a resend's answer and the card's read leaves it, on a server
    // this terminal no longer talks to (its sender never runs again to make the check).
    const answered = await t.reads.get(paid.id);
    if (!answered) throw new Error('not recorded');
    const check = { kind: 'giftCard' as const, number: '700100000001', availableAtLeast: 4900 };
    await (await t.db).put('operations', { ...answered, scope: 'another-server', toCheck: check });
    t.advance(91 * 86_400_000);
    const closedAt = new Date(t.now()).toISOString();
    await t.outbox.closeDay({ from: '', closedAt, report: {}, carried: [] }, await t.counted('', closedAt));
    await (
      await t.db
    ).put('zReports', { scope: 'another-server', number: 1, from: '', closedAt, report: {}, carried: [] });
    expect(await t.outbox.prune()).toBe(0);
    expect((await t.reads.get(paid.id))?.toCheck).toEqual(check);
  });

  it('an operation begun long ago and settled lately stays until the Z report that counts it', async () => {
    const t = setup();
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable' } });
    const late = await t.record({ type: 'giftCard.pay', number: '700100000001', amount: 100 });
    await t.run();
    expect((await t.reads.get(late.id))?.status).toBe('unknown');
    t.advance(91 * 86_400_000);
    await t.run();
    expect((await t.reads.get(late.id))?.status).toBe('succeeded');
    const closedAt = new Date(t.now() - 1).toISOString();
    await t.outbox.closeDay({ from: '', closedAt, report: {}, carried: [] }, await t.counted('', closedAt));
    // Created 91 days ago, settled just now (after the last Z): kept.
    expect(await t.outbox.prune()).toBe(0);
    expect((await t.reads.get(late.id))?.status).toBe('succeeded');
  });

  it('pages through operations written in the same millisecond without skipping one', async () => {
    const t = setup();
    const written = [];
    for (let i = 0; i < 5; i += 1)
      written.push(await t.record({ type: 'giftCard.unissue', number: `70010000009${i}` }));
    const first = await t.reads.page(2);
    const second = await t.reads.page(2, first.at(-1));
    const third = await t.reads.page(2, second.at(-1));
    expect([...first, ...second, ...third].map((r) => r.id).sort()).toEqual(written.map((r) => r.id).sort());
  });

  it('a tablet started with its clock a year ahead, and selling so, takes nothing a Z counted days ago (the rule counts from the last Z)', async () => {
    const t = setup();
    const sold = await t.record({ type: 'giftCard.pay', number: '700100000001', amount: 100 });
    await t.run();
    t.advance(86_400_000);
    const closedAt = new Date(t.now()).toISOString();
    await t.outbox.closeDay({ from: '', closedAt, report: {}, carried: [] }, await t.counted('', closedAt));
    t.advance(400 * 86_400_000); // the tablet starts with its clock set wrong
    expect(await t.outbox.prune()).toBe(0);
    await t.record({ type: 'giftCard.pay', number: '700100000001', amount: 100 }); // a sale meanwhile
    await t.run();
    expect(await t.outbox.prune()).toBe(0);
    // A trainee closes a day in training with that clock: another server's Z moves nothing here.
    const wrongly = new Date(t.now()).toISOString();
    await (
      await t.db
    ).put('zReports', { scope: 'training', number: 1, from: '', closedAt: wrongly, report: {}, carried: [] });
    expect(await t.outbox.prune()).toBe(0);
    expect((await t.reads.get(sold.id))?.status).toBe('succeeded');
  });

  it('a sale kept before sales had finishedAt: pruned only where its server closed a day, by the same cap', async () => {
    const t = setup();
    const startedAt = new Date(t.now()).toISOString();
    const old = { transactionId: 'old-sale', due: 100, lines: [], status: 'completed' as const, startedAt };
    await (await t.db).put('sales', { ...old, scope: 'test', active: 0 });
    t.advance(91 * 86_400_000);
    expect(await t.outbox.prune()).toBe(0); // no Z on this server: nothing goes
    expect(await t.reads.getSale('old-sale')).toBeDefined();
    const closedAt = new Date(t.now() - 89 * 86_400_000).toISOString(); // a Z two days after the sale
    await (await t.db).put('zReports', { scope: 'test', number: 1, from: '', closedAt, report: {}, carried: [] });
    t.advance(400 * 86_400_000); // the tablet starts with its clock a year ahead
    await t.outbox.prune();
    expect(await t.reads.getSale('old-sale')).toBeDefined(); // within 90 days of the last Z
  });

  it('keeps the rule on the device clock, even after a Z closed while the clock was a year ahead', async () => {
    const t = setup();
    const today = await t.record({ type: 'giftCard.pay', number: '700100000001', amount: 100 });
    await t.run();
    t.advance(365 * 86_400_000); // the clock a year ahead while the day is closed
    const closedAt = new Date(t.now()).toISOString();
    await t.outbox.closeDay({ from: '', closedAt, report: {}, carried: [] }, await t.counted('', closedAt));
    t.advance(-365 * 86_400_000); // corrected
    expect(await t.outbox.prune()).toBe(0);
    expect((await t.reads.get(today.id))?.status).toBe('succeeded');
  });

  it('reads the journal a page at a time, newest first', async () => {
    const t = setup();
    for (let i = 0; i < 5; i += 1) {
      await t.record({ type: 'giftCard.unissue', number: `70010000009${i}` });
      t.advance(1000);
    }
    const first = await t.reads.page(2);
    const second = await t.reads.page(2, first.at(-1));
    expect([...first, ...second].map((r) => 'number' in r.request && r.request.number)).toEqual([
      '700100000094',
      '700100000093',
      '700100000092',
      '700100000091',
    ]);
  });
});
