import { describe, expect, it } from 'vitest';
import { outboxHarness } from '@/outbox/test/harness';
import { PROTOCOL, VERSION, type TillRequest } from '@/till-client/protocol';
import { createTillService, type From } from './till-service';

const envelope = { protocol: PROTOCOL, version: VERSION } as const;
const tillA: From = { origin: 'https://till-a.example', transport: 'message' };
const tillB: From = { origin: 'https://till-b.example', transport: 'message' };

/** Two allowed tills talk to one terminal: a sale is the till's that started it. */
describe('a till sale and another allowed till', () => {
  it('is unknown to the other till: it cannot read, cancel, reverse or refund it, nor take its reference', async () => {
    const t = outboxHarness();
    const service = createTillService({
      perform: t.perform,
      reads: t.reads,
      tab: 'tab-1',
      training: true,
      locale: 'en-IE',
      onSaleHere: () => undefined,
      returnSettings: () => null,
      settleWaitMs: 20,
    });
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
