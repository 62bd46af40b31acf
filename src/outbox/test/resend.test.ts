import { describe, expect, it } from 'vitest';
import { createLoyaltyApi } from '@/api/loyalty-api';
import { isActive } from '@/domain/sale';
import { dayReport } from '@/features/journal/day-report';
import { demoDataset } from '@/simulator/demo-dataset';
import { instrumentKey } from '@/simulator/engine/state';
import { simulatorFetch } from '@/simulator/browser/fetch-adapter';
import { simulatedApi } from '@/test-support/simulated-api';
import { createOutbox } from '../outbox';
import { createReadModel } from '../read-model';
import { createSender } from '../sender';
import { notesInEnglish, outboxHarness } from './harness';

/**
 * A payment whose answer was lost is resolved by sending it again with the same key and the same
 * body: whatever has changed at the till meanwhile (the cashier, the store's numbers) and whatever
 * the resend is told that says nothing of the first attempt, the money the server took is found,
 * never taken for refused (the cashier would take it another way: the customer pays twice).
 */
const loyaltyPay = { type: 'tender', kind: 'loyaltyCard', number: '710100000001', amount: 1000 } as const;

async function lostPayment() {
  const t = outboxHarness();
  await t.start(1000);
  t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
  await t.act({ ...loyaltyPay, availableBefore: 12000 });
  await t.run();
  expect(await t.lineStates()).toEqual(['unknown']);
  expect(t.state().loyaltyPayments).toHaveLength(1); // it was applied: only its answer was lost
  return t;
}

describe('sending an unknown payment again', () => {
  it('after another cashier signed on and the store numbers changed: the first attempt’s body, so the server replays it', async () => {
    const t = await lostPayment();
    t.sender.stop();
    // The money path as it is rebuilt when the next cashier signs on (terminal-provider): their id, new numbers.
    const config = { ...t.api.config, operatorId: 'next-cashier', storeId: 2, workstationId: 9 };
    const sent: unknown[] = [];
    const inner = simulatorFetch(t.app);
    const api = createLoyaltyApi({
      ...config,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'POST') sent.push(await request.clone().json());
        return inner(request);
      },
    });
    const outbox = createOutbox(t.db, {
      scope: 'test',
      training: true,
      operatorId: 'next-cashier',
      storeId: 2,
      workstationId: 9,
      now: () => new Date(t.now()),
    });
    const sender = createSender({
      api,
      outbox,
      reads: createReadModel(() => t.db, 'test'),
      now: t.now,
      elapsed: t.elapsed,
    });
    t.advance(2000);
    await sender.kick();
    await sender.idle();
    sender.stop();

    expect(await t.lineStates()).toEqual(['approved']);
    expect(sent).toEqual([
      expect.objectContaining({
        workstationData: expect.objectContaining({ operatorId: 'op7', storeId: 1, workstationId: 7 }),
      }),
    ]);
    expect(t.state().loyaltyPayments).toHaveLength(1);
  });

  it('answered 429 (turned away before its key is read): still unknown, sent again, then found', async () => {
    const t = await lostPayment();
    t.app.faults.replace({ next: { count: 1, kind: 'rateLimited', path: '/_pay' } });
    t.advance(2000);
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
    expect(await t.reads.waiting()).toHaveLength(1);
    // The cashier cannot take the blocked money another way meanwhile.
    const sale = await t.sale();
    await t.act({ type: 'removeLine', lineId: sale.lines[0]!.id });
    expect(await t.lineStates()).toEqual(['unknown']);

    t.advance(60_000);
    await t.run();
    expect(await t.lineStates()).toEqual(['approved']);
    expect(t.state().loyaltyPayments).toHaveLength(1);
    t.sender.stop();
  });

  it('its own key refused as used with another body: an earlier attempt took effect, so a manager looks; never refused', async () => {
    const t = await lostPayment();
    // A record whose first attempt went out with other details (as before the body was fixed when recorded).
    const db = await t.db;
    const [record] = await db.getAll('operations');
    await db.put('operations', { ...record!, workstation: { storeId: 5, workstationId: 5 } });
    t.advance(2000);
    await t.run();

    const after = await t.reads.get(record!.id);
    expect(after).toMatchObject({ status: 'attention', error: { code: 'idempotency_key_reused' } });
    expect(after?.notes?.map((n) => n.code)).toEqual(['keyReused', 'readAgain']);
    expect(notesInEnglish(after)).toContain('an earlier attempt took effect');
    expect(await t.lineStates()).toEqual(['unknown']);
    expect(await t.reads.waiting()).toHaveLength(0);
    t.sender.stop();
  });

  /** A gift card payment's answer lost after the server put the hold on the card (50.00 on it). */
  async function lostHold(t: ReturnType<typeof outboxHarness>) {
    await t.start(4000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 4000, availableBefore: 5000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
  }

  it('refused for lack of funds by a server that has not shown it keeps keys: the lost attempt may have taken them, so a manager looks; never refused', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    await lostHold(t);
    t.advance(2000);
    await t.run();

    // What such a server did: the first attempt's hold stands, the resend was refused.
    expect(t.state().authorizations.map((a) => [a.amount, a.status])).toEqual([[40, 'pending']]);
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    const after = await t.reads.get(id);
    expect(after).toMatchObject({ status: 'attention', error: { code: 'refused_after_lost_answer' } });
    expect(after?.notes).toEqual([
      { code: 'refusedAfterLostAnswer', reason: 'insufficient_funds' },
      { code: 'readAgain', available: 1000, onHold: 4000 },
    ]);
    expect(notesInEnglish(after)).toContain('the earlier attempt may have taken the money');
    // The money stays blocked: the cashier cannot take it another way.
    expect(await t.lineStates()).toEqual(['unknown']);
    expect(await t.reads.waiting()).toHaveLength(0);

    // The sale can still be voided, and is: no answer will come to hold it; the line stays with the manager.
    await t.act({ type: 'void' });
    await t.run();
    const voided = await t.sale();
    expect(voided.status).toBe('voided');
    expect(await t.lineStates()).toEqual(['unknown']);
    await t.act({ type: 'close' });
    expect(isActive(await t.sale())).toBe(false);
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 1 });
    t.sender.stop();
  });

  it('a loyalty payment denied for lack of funds by a server that has not shown it keeps keys: the lost attempt may have taken them, so a manager looks; never denied', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    await t.start(12000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ ...loyaltyPay, amount: 12000, availableBefore: 12000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
    t.advance(2000);
    await t.run();

    // What such a server did (its state in major units): the lost attempt took the whole balance, the resend was denied.
    expect(t.state().loyaltyPayments.map((p) => [p.result, p.approvedAmount])).toEqual([
      ['approved', 120],
      ['denied', 0],
    ]);
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    const after = await t.reads.get(id);
    expect(after).toMatchObject({ status: 'attention', error: { code: 'refused_after_lost_answer' } });
    expect(after?.notes?.map((n) => n.code)).toEqual(['refusedAfterLostAnswer', 'readAgain']);
    // Not "denied": the cashier cannot take the money another way.
    expect(await t.lineStates()).toEqual(['unknown']);
    t.sender.stop();
  });

  it('a loyalty payment denied after its answer was lost because the card closed meanwhile: the lost attempt may have paid, so a manager looks, and the void gives back what it took', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    await t.start(3000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ ...loyaltyPay, amount: 3000, availableBefore: 12000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
    // Closed in the back office before the resend.
    const card = t.app.engine.state.instruments[instrumentKey('demo', 'loyaltyCard', '710100000001')];
    if (card?.kind !== 'loyaltyCard') throw new Error('no loyalty card');
    card.statusCode = 2;
    t.advance(2000);
    await t.run();

    expect(t.state().loyaltyPayments.map((p) => [p.result, p.approvedAmount])).toEqual([
      ['approved', 30],
      ['denied', 0],
    ]);
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    const after = await t.reads.get(id);
    expect(after).toMatchObject({ status: 'attention', error: { code: 'refused_after_lost_answer' } });
    expect(notesInEnglish(after)).toContain('the earlier attempt may have been paid');
    // Not "denied": the cashier does not take the €30.00 another way while the card may have paid it.
    expect(await t.lineStates()).toEqual(['unknown']);

    // Open again, the card's sale voided: the void gives back what the lost attempt took.
    card.statusCode = 1;
    await t.act({ type: 'void' });
    await t.run();
    expect((await t.sale()).status).toBe('voided');
    expect(t.state().instruments.find((i) => i.number === '710100000001')?.amountNet).toBe(120);
    t.sender.stop();
  });

  it('a loyalty payment approved only in part after its answer was lost, by a server that has not shown it keeps keys: the lost attempt may have paid, so a manager looks; the rest is not due again, and the void gives back both', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    await t.start(10000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ ...loyaltyPay, amount: 10000, availableBefore: 12000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
    t.advance(2000);
    await t.run();

    // The lost attempt took 100.00 of the card's 120.00; the resend, new to the server, got the 20.00 left.
    expect(t.state().loyaltyPayments.map((p) => [p.result, p.approvedAmount])).toEqual([
      ['approved', 100],
      ['partiallyApproved', 20],
    ]);
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    const after = await t.reads.get(id);
    expect(after).toMatchObject({ status: 'attention', error: { code: 'refused_after_lost_answer' } });
    expect(notesInEnglish(after)).toContain('approved only part of this loyalty payment');
    // Not "approved 20.00 of 100.00": the cashier does not take 80.00 another way while the card may have paid it.
    expect(await t.lineStates()).toEqual(['unknown']);
    const cash = await t.act({ type: 'tenderExternal', amount: 8000, method: 'cash' });
    expect(cash && 'rejected' in cash ? cash.rejected : undefined).toBeDefined();

    await t.act({ type: 'void' });
    await t.run();
    expect((await t.sale()).status).toBe('voided');
    expect(t.state().instruments.find((i) => i.number === '710100000001')?.amountNet).toBe(120);
    t.sender.stop();
  });

  it('a loyalty payment a server that ignores keys applied twice: the sale’s void gives back both, the line is voided (no contradiction), and the day nets the twin out', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    await t.start(5000);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ ...loyaltyPay, amount: 5000, availableBefore: 12000 });
    await t.run();
    t.advance(2000);
    await t.run();
    expect(await t.lineStates()).toEqual(['approved']);
    expect(t.state().instruments.find((i) => i.number === '710100000001')?.amountNet).toBe(20); // 120 - 2 x 50

    await t.act({ type: 'void' });
    await t.run();
    const sale = await t.sale();
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([true, true]);
    expect(t.state().instruments.find((i) => i.number === '710100000001')?.amountNet).toBe(120);
    expect(sale.status).toBe('voided');
    expect(sale.lines.map((l) => l.state.name)).toEqual(['voided']);

    const records = await (await t.db).getAll('operations');
    const report = dayReport({
      settled: records,
      unsettled: records,
      sales: [sale],
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
      currency: 'EUR',
    });
    // The twin was taken and given back outside anything the terminal knew of: the day nets it out.
    expect(report.byKind.loyaltyCard.taken).toEqual({ count: 1, amount: 5000 });
    expect(report.byKind.loyaltyCard.loyaltyVoided).toEqual({ count: 1, amount: 5000 });
    t.sender.stop();
  });

  it('a loyalty void whose answer was lost, then answered "no such payment" by a server that has not shown it keeps keys: the lost attempt may have given it back, so a manager looks; never "nothing given back"', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    await t.start(5000);
    await t.act({ ...loyaltyPay, amount: 5000, availableBefore: 12000 });
    await t.run();
    expect(await t.lineStates()).toEqual(['approved']);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_voidPayment' } });
    await t.act({ type: 'void' });
    await t.run();
    expect(t.state().loyaltyPayments.map((p) => p.voided)).toEqual([true]); // the lost attempt gave it back
    // A server that keeps no record of its voids: the resend finds no payment left to void.
    t.app.engine.state.loyaltyVoids = {};
    t.advance(2000);
    await t.run();

    const voidId = (await t.sale()).lines[0]?.settleOperationId ?? '';
    const after = await t.reads.get(voidId);
    expect(after).toMatchObject({ status: 'attention', error: { code: 'refused_after_lost_answer' } });
    expect(after?.notes?.[0]).toEqual({ code: 'refusedAfterLostAnswer', reason: 'payment_not_found' });
    expect(notesInEnglish(after)).toContain('the earlier attempt may have given it back');
    // Neither "voided" (the day would count nothing taken) nor paid again: a manager's.
    expect(await t.lineStates()).toEqual(['unknown']);
    t.sender.stop();
  });

  it('refused for lack of funds by a server that keeps keys: its word (it would have replayed the lost attempt), the line refused', async () => {
    const t = outboxHarness({ keys: 'kept' });
    // The server shows it keeps keys: a lost answer, replayed and said so.
    await t.start(100);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 100, availableBefore: 5000 });
    await t.run();
    t.advance(10_000);
    await t.run();
    expect(await t.lineStates()).toEqual(['authorized']);

    // A payment that never reached it (503: nothing happened), then the card spent at another till.
    await t.start(4000, 'tab-2'); // in another window: the first sale, its hold kept, is still on this one's screen
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 4000, availableBefore: 4900 });
    await t.run();
    expect(await t.lineStates()).toEqual(['unknown']);
    const other = outboxHarness({ sim: t });
    await other.start(2000);
    await other.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 4900 });
    await other.run();
    expect(await other.lineStates()).toEqual(['authorized']);
    t.advance(10_000);
    await t.run();

    expect(await t.lineStates()).toEqual(['failed']);
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    expect(await t.reads.get(id)).toMatchObject({ status: 'refused', error: { code: 'insufficient_funds' } });
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 0 });
    t.sender.stop();
    other.sender.stop();
  });

  it('a card sold whose answer was lost, then refused as already issued: it may have been this sale that issued it, so a manager looks', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_issue' } });
    const record = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.issue', number: '700100001003', amount: 1000 },
      reason: 'Gift card sold',
    });
    await t.run();
    expect((await t.reads.get(record.id))?.status).toBe('unknown');
    t.advance(10_000);
    await t.run();

    const after = await t.reads.get(record.id);
    expect(after).toMatchObject({ status: 'attention', error: { code: 'refused_after_lost_answer' } });
    expect(after?.notes?.map((n) => n.code)).toEqual(['refusedAfterLostAnswer', 'readAgain']);
    expect(notesInEnglish(after)).toContain('the earlier attempt may have issued it');
    t.sender.stop();
  });

  it('a card sold whose answer was lost is not un-issued until that answer is known: the un-issue is refused, never sent, and the card stays sold', async () => {
    const t = outboxHarness();
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_issue' } });
    const sold = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.issue', number: '700100000003', amount: 2000 },
      reason: 'Gift card sold',
    });
    await t.run();
    expect((await t.reads.get(sold.id))?.status).toBe('unknown');
    // A manager reads the card (the lost attempt issued it) and un-issues it before the resend.
    const unissue = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.unissue', number: '700100000003' },
      reason: 'Issue undone',
    });
    expect(unissue).toMatchObject({ status: 'refused', error: { code: 'earlier_waits' } });
    t.advance(1000);
    await t.run();
    await t.run();
    expect((await t.reads.get(sold.id))?.status).toBe('succeeded');
    expect((await t.reads.get(unissue.id))?.attempts).toBe(0);
    expect(t.state().instruments.find((i) => i.number === '700100000003')).toMatchObject({
      status: 'issued',
      amountNet: 20,
    });
    // Once the sale's outcome is known, the un-issue goes.
    const again = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.unissue', number: '700100000003' },
      reason: 'Issue undone',
    });
    expect(again.status).toBe('pending');
    await t.run();
    expect((await t.reads.get(again.id))?.status).toBe('succeeded');
    t.sender.stop();
  });

  it('a card whose un-issue’s answer was lost is not sold again until that answer is known: the resend would undo the new sale', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    const sold = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.issue', number: '700100000003', amount: 2000 },
      reason: 'Gift card sold',
    });
    await t.run();
    expect((await t.reads.get(sold.id))?.status).toBe('succeeded');
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_unissue' } });
    const undone = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.unissue', number: '700100000003' },
      reason: 'Issue undone',
    });
    await t.run();
    expect((await t.reads.get(undone.id))?.status).toBe('unknown');
    // The card reads as not issued (the lost attempt applied): a manager sells it again.
    const again = await t.perform({
      type: 'operation',
      request: { type: 'giftCard.issue', number: '700100000003', amount: 3000 },
      reason: 'Gift card sold',
    });
    expect(again).toMatchObject({ status: 'refused', error: { code: 'earlier_waits' } });
    t.advance(2000);
    await t.run();
    expect(t.sent.filter((r) => r.url.endsWith('/_issue'))).toHaveLength(1);
    t.sender.stop();
  });

  it('sent again with another access token (a manager entered a new one): new to the server, so a refusal is no proof there either', async () => {
    const tokens = [
      { token: 'demo-token', merchantId: 'M1' },
      { token: 'new-token', merchantId: 'M1' },
    ];
    const t = outboxHarness({ sim: simulatedApi({}, { ...demoDataset, tokens }) });
    t.sender.stop();
    // What the browser remembers of this server across money paths (localStorage).
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    } as Storage;
    const senderWith = (token: string) =>
      createSender({
        api: createLoyaltyApi({ ...t.api.config, token }),
        outbox: t.outbox,
        reads: t.reads,
        now: t.now,
        elapsed: t.elapsed,
        storage,
      });
    const run = async (sender: ReturnType<typeof createSender>) => {
      await sender.kick();
      await sender.idle();
    };
    const before = senderWith('demo-token');
    // The server shows it keeps keys: a lost answer, replayed and said so.
    await t.start(100);
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 100, availableBefore: 5000 });
    await run(before);
    t.advance(10_000);
    await run(before);
    expect(await t.lineStates()).toEqual(['authorized']);
    // A hold whose answer is lost (in another window: the first sale, its hold kept, is still on this one's screen).
    await t.start(4000, 'tab-2');
    t.app.faults.replace({ next: { count: 1, kind: 'drop', path: '/_pay' } });
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 4000, availableBefore: 4900 });
    await run(before);
    expect(await t.lineStates()).toEqual(['unknown']);
    before.stop();

    // The money path as rebuilt with the new token: the same key is new to the server under it.
    const after = senderWith('new-token');
    t.advance(10_000);
    await run(after);
    after.stop();
    expect(t.state().authorizations.map((a) => [a.amount, a.status])).toEqual([
      [1, 'pending'],
      [40, 'pending'],
    ]);
    const id = (await t.sale()).lines[0]?.payOperationId ?? '';
    expect(await t.reads.get(id)).toMatchObject({ status: 'attention', error: { code: 'refused_after_lost_answer' } });
    expect(await t.lineStates()).toEqual(['unknown']);
  });
});
