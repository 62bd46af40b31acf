import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReturnSettings } from '@/domain/return-flow';
import { outboxHarness } from '@/outbox/test/harness';
import { createPerform } from '@/outbox/money-path';
import { createOutbox } from '@/outbox/outbox';
import { createReadModel } from '@/outbox/read-model';
import type { TerminalMessage, TillRequest } from '@/till-client/protocol';
import { createTillService, type From } from './till-service';
import { envelope, tillA, tillB, tillServiceOf } from './till-test-service';

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

describe('a till’s sale made before the terminal’s mode or server changed', () => {
  it('is answered from that sale, never started again under the same reference; it is read, not changed', async () => {
    const t = outboxHarness();
    const serviceOn = (scope: string) =>
      createTillService({
        perform: createPerform(createOutbox(t.db, { scope, training: scope === 'training' }), 'tab-1'),
        reads: createReadModel(() => t.db, scope),
        tab: 'tab-1',
        training: scope === 'training',
        locale: 'en-IE',
        onSaleHere: () => undefined,
        returnSettings: () => null,
        managerAbove: () => 5000,
        settleWaitMs: 20,
      });
    // In training, the till's sale is started, then cancelled by the till.
    const before = serviceOn('training');
    const pay = { ...envelope, id: 'p1', type: 'pay', reference: 'R-OLD', amountDue: 1500, currency: 'EUR' } as const;
    expect(await before.handle(pay, tillA)).toMatchObject({ type: 'accepted' });
    expect(await before.handle({ ...envelope, id: 'c1', type: 'cancel', reference: 'R-OLD' }, tillA)).toMatchObject({
      type: 'result',
      result: { status: 'canceled' },
    });

    // The terminal now works with a live server. The till reloaded and asks again with the same
    // reference: it is told what became of that sale, and nothing starts on the live server.
    const live = 'live|https://loyalty.example|demo|M1';
    const after = serviceOn(live);
    expect(await after.handle({ ...pay, id: 'p2' }, tillA)).toMatchObject({
      type: 'result',
      result: { status: 'canceled', training: true },
    });
    expect(await after.handle({ ...envelope, id: 's1', type: 'status', reference: 'R-OLD' }, tillA)).toMatchObject({
      type: 'result',
      result: { status: 'canceled', training: true },
    });
    expect(await after.handle({ ...envelope, id: 'v1', type: 'cancel', reference: 'R-OLD' }, tillA)).toMatchObject({
      type: 'refused',
      reason: 'not_reversible',
      message: expect.stringContaining('another Loyalty server (or in training)'),
    });
    expect(await after.handle({ ...pay, id: 'p3', amountDue: 900 }, tillA)).toMatchObject({
      type: 'refused',
      reason: 'reference_conflict',
    });
    // Another till naming it is told there is none, as before.
    expect(await after.handle({ ...envelope, id: 's2', type: 'status', reference: 'R-OLD' }, tillB)).toMatchObject({
      state: 'unknown_reference',
    });
    expect(await createReadModel(() => t.db, live).activeSales()).toEqual([]);
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

/** A till's sale paid in full by a gift card, its commit landed: the service, its harness and how to ask. */
async function paidTillSale(settings: ReturnSettings | null, reference = 'R-P', managerAbove = 5000) {
  const t = outboxHarness();
  const service = tillServiceOf(t, settings, managerAbove);
  const ask = (request: object) => service.handle({ ...envelope, ...request } as TillRequest, tillA);
  await ask({ id: 'p1', type: 'pay', reference, amountDue: 2000, currency: 'EUR' });
  const started = await t.reads.saleByReference(reference);
  const act = (action: Parameters<typeof t.act>[0]) =>
    t.perform({ type: 'saleAction', transactionId: started?.transactionId ?? '', action });
  await act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
  await t.run();
  return { t, service, ask, act, sale: async () => (await t.reads.saleByReference(reference))! };
}

describe('a till’s sale reversed, then the server changed', () => {
  it('is read with its returns, where they are kept: reversed, not paid', async () => {
    const { t, ask, act } = await paidTillSale({ refundWay: 'storeCredit', refundSeries: 'SC1' }, 'R-REV');
    try {
      await act({ type: 'complete' });
      await t.run();
      const reversing = ask({ id: 'rev1', type: 'reverse', reference: 'R-REV' });
      await t.run();
      await reversing;
      await t.run();
      expect(await ask({ id: 's1', type: 'status', reference: 'R-REV' })).toMatchObject({
        result: { status: 'reversed' },
      });
      const other = createOutbox(t.db, { scope: 'live|https://other.example|demo|M1', training: false });
      const after = createTillService({
        perform: createPerform(other, 'tab-1'),
        reads: createReadModel(() => t.db, other.scope),
        tab: 'tab-1',
        training: false,
        locale: 'en-IE',
        onSaleHere: () => undefined,
        returnSettings: () => null,
        managerAbove: () => 5000,
        settleWaitMs: 20,
      });
      const status = { ...envelope, id: 's2', type: 'status', reference: 'R-REV' } as const;
      expect(await after.handle(status, tillA)).toMatchObject({ type: 'result', result: { status: 'reversed' } });
    } finally {
      t.sender.stop();
    }
  });
});

describe('the result a till’s sale sends by itself', () => {
  it('goes once: after it went, a later page load (or the next request in that window) does not send it again', async () => {
    const { t, service, act, sale } = await paidTillSale(null);
    try {
      t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_commit' } });
      await act({ type: 'complete' });
      await t.run();
      // Completed, its commit still without an answer: the sale stays on record, and is the till's to hear of.
      expect((await sale()).lines[0]?.state.name).toBe('committing');
      const sent = service.resultFor(await sale());
      expect(sent).toMatchObject({ type: 'result', result: { status: 'paid' } });

      await service.returned(await sale(), (sent as Extract<typeof sent, { type: 'result' }>).result);
      expect(await sale()).toMatchObject({ closed: true, till: { answered: true } });
      // What a new page load sees: the same sale, still active, already answered.
      expect((await t.reads.activeSales()).some((s) => s.till?.reference === 'R-P')).toBe(true);
      expect(service.resultFor(await sale())).toBeNull();
    } finally {
      t.sender.stop();
    }
  });
});

describe('a till’s result that a later answer changes', () => {
  const resultOf = (m: TerminalMessage | null) => (m?.type === 'result' ? m : null);
  /** Completed while its commit's first answer was lost: the till told "paid", the commit to be sent again. */
  async function toldPaidCommitResent() {
    const paid = await paidTillSale(null);
    const { t, service, act, sale } = paid;
    t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path: '/_commit' } });
    await act({ type: 'complete' });
    await t.run();
    const first = resultOf(service.resultFor(await sale()));
    expect(first?.result).toMatchObject({ status: 'paid', amountRemaining: 0, settling: true });
    await service.returned(await sale(), first!.result);
    expect(service.resultFor(await sale())).toBeNull();
    return paid;
  }

  it('goes again, marked changed, when the commit sent again is refused once the hold lapsed: less was paid', async () => {
    const { t, service, sale } = await toldPaidCommitResent();
    try {
      t.advance(16 * 60_000); // the hold lapses before the commit is sent again
      await t.run();
      expect((await sale()).lines[0]?.state.name).toBe('failed');
      const again = resultOf(service.resultFor(await sale()));
      expect(again).toMatchObject({
        changed: true,
        reference: 'R-P',
        result: { status: 'partially_paid', amountCovered: 0, amountRemaining: 2000 },
      });
      expect(again).not.toHaveProperty('inReplyTo');
      // Told: not sent a third time.
      await service.returned(await sale(), again!.result);
      expect(service.resultFor(await sale())).toBeNull();
    } finally {
      t.sender.stop();
    }
  });

  it('goes once more when the answer that came confirms it, no longer settling; not again, nor over the URL transport', async () => {
    const { t, service, sale } = await toldPaidCommitResent();
    try {
      t.advance(30_000); // the back-off, well within the hold
      await t.run(); // the commit lands: still paid
      expect((await sale()).lines[0]?.state.name).toBe('committed');
      // Told "paid, settling": now told it is settled (the till hands over the goods), once.
      const settled = resultOf(service.resultFor(await sale()));
      expect(settled).toMatchObject({ changed: true, result: { status: 'paid', amountRemaining: 0 } });
      expect(settled?.result).not.toHaveProperty('settling');
      await service.returned(await sale(), settled!.result);
      expect(service.resultFor(await sale())).toBeNull();
      // A sale from a link, its first result sent to the callback: a later change is read with status.
      const fromLink = await sale();
      const lapsed = {
        ...fromLink,
        till: { ...fromLink.till!, transport: 'url' as const, answeredAs: 'unknown|0|2000|0' },
      };
      expect(service.resultFor(lapsed)).toBeNull();
      expect(service.resultFor({ ...lapsed, till: { ...lapsed.till, transport: 'message' } })).toMatchObject({
        changed: true,
      });
      // Still settling (an answer of its own still to come): no step on the way is sent, only where it ends.
      const settling = {
        ...lapsed,
        till: { ...lapsed.till, transport: 'message' as const },
        lines: lapsed.lines.map((l) => ({ ...l, state: { name: 'committing' as const, authCode: 'A' } })),
      };
      expect(service.resultFor(settling)).toBeNull();
      // A sale answered before what the till was told was kept: nothing to compare, nothing sent.
      expect(service.resultFor({ ...fromLink, till: { ...fromLink.till!, answeredAs: undefined } })).toBeNull();
    } finally {
      t.sender.stop();
    }
  });
});

describe('a refund the Loyalty server refuses whole', () => {
  it('is refused (not_reversible), never "refunded": nothing went back, and the sale still reads paid', async () => {
    // No such series: the server refuses to issue the store credit the money would go back as.
    const { t, ask, act } = await paidTillSale({ refundWay: 'storeCredit', refundSeries: 'NO-SUCH-SERIES' });
    try {
      await act({ type: 'complete' });
      await t.run();
      const refund = ask({ id: 'rf1', type: 'refund', reference: 'R-P', amount: 1000 });
      await t.run();
      expect(await refund).toMatchObject({ type: 'status', state: 'in_progress' }); // the server had not answered yet
      await t.run();
      // Asked again under the same id, once the server has refused: nothing went back, nothing is tried twice.
      expect(await ask({ id: 'rf1', type: 'refund', reference: 'R-P', amount: 1000 })).toMatchObject({
        type: 'refused',
        reason: 'not_reversible',
      });
      expect(await ask({ id: 's1', type: 'status', reference: 'R-P' })).toMatchObject({
        type: 'result',
        result: { status: 'paid', amountRemaining: 0 },
      });
      const status = await ask({ id: 's2', type: 'status', reference: 'R-P' });
      expect(status.type === 'result' && status.result.refund).toBeFalsy();
    } finally {
      t.sender.stop();
    }
  });
});

describe('a refund id used again', () => {
  it('for the same amount is the same refund; for another amount it is refused, and nothing more goes back', async () => {
    const { t, ask, act, service } = await paidTillSale({ refundWay: 'storeCredit', refundSeries: 'SC1' });
    try {
      await act({ type: 'complete' });
      await t.run();
      const rf1 = { ...envelope, id: 'rf1', type: 'refund', reference: 'R-P', amount: 500 } as const;
      expect(await service.askedBefore(rf1, tillA)).toBe(false); // by URL: the cashier is asked
      void ask({ id: 'rf1', type: 'refund', reference: 'R-P', amount: 500 });
      await t.run();
      await t.run();
      expect(await ask({ id: 'rf1', type: 'refund', reference: 'R-P', amount: 500 })).toMatchObject({
        type: 'result',
        result: { status: 'refunded', refund: { amountReturned: 500 } },
      });
      expect(await ask({ id: 'rf1', type: 'refund', reference: 'R-P', amount: 1500 })).toMatchObject({
        type: 'refused',
        reason: 'reference_conflict',
      });
      const sale = await t.reads.saleByReference('R-P');
      expect((await t.reads.returnsOf(sale?.transactionId ?? '')).map((r) => r.amount)).toEqual([500]);
      // Sent again by URL: answered from its return, no cashier's yes needed; another till's is not this one.
      expect(await service.askedBefore(rf1, tillA)).toBe(true);
      expect(await service.askedBefore({ ...rf1, id: 'rf2' }, tillA)).toBe(false);
      expect(await service.askedBefore(rf1, tillB)).toBe(false);
    } finally {
      t.sender.stop();
    }
  });
});

describe('a reverse or refund asked by a link, above the manager’s amount', () => {
  it('gives nothing back without the manager’s PIN at the terminal; with it, or from the till’s own message, it goes', async () => {
    // The manager's amount is 15.00; the sale is 20.00, paid by a gift card.
    const { t, service, act, sale } = await paidTillSale(
      { refundWay: 'storeCredit', refundSeries: 'SC1' },
      'R-P',
      1500,
    );
    const byLink: From = { origin: tillA.origin, transport: 'url', callback: `${tillA.origin}/back` };
    const ask = (request: object, from: From) => service.handle({ ...envelope, ...request } as TillRequest, from);
    const settle = async (answer: Promise<unknown>) => {
      await t.run();
      await t.run();
      return answer;
    };
    const given = async () => (await t.reads.returnsOf((await sale()).transactionId)).map((r) => r.amount);
    try {
      await act({ type: 'complete' });
      await t.run();
      const reverse = { ...envelope, id: 'rv1', type: 'reverse', reference: 'R-P' } as const;
      // What the cashier is shown before saying yes: all 20.00, above the amount.
      expect(await service.toGiveBack(reverse, byLink)).toEqual({ amount: 2000, together: 2000, needsManager: true });
      expect(await ask(reverse, byLink)).toMatchObject({
        type: 'refused',
        reason: 'not_reversible',
        message: expect.stringContaining('a manager must confirm it'),
      });
      expect(await given()).toEqual([]);

      // 10.00 is within the amount; 10.00 more makes 20.00 of this sale, and is not.
      const first = { ...envelope, id: 'rf1', type: 'refund', reference: 'R-P', amount: 1000 } as const;
      expect(await service.toGiveBack(first, byLink)).toEqual({ amount: 1000, together: 1000, needsManager: false });
      await settle(ask(first, byLink));
      expect(await given()).toEqual([1000]);
      const second = { ...first, id: 'rf2' };
      expect(await service.toGiveBack(second, byLink)).toEqual({ amount: 1000, together: 2000, needsManager: true });
      expect(await ask(second, byLink)).toMatchObject({ type: 'refused', reason: 'not_reversible' });
      expect(await given()).toEqual([1000]);
      // A manager's yes for less than this request makes with the rest is no yes for it.
      expect(await ask(second, { ...byLink, managerApproved: 1999 })).toMatchObject({
        type: 'refused',
        reason: 'not_reversible',
      });
      expect(await given()).toEqual([1000]);

      // The manager confirmed it with the PIN at the terminal, the 20.00 it makes: it goes (all back: the sale reads reversed).
      expect(await settle(ask(second, { ...byLink, managerApproved: 2000 }))).toMatchObject({
        result: { status: 'reversed', refund: { amountReturned: 2000 } },
      });
      expect(await given()).toEqual([1000, 1000]);
    } finally {
      t.sender.stop();
    }
  });

  it('is not held to it when the till’s own page asks by message (the till’s staff, at an allowed origin)', async () => {
    const { t, ask, act, sale } = await paidTillSale({ refundWay: 'storeCredit', refundSeries: 'SC1' }, 'R-P', 1500);
    try {
      await act({ type: 'complete' });
      await t.run();
      const reversed = ask({ id: 'rv1', type: 'reverse', reference: 'R-P' });
      await t.run();
      await t.run();
      expect(await reversed).not.toMatchObject({ type: 'refused' });
      expect((await t.reads.returnsOf((await sale()).transactionId)).map((r) => r.amount)).toEqual([2000]);
    } finally {
      t.sender.stop();
    }
  });
});

describe('a till’s sale voided while giving its card’s money back has no answer yet, the cashier moved on', () => {
  const cases = [
    { kind: 'giftCard', number: '700100000001', path: '/_cancel', line: 'canceling' },
    { kind: 'loyaltyCard', number: '710100000001', path: '/_voidPayment', line: 'voiding' },
  ] as const;
  it.each(cases)(
    '$kind: the till is told the 20.00 still held or taken is in doubt, never 0.00; once it lands, canceled',
    async ({ kind, number, path, line }) => {
      const t = outboxHarness();
      const service = tillServiceOf(t, null);
      try {
        const ask = (request: object) => service.handle({ ...envelope, ...request } as TillRequest, tillA);
        await ask({ id: 'p1', type: 'pay', reference: 'R-V', amountDue: 2000, currency: 'EUR' });
        const sale = async () => (await t.reads.saleByReference('R-V'))!;
        const act = async (action: Parameters<typeof t.act>[0]) =>
          t.perform({ type: 'saleAction', transactionId: (await sale()).transactionId, action });
        await act({ kind, number, type: 'tender', amount: 2000, availableBefore: 5000 });
        await t.run();
        t.app.faults.replace({ next: { count: 1, kind: 'unavailable', path } });
        await act({ type: 'void' });
        await t.run();
        expect((await sale()).lines[0]).toMatchObject({ state: { name: line }, settleQueued: true });
        expect((await act({ type: 'close' }))?.rejected).toBeUndefined(); // "Next sale": the release is sent again by itself

        const told = service.resultFor(await sale());
        expect(told).toMatchObject({
          type: 'result',
          result: { status: 'unknown', amountCovered: 0, amountUnknown: 2000, amountRemaining: 0 },
        });
        const result = told?.type === 'result' ? told.result : undefined;
        expect(result?.payments).toEqual([
          expect.objectContaining({ kind, maskedNumber: '**** 0001', amount: 2000, state: 'unknown' }),
        ]);
        expect(result?.slipText).toMatch(/Outcome not known yet/);
        expect(result?.slipText).toMatch(/Paid by card\s+€0\.00/);
        expect(result?.slipText).not.toMatch(/Still to pay/);
        // Asked by status, the same.
        expect(await ask({ id: 's1', type: 'status', reference: 'R-V' })).toMatchObject({
          result: { status: 'unknown', amountUnknown: 2000 },
        });

        // The release sent again lands: nothing was taken, and the till is told so, marked changed.
        await service.returned(await sale(), result!);
        t.advance(60_000);
        await t.run();
        expect((await sale()).status).toBe('voided');
        expect(service.resultFor(await sale())).toMatchObject({
          changed: true,
          result: { status: 'canceled', amountCovered: 0, amountUnknown: 0, amountRemaining: 2000, payments: [] },
        });
      } finally {
        t.sender.stop();
      }
    },
  );
});

describe('two pays arriving together in one window', () => {
  const pay = (id: string, reference: string) =>
    ({ ...envelope, id, type: 'pay', reference, amountDue: 2000, currency: 'EUR' }) as const;
  const onScreen = async (t: ReturnType<typeof outboxHarness>) =>
    (await t.reads.activeSales()).filter((s) => s.owner === 'tab-1' && !s.closed);

  it('for the same reference (the till page reloaded and asked again): the repeat finds the sale, never busy', async () => {
    const t = outboxHarness();
    // The repeat looks its reference up first; the first request's write lands before it goes on.
    let hold: Promise<unknown> | undefined;
    const reads = {
      ...t.reads,
      saleByReference: async (reference: string) => {
        const waitFor = hold;
        hold = undefined;
        const found = await t.reads.saleByReference(reference);
        await waitFor;
        return found;
      },
    };
    const service = tillServiceOf(t, null, 5000, { reads });
    let firstDone: (value?: unknown) => void = () => undefined;
    hold = new Promise((resolve) => (firstDone = resolve));
    const repeat = service.handle(pay('p2', 'R-1'), tillA);
    const first = await service.handle(pay('p1', 'R-1'), tillA);
    firstDone();
    expect(first).toMatchObject({ type: 'accepted', reference: 'R-1' });
    expect(await repeat).toMatchObject({
      type: 'accepted',
      reference: 'R-1',
      transactionId: first.type === 'accepted' ? first.transactionId : '',
    });
    expect(await onScreen(t)).toHaveLength(1);
  });

  it('for two references: one is accepted, the other busy; one till sale on the screen, never two', async () => {
    const t = outboxHarness();
    const service = tillServiceOf(t, null);
    const answers = await Promise.all([service.handle(pay('a', 'R-A'), tillA), service.handle(pay('b', 'R-B'), tillA)]);
    expect(answers.map((a) => a.type).sort()).toEqual(['accepted', 'refused']);
    expect(answers.find((a) => a.type === 'refused')).toMatchObject({ reason: 'busy' });
    const [sale, ...more] = await onScreen(t);
    expect(more).toEqual([]);
    expect(answers.find((a) => a.type === 'accepted')).toMatchObject({ reference: sale?.till?.reference });
    // The one refused was never started: asked again once the first is finished, it starts then.
    const refused = answers.find((a) => a.type === 'refused')!;
    expect(await t.reads.saleByReference(refused.reference ?? '')).toBeUndefined();
  });

  it('a finished sale on the screen is closed by the write that starts the next', async () => {
    const t = outboxHarness();
    const service = tillServiceOf(t, null);
    await service.handle(pay('a', 'R-A'), tillA);
    const a = (await t.reads.saleByReference('R-A'))!;
    await t.perform({ type: 'saleAction', transactionId: a.transactionId, action: { type: 'void' } });
    expect(await service.handle(pay('b', 'R-B'), tillA)).toMatchObject({ type: 'accepted', reference: 'R-B' });
    expect((await t.reads.saleByReference('R-A'))?.closed).toBe(true);
    expect((await onScreen(t)).map((s) => s.till?.reference)).toEqual(['R-B']);
  });
});

describe('a pay repeated while its sale is open in another window of the terminal', () => {
  /** The windows whose Web Locks are held: those alive. */
  const windowsAlive = (...tabs: string[]) =>
    vi.stubGlobal('navigator', {
      locks: { query: async () => ({ held: tabs.map((tab) => ({ name: `loyalty-terminal-tab:${tab}` })) }) },
    });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The till's sale started in this window (tab-1), then taken over by the cashier's standalone tab (tab-2) while the till page reloaded. */
  async function takenByStandaloneTab() {
    const t = outboxHarness();
    let broughtForward = 0;
    const service = tillServiceOf(t, null, 5000, { onSaleHere: () => void broughtForward++ });
    const pay = { ...envelope, id: 'p1', type: 'pay', reference: 'R-W', amountDue: 2000, currency: 'EUR' } as const;
    expect(await service.handle(pay, tillA)).toMatchObject({ type: 'accepted' });
    const sale = (await t.reads.saleByReference('R-W'))!;
    await t.outbox.adopt(sale.transactionId, 'tab-1', 'tab-2');
    broughtForward = 0;
    return { t, service, pay: { ...pay, id: 'p2' }, sale, forward: () => broughtForward };
  }

  it('is busy, and this window does not show an empty sale screen: the cashier finishes it there', async () => {
    const { t, service, pay, sale, forward } = await takenByStandaloneTab();
    windowsAlive('tab-1', 'tab-2');
    expect(await service.handle(pay, tillA)).toMatchObject({
      type: 'refused',
      reason: 'busy',
      message: expect.stringContaining('another window of the terminal'),
    });
    expect(forward()).toBe(0);
    expect((await t.reads.getSale(sale.transactionId))?.owner).toBe('tab-2');

    // Finished there: the same pay is answered with its result.
    await t.perform({ type: 'saleAction', transactionId: sale.transactionId, action: { type: 'void' } });
    expect(await service.handle({ ...pay, id: 'p3' }, tillA)).toMatchObject({
      type: 'result',
      result: { status: 'canceled' },
    });
  });

  it('is accepted, and shown here, once that window is gone: this one carries the sale on', async () => {
    const { t, service, pay, sale, forward } = await takenByStandaloneTab();
    windowsAlive('tab-1');
    expect(await service.handle(pay, tillA)).toMatchObject({ type: 'accepted', transactionId: sale.transactionId });
    expect(forward()).toBe(1);
    expect((await t.reads.getSale(sale.transactionId))?.owner).toBe('tab-1');
  });

  it('is busy while this window is in another sale: a gone window’s sale is not taken over beside it', async () => {
    const { t, service, pay, sale, forward } = await takenByStandaloneTab();
    windowsAlive('tab-1');
    const other = { ...envelope, id: 'q1', type: 'pay', reference: 'R-X', amountDue: 500, currency: 'EUR' } as const;
    expect(await service.handle(other, tillA)).toMatchObject({ type: 'accepted', reference: 'R-X' });
    expect(await service.handle(pay, tillA)).toMatchObject({ type: 'refused', reason: 'busy' });
    expect(forward()).toBe(1); // R-X only
    expect((await t.reads.getSale(sale.transactionId))?.owner).toBe('tab-2');
    const onScreen = (await t.reads.activeSales()).filter((s) => s.owner === 'tab-1' && !s.closed);
    expect(onScreen.map((s) => s.till?.reference)).toEqual(['R-X']);
  });
});
