import { describe, expect, it } from 'vitest';
import type { ReturnSettings } from '@/domain/return-flow';
import { outboxHarness } from '@/outbox/test/harness';
import { PROTOCOL, VERSION, type TillRequest } from '@/till-client/protocol';
import { createTillService, type From } from './till-service';

const envelope = { protocol: PROTOCOL, version: VERSION } as const;
const tillA: From = { origin: 'https://till-a.example', transport: 'message' };
const tillB: From = { origin: 'https://till-b.example', transport: 'message' };

/** The terminal's side of the till protocol over a harness's outbox, giving money back as `settings` say. */
const tillServiceOf = (t: ReturnType<typeof outboxHarness>, settings: ReturnSettings | null) =>
  createTillService({
    perform: t.perform,
    reads: t.reads,
    tab: 'tab-1',
    training: true,
    locale: 'en-IE',
    onSaleHere: () => undefined,
    returnSettings: () => settings,
    settleWaitMs: 20,
  });

/** Two allowed tills talk to one terminal: a sale is the till's that started it. */
describe('a till sale and another allowed till', () => {
  it('is unknown to the other till: it cannot read, cancel, reverse or refund it, nor take its reference', async () => {
    const t = outboxHarness();
    const service = tillServiceOf(t, null);
    type Bare = TillRequest extends infer R ? (R extends TillRequest ? Omit<R, 'protocol' | 'version'> : never) : never;
    const ask = (request: Bare, from: From) => service.handle({ ...envelope, ...request } as TillRequest, from);
    const pay = { id: 'p1', type: 'pay', reference: 'R-9', amountDue: 1000, currency: 'EUR' } as const;

    expect(await ask(pay, tillA)).toMatchObject({ type: 'accepted', reference: 'R-9' });
    expect(await ask({ id: 's1', type: 'status', reference: 'R-9' }, tillB)).toMatchObject({
      type: 'status',
      state: 'unknown_reference',
    });
    for (const type of ['cancel', 'reverse'] as const)
      expect(await ask({ id: `${type}1`, type, reference: 'R-9' }, tillB)).toMatchObject({
        type: 'refused',
        reason: 'unknown_reference',
      });
    expect(await ask({ id: 'r1', type: 'refund', reference: 'R-9', amount: 500 }, tillB)).toMatchObject({
      type: 'refused',
      reason: 'unknown_reference',
    });
    expect(await ask({ ...pay, id: 'p2' }, tillB)).toMatchObject({ type: 'refused', reason: 'reference_conflict' });

    // Its own till still has it, open, untouched.
    expect(await ask({ id: 's2', type: 'status', reference: 'R-9' }, tillA)).toMatchObject({
      type: 'status',
      state: 'in_progress',
    });
    expect((await t.reads.saleByReference('R-9'))?.status).toBe('open');
  });
});

describe('giving a till’s sale back while a commit of it has no answer', () => {
  it('is refused as busy, and the result stays paid, until the commit has landed: then it is reversed', async () => {
    const t = outboxHarness();
    const service = tillServiceOf(t, { refundWay: 'storeCredit', refundSeries: 'SC1' });
    try {
      const ask = (request: object) => service.handle({ ...envelope, ...request } as TillRequest, tillA);
      await ask({ id: 'p1', type: 'pay', reference: 'R-C', amountDue: 2000, currency: 'EUR' });
      const sale = await t.reads.saleByReference('R-C');
      const act = (action: Parameters<typeof t.act>[0]) =>
        t.perform({ type: 'saleAction', transactionId: sale?.transactionId ?? '', action });
      await act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
      await t.run();
      t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_commit' } });
      await act({ type: 'complete' });
      await t.run();
      expect((await t.reads.saleByReference('R-C'))?.lines[0]?.state.name).toBe('committing');

      // Nothing is given back while the gift card's 20.00 may or may not have been taken.
      expect(await ask({ id: 'rev1', type: 'reverse', reference: 'R-C' })).toMatchObject({
        type: 'refused',
        reason: 'busy',
      });
      expect(await t.reads.returnsOf(sale?.transactionId ?? '')).toEqual([]);
      expect(await ask({ id: 's0', type: 'status', reference: 'R-C' })).toMatchObject({
        type: 'result',
        result: { status: 'paid' },
      });

      t.advance(60_000);
      await t.run(); // the commit lands
      const reversed = ask({ id: 'rev2', type: 'reverse', reference: 'R-C' });
      await t.run();
      expect(await reversed).toMatchObject({ type: 'status', state: 'in_progress' });
      await t.run();
      expect(await ask({ id: 's1', type: 'status', reference: 'R-C' })).toMatchObject({
        type: 'result',
        result: { status: 'reversed', refund: { amountReturned: 2000 } },
      });
    } finally {
      t.sender.stop();
    }
  });
});
