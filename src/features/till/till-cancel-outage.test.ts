import { describe, expect, it } from 'vitest';
import { outboxHarness } from '@/outbox/test/harness';
import type { TillRequest } from '@/till-client/protocol';
import { envelope, tillA, tillServiceOf } from './till-test-service';

describe('a till’s sale whose removed line’s cancel is sent again through an outage of the server’s cancels', () => {
  it('is canceled at the till’s word (under way, not busy for as long as the outage lasts), and ends canceled once the server answers', async () => {
    const t = outboxHarness();
    const service = tillServiceOf(t, null);
    const ask = (request: object) => service.handle({ ...envelope, ...request } as TillRequest, tillA);
    try {
      await ask({ id: 'p1', type: 'pay', reference: 'R-O', amountDue: 2000, currency: 'EUR' });
      const sale = (await t.reads.saleByReference('R-O'))!;
      const act = (action: Parameters<typeof t.act>[0]) =>
        t.perform({ type: 'saleAction', transactionId: sale.transactionId, action });
      await act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 1000, availableBefore: 5000 });
      await t.run();
      t.app.faults.replace({ next: { count: 1000, kind: 'error500', path: '/_cancel' } });
      const line = (await t.reads.saleByReference('R-O'))!.lines[0]!;
      await act({ type: 'removeLine', lineId: line.id });
      await t.run();
      t.advance(60_000);
      await t.run();
      // The sale is voided; the cancel still waits for the server: under way, not busy.
      expect(await ask({ id: 'c1', type: 'cancel', reference: 'R-O' })).toMatchObject({
        type: 'status',
        inReplyTo: 'c1',
        state: 'in_progress',
      });
      // The till's next customer is taken meanwhile: the voided sale waits only for the server.
      expect(await ask({ id: 'p2', type: 'pay', reference: 'R-P', amountDue: 500, currency: 'EUR' })).toMatchObject({
        type: 'accepted',
        inReplyTo: 'p2',
      });
      // The server answers again: the cancel lands, and the till reads its sale canceled, nothing taken.
      t.app.faults.replace({});
      t.advance(60_000);
      await t.run();
      expect(await ask({ id: 's1', type: 'status', reference: 'R-O' })).toMatchObject({
        type: 'result',
        result: { status: 'canceled', amountCovered: 0, payments: [] },
      });
      expect(t.state().authorizations.map((a) => a.status)).toEqual(['canceled']);
    } finally {
      t.sender.stop();
    }
  });
});
