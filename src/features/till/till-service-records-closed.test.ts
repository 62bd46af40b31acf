import { describe, expect, it } from 'vitest';
import { outboxHarness } from '@/outbox/test/harness';
import type { Perform } from '@/outbox/money-path';
import type { ReadModel } from '@/outbox/read-model';
import type { TillRequest } from '@/till-client/protocol';
import { envelope, tillA, tillServiceOf } from './till-test-service';

describe('a till’s refund whose return is written, then the records close under it (a newer terminal took them)', () => {
  it('is answered as under way, not no_record ("starts nothing", on which a till refunds again): the store credit is recorded and issued', async () => {
    const t = outboxHarness();
    let closed = false;
    // As db.ts's `blocking` does when a newer build opens the records in another window: reads fail from then on.
    const reads = new Proxy(t.reads, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key === 'returnsOf' && closed)
          return () => Promise.reject(new DOMException('The database connection is closing.', 'InvalidStateError'));
        return value;
      },
    }) as ReadModel;
    const perform: Perform = (async (intent) => {
      const out = await t.perform(intent);
      if (intent.type === 'startReturn') closed = true; // the return is durable; then the connection goes
      return out;
    }) as Perform;
    const service = tillServiceOf(t, { refundWay: 'storeCredit', refundSeries: 'SC1' }, 5000, { perform, reads });
    const ask = (request: object) => service.handle({ ...envelope, ...request } as TillRequest, tillA);
    try {
      // Two of the till's sales, paid by card and completed.
      const paid = async (reference: string, card: string) => {
        await ask({ id: `pay-${reference}`, type: 'pay', reference, amountDue: 2000, currency: 'EUR' });
        const found = await t.reads.saleByReference(reference);
        const act = (action: Parameters<typeof t.act>[0]) =>
          t.perform({ type: 'saleAction', transactionId: found?.transactionId ?? '', action });
        await act({ type: 'tender', kind: 'giftCard', number: card, amount: 2000, availableBefore: 5000 });
        await t.run();
        await act({ type: 'complete' });
        await t.run();
        return found;
      };
      await paid('R-M', '700100000007');
      const sale = await paid('R-N', '700100000001');

      const answer = await ask({ id: 'rf1', type: 'refund', reference: 'R-N', amount: 1000 });
      const returns = await t.reads.returnsOf(sale?.transactionId ?? '');
      expect(returns.map((r) => [r.amount, r.requestId])).toEqual([[1000, 'rf1']]); // money is on its way back
      await t.run();
      expect(await t.reads.returnsOf(sale?.transactionId ?? '')).toMatchObject([
        { lines: [{ state: { name: 'done' } }] },
      ]); // and the store credit was issued
      // The till is told it is under way (it asks `status` again), never "nothing started".
      expect(answer).toMatchObject({ type: 'status', inReplyTo: 'rf1', reference: 'R-N', state: 'in_progress' });

      // Its resend, and a `status` of its sale, are answered so too (not `no_record`).
      for (const again of [
        { id: 'rf1', type: 'refund', reference: 'R-N', amount: 1000 },
        { id: 's1', type: 'status', reference: 'R-N' },
      ])
        expect(await ask(again)).toMatchObject({ type: 'status', inReplyTo: again.id, state: 'in_progress' });

      // A refund of the other sale, asked while the records fail: nothing was written for it, `no_record`.
      expect(await ask({ id: 'rf9', type: 'refund', reference: 'R-M', amount: 500 })).toMatchObject({
        type: 'refused',
        reason: 'no_record',
      });
    } finally {
      t.sender.stop();
    }
  });
});
