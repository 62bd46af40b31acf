import { describe, expect, it } from 'vitest';
import type { Answer, Outcome } from './operation';
import type { Authorization, LoyaltyPayment, LoyaltyVoid } from './payment';
import { remainingDue, waitsOnlyForReleases, type Sale } from './sale';
import { decide, evolve, startSale, type FlowEnv, type SaleAction } from './sale-flow';
import type { TenderLine, TenderLineState } from './tender-line';

const now = new Date('2026-11-22T12:00:00Z');
function env(): FlowEnv {
  let n = 0;
  return { now, newId: () => `id-${++n}` };
}
const account = { net: 4000, original: 5000, floor: 0, authorized: 0 };
const hold = (status: Authorization['status'] = 'pending', amount = 1000): Authorization => ({
  authCode: 'A1',
  instrumentId: '7001',
  amount,
  status,
  created: now.toISOString(),
  expires: '2026-11-22T12:15:00Z',
  account,
});
const loyalty = (result: LoyaltyPayment['result'], approvedAmount: number): LoyaltyPayment => ({
  result,
  requestedAmount: 1000,
  approvedAmount,
  transactionId: 'tx',
  account,
  ...(result === 'denied' && { denialReason: 'insufficient_funds' as const }),
});
const voided: LoyaltyVoid = { result: 'voided', transactionId: 'tx', voidedAmount: 1000, account };

const ok = <T>(result: T): Outcome<T> => ({ status: 'succeeded', result });
const refused = (code: string): Outcome<never> => ({ status: 'refused', code, message: code });
const passing: Outcome<never> = { status: 'passing', code: 'rate_limited', message: '' };
const unknown: Outcome<never> = { status: 'unknown', code: 'timeout', message: '' };

function sale(lines: TenderLine[], status: Sale['status'] = 'open', due = 3000): Sale {
  return { ...startSale(due, { scope: 's', owner: 'tab' }, { now, newId: () => 'tx' }), lines, status };
}
function line(
  id: string,
  kind: TenderLine['kind'],
  state: TenderLineState,
  more: Partial<TenderLine> = {},
): TenderLine {
  return {
    id,
    kind,
    number: kind === 'external' ? '' : kind === 'loyaltyCard' ? '7101' : '7001',
    amount: 1000,
    state,
    payOperationId: `pay-${id}`,
    ...more,
  };
}
const states: Record<string, TenderLineState> = {
  requesting: { name: 'requesting' },
  unknown: { name: 'unknown', reason: 'timeout' },
  authorized: { name: 'authorized', authCode: 'A1', expires: 'x' },
  committing: { name: 'committing', authCode: 'A1' },
  committed: { name: 'committed', authCode: 'A1' },
  canceling: { name: 'canceling', authCode: 'A1' },
  canceled: { name: 'canceled', authCode: 'A1', lapsed: false },
  failed: { name: 'failed', code: 'insufficient_funds' },
  approved: { name: 'approved', approvedAmount: 1000 },
  partiallyApproved: { name: 'partiallyApproved', approvedAmount: 400 },
  denied: { name: 'denied', reason: 'card_not_open' },
  voiding: { name: 'voiding', approvedAmount: 1000 },
  voided: { name: 'voided', approvedAmount: 1000 },
  recorded: { name: 'recorded' },
};
const kindOf = (state: string): TenderLine['kind'] =>
  ['approved', 'partiallyApproved', 'denied', 'voiding', 'voided'].includes(state)
    ? 'loyaltyCard'
    : state === 'recorded'
      ? 'external'
      : 'giftCard';
const answer = (type: Answer['type'], id: string, outcome: Outcome<unknown>, attempts = 1): Answer =>
  ({ type, id, request: { type } as Answer['request'], attempts, outcome }) as Answer;

describe('decide: a cashier tenders', () => {
  it.each([['giftCard'], ['storeCredit'], ['loyaltyCard']] as const)(
    '%s: a requesting line and its pay order, under the line’s own key',
    (kind) => {
      const step = decide(
        sale([]),
        { type: 'tender', kind, number: '123456', amount: 1200, availableBefore: 5000 },
        env(),
      );
      expect(step.sale.lines).toEqual([
        expect.objectContaining({ kind, amount: 1200, state: { name: 'requesting' }, availableBefore: 5000 }),
      ]);
      expect(step.orders).toEqual([
        {
          id: step.sale.lines[0]?.payOperationId,
          request: { type: `${kind}.pay`, number: '123456', amount: 1200 },
          transactionId: 'tx',
          reason: 'Sale',
          availableBefore: 5000, // kept on the record, not sent: a resend's denial is judged against it
        },
      ]);
    },
  );

  it.each(['requesting', 'unknown', 'committing', 'canceling', 'voiding'])(
    'is rejected while a line is %s (its money is neither taken nor released)',
    (name) => {
      const before = sale([line('a', kindOf(name), states[name]!)]);
      const step = decide(before, { type: 'tender', kind: 'giftCard', number: '7001', amount: 500 }, env());
      expect(step.rejected).toBeDefined();
      expect(step.sale).toBe(before);
      expect(step.orders).toEqual([]);
    },
  );

  it.each([[0], [-1], [2001], [1.5]])(
    'refuses an amount of %s (over the remaining due, not positive, not whole minor units)',
    (amount) => {
      const step = decide(
        sale([line('a', 'external', states.recorded!)]),
        { type: 'tender', kind: 'giftCard', number: '7001', amount },
        env(),
      );
      expect(step.rejected).toBe('amount');
    },
  );

  it.each(['completing', 'completed', 'voiding', 'voided'] as const)('is rejected on a %s sale', (status) => {
    expect(
      decide(sale([], status), { type: 'tender', kind: 'giftCard', number: '7001', amount: 100 }, env()).rejected,
    ).toBeDefined();
  });

  it('records cash or bank card as a line with nothing to send', () => {
    const step = decide(sale([]), { type: 'tenderExternal', amount: 3000, method: 'cash' }, env());
    expect(step.sale.lines[0]).toMatchObject({ kind: 'external', state: { name: 'recorded' }, method: 'cash' });
    expect(step.orders).toEqual([]);
  });
});

describe('decide: a sale started in another currency than the server’s now', () => {
  const inYen = { ...env(), currency: 'JPY' };
  const euros = (lines: TenderLine[]): Sale => ({ ...sale(lines), currency: 'EUR' });
  it('takes no payment and does not complete: its amounts would be another sum', () => {
    const card = { type: 'tender', kind: 'giftCard', number: '7001', amount: 1000 } as const;
    expect(decide(euros([]), card, inYen)).toMatchObject({ rejected: 'currency_changed', orders: [] });
    expect(decide(euros([]), { type: 'tenderExternal', amount: 1000, method: 'cash' }, inYen).rejected).toBe(
      'currency_changed',
    );
    const paid = euros([line('a', 'external', states.recorded!, { amount: 3000 })]);
    expect(decide(paid, { type: 'complete' }, inYen).rejected).toBe('currency_changed');
    expect(decide(paid, { type: 'complete' }, { ...env(), currency: 'EUR' }).sale.status).toBe('completed');
  });
  it('is voided: its holds given back, which carry no amount', () => {
    const held = euros([line('a', 'giftCard', states.authorized!)]);
    const step = decide(held, { type: 'void' }, inYen);
    expect(step.rejected).toBeUndefined();
    expect(step.orders.map((o) => o.request.type)).toEqual(['giftCard.cancel']);
  });
});

describe('decide: removing a line, in every state', () => {
  const gone = ['recorded', 'denied', 'failed', 'canceled', 'voided'];
  const refusedStates = ['requesting', 'unknown', 'committing', 'canceling', 'voiding', 'committed'];
  it.each(gone)('%s: removed at once, nothing sent', (name) => {
    const step = decide(sale([line('a', kindOf(name), states[name]!)]), { type: 'removeLine', lineId: 'a' }, env());
    expect(step.sale.lines).toEqual([]);
    expect(step.orders).toEqual([]);
  });
  it.each(refusedStates)('%s: refused (in flight, unresolved, or already paid for good)', (name) => {
    expect(
      decide(sale([line('a', kindOf(name), states[name]!)]), { type: 'removeLine', lineId: 'a' }, env()).rejected,
    ).toBeDefined();
  });
  it('authorized: the hold is canceled, the line goes once the cancel lands', () => {
    const step = decide(
      sale([line('a', 'storeCredit', states.authorized!)]),
      { type: 'removeLine', lineId: 'a' },
      env(),
    );
    expect(step.sale.lines[0]).toMatchObject({
      state: { name: 'canceling', authCode: 'A1' },
      removing: true,
      settleOperationId: 'id-1',
    });
    expect(step.orders).toEqual([
      expect.objectContaining({
        id: 'id-1',
        request: { type: 'storeCredit.cancel', number: '7001', authCode: 'A1', amount: 1000 },
        reason: 'Tender removed',
      }),
    ]);
    const after = evolve(step.sale, answer('storeCredit.cancel', 'id-1', ok(hold('canceled'))), env());
    expect(after.sale.lines).toEqual([]);
  });
  it.each(['approved', 'partiallyApproved'])(
    'loyalty %s: every paid line of that card is voided by one void',
    (name) => {
      const lines = [
        line('a', 'loyaltyCard', states[name]!),
        line('b', 'loyaltyCard', states.approved!),
        line('c', 'loyaltyCard', states.denied!),
        line('d', 'loyaltyCard', states.approved!, { number: '7102' }),
      ];
      const step = decide(sale(lines, 'open', 5000), { type: 'removeLine', lineId: 'a' }, env());
      expect(step.sale.lines.map((l) => l.state.name)).toEqual(['voiding', 'voiding', 'denied', 'approved']);
      const approved = name === 'approved' ? 1000 : 400;
      expect(step.orders).toEqual([
        expect.objectContaining({
          request: { type: 'loyaltyCard.voidPayment', number: '7101', amount: approved + 1000 },
        }),
      ]);
      const after = evolve(step.sale, answer('loyaltyCard.voidPayment', 'id-1', ok(voided)), env());
      expect(after.sale.lines.map((l) => l.id)).toEqual(['c', 'd']);
    },
  );
});

describe('decide: complete, void, close', () => {
  it('commits every hold, nothing else; completes when every commit is answered', () => {
    const s = sale([
      line('a', 'giftCard', states.authorized!),
      line('b', 'loyaltyCard', states.approved!),
      line('c', 'external', states.recorded!),
    ]);
    const step = decide(s, { type: 'complete' }, env());
    expect(step.sale.status).toBe('completing');
    expect(step.orders.map((o) => o.request)).toEqual([
      { type: 'giftCard.commit', number: '7001', authCode: 'A1', amount: 1000 },
    ]);
    expect(evolve(step.sale, answer('giftCard.commit', 'id-1', ok(hold('committed'))), env()).sale.status).toBe(
      'completed',
    );
  });
  it('a sale with no holds completes at once', () => {
    expect(
      decide(sale([line('c', 'external', states.recorded!, { amount: 3000 })]), { type: 'complete' }, env()).sale
        .status,
    ).toBe('completed');
  });
  it('cannot complete with money still due or a line in flight', () => {
    expect(
      decide(sale([line('a', 'giftCard', states.authorized!)]), { type: 'complete' }, env()).rejected,
    ).toBeDefined();
    expect(
      decide(
        sale([line('a', 'giftCard', states.authorized!, { amount: 2000 }), line('b', 'giftCard', states.unknown!)]),
        { type: 'complete' },
        env(),
      ).rejected,
    ).toBeDefined();
  });
  it('void cancels holds, voids each loyalty card once, and tells the manager about money already committed', () => {
    const lines = [
      line('a', 'giftCard', states.authorized!),
      line('b', 'loyaltyCard', states.approved!),
      line('c', 'loyaltyCard', states.partiallyApproved!),
      line('d', 'storeCredit', states.committed!, { settleOperationId: 'commit-d' }),
      line('e', 'loyaltyCard', states.denied!),
    ];
    const step = decide(sale(lines, 'open', 5000), { type: 'void' }, env());
    expect(step.sale.status).toBe('voiding');
    expect(step.orders.map((o) => o.request.type)).toEqual(['giftCard.cancel', 'loyaltyCard.voidPayment']);
    // Stored as a code with its facts; worded "…had already paid this amount…" by the catalogue (note-text.test.ts).
    expect(step.flags).toEqual([{ operationId: 'commit-d', note: { code: 'voidedCommitted', card: '•••• 7001' } }]);
    let s = evolve(step.sale, answer('giftCard.cancel', step.orders[0]!.id, ok(hold('canceled'))), env()).sale;
    s = evolve(s, answer('loyaltyCard.voidPayment', step.orders[1]!.id, ok(voided)), env()).sale;
    expect(s.status).toBe('voided');
  });
  it('void with an unknown line: known lines reversed now, the unknown one as soon as it is known', () => {
    const step = decide(
      sale([line('a', 'loyaltyCard', states.approved!), line('b', 'giftCard', states.unknown!)]),
      { type: 'void' },
      env(),
    );
    expect(step.orders.map((o) => o.request.type)).toEqual(['loyaltyCard.voidPayment']);
    let s = evolve(step.sale, answer('loyaltyCard.voidPayment', 'id-1', ok(voided)), env()).sale;
    expect(s.status).toBe('voiding');
    expect(decide(s, { type: 'close' }, env()).sale.closed).toBe(true);
    const known = evolve(s, answer('giftCard.pay', 'pay-b', ok(hold())), env());
    expect(known.orders).toEqual([
      expect.objectContaining({ request: expect.objectContaining({ type: 'giftCard.cancel' }), reason: 'Sale voided' }),
    ]);
    s = evolve(known.sale, answer('giftCard.cancel', known.orders[0]!.id, ok(hold('canceled'))), env()).sale;
    expect(s.status).toBe('voided');
  });
  it('void is refused while a request is in flight', () => {
    expect(decide(sale([line('a', 'giftCard', states.requesting!)]), { type: 'void' }, env()).rejected).toBeDefined();
  });
  it('a removed line whose cancel the server has not answered (sent again until it lands) does not hold the void', () => {
    const removed = { settleOperationId: 'cancel-a', removing: true };
    // Its first attempt still on its way: its answer decides what is left, the void waits for it.
    const first = sale([line('a', 'giftCard', states.canceling!, { ...removed, settleQueued: false })]);
    expect(decide(first, { type: 'void' }, env()).rejected).toBe('in_flight');
    // Queued (the server is down): the void goes, the other hold is canceled, that cancel is not sent twice.
    const queued = sale([
      line('a', 'giftCard', states.canceling!, { ...removed, settleQueued: true }),
      line('b', 'giftCard', states.authorized!, { amount: 2000 }),
    ]);
    const step = decide(queued, { type: 'void' }, env());
    expect(step.rejected).toBeUndefined();
    expect(step.sale.status).toBe('voiding');
    expect(step.orders.map((o) => [o.request.type, o.request.type === 'giftCard.cancel' && o.request.amount])).toEqual([
      ['giftCard.cancel', 2000],
    ]);
    expect(step.sale.lines.find((l) => l.id === 'a')).toMatchObject({
      settleOperationId: 'cancel-a',
      settleQueued: true,
    });
    expect(waitsOnlyForReleases(step.sale)).toBe(false); // b's cancel is on its first attempt
    // Both land: the sale is voided, the removed line gone.
    let s = evolve(step.sale, answer('giftCard.cancel', 'cancel-a', ok(hold('canceled'))), env()).sale;
    s = evolve(s, answer('giftCard.cancel', step.orders[0]!.id, ok(hold('canceled', 2000))), env()).sale;
    expect(s.status).toBe('voided');
    expect(s.lines.map((l) => l.id)).toEqual(['b']);
  });
  it('an empty sale voids at once', () => {
    expect(decide(sale([]), { type: 'void' }, env()).sale.status).toBe('voided');
  });
  it.each(['open', 'completing'] as const)('close is refused on a %s sale', (status) => {
    expect(decide(sale([], status), { type: 'close' }, env()).rejected).toBeDefined();
  });
});

describe('evolve: the answer to a payment, for every kind and outcome', () => {
  const cases: [TenderLine['kind'], Answer['type'], Outcome<unknown>, Partial<TenderLineState>][] = [
    ['giftCard', 'giftCard.pay', ok(hold()), { name: 'authorized', authCode: 'A1' }],
    ['storeCredit', 'storeCredit.pay', ok(hold()), { name: 'authorized' }],
    ['loyaltyCard', 'loyaltyCard.pay', ok(loyalty('approved', 1000)), { name: 'approved', approvedAmount: 1000 }],
    [
      'loyaltyCard',
      'loyaltyCard.pay',
      ok(loyalty('partiallyApproved', 400)),
      { name: 'partiallyApproved', approvedAmount: 400 },
    ],
    ['loyaltyCard', 'loyaltyCard.pay', ok(loyalty('denied', 0)), { name: 'denied', reason: 'insufficient_funds' }],
    ['giftCard', 'giftCard.pay', refused('insufficient_funds'), { name: 'failed', code: 'insufficient_funds' }],
    ['loyaltyCard', 'loyaltyCard.pay', passing, { name: 'failed', code: 'rate_limited' }],
    ['storeCredit', 'storeCredit.pay', unknown, { name: 'unknown', reason: 'timeout' }],
  ];
  for (const from of ['requesting', 'unknown']) {
    it.each(cases)(`${from} %s, %s answered %j`, (kind, type, outcome, expected) => {
      const step = evolve(sale([line('a', kind, states[from]!)]), answer(type, 'pay-a', outcome), env());
      expect(step.sale.lines[0]?.state).toMatchObject(expected);
      expect(step.orders).toEqual([]);
    });
  }
  it('an answer that comes twice, or after the line moved on, changes nothing', () => {
    const once = evolve(
      sale([line('a', 'giftCard', states.requesting!)]),
      answer('giftCard.pay', 'pay-a', ok(hold())),
      env(),
    ).sale;
    for (const late of [ok(hold()), refused('insufficient_funds'), unknown]) {
      expect(evolve(once, answer('giftCard.pay', 'pay-a', late), env()).sale).toEqual(once);
    }
    const committing = sale([line('a', 'giftCard', states.committing!, { settleOperationId: 'c1' })], 'completed');
    expect(evolve(committing, answer('giftCard.pay', 'pay-a', ok(hold())), env()).sale).toEqual(committing);
  });
  it('an answer to an operation the sale never asked for changes nothing', () => {
    const s = sale([line('a', 'giftCard', states.authorized!)]);
    expect(evolve(s, answer('giftCard.commit', 'nobody', ok(hold('committed'))), env()).sale).toEqual(s);
  });
  it('a payment that went through only on a resend is checked against the card', () => {
    const step = evolve(
      sale([line('a', 'giftCard', states.unknown!, { availableBefore: 5000 })]),
      answer('giftCard.pay', 'pay-a', ok(hold()), 3),
      env(),
    );
    expect(step.verify).toEqual([{ operationId: 'pay-a', kind: 'giftCard', number: '7001', availableAtLeast: 4000 }]);
  });
  it('keeps the balance left for the slip', () => {
    const step = evolve(
      sale([line('a', 'giftCard', states.requesting!)]),
      answer('giftCard.pay', 'pay-a', ok(hold())),
      env(),
    );
    expect(step.sale.lines[0]?.balanceAfter).toBe(4000);
  });
});

describe('evolve: commits', () => {
  const completing = (status: Sale['status']) =>
    sale([line('a', 'giftCard', states.committing!, { settleOperationId: 'c1', amount: 3000 })], status);
  it('landed: committed, the sale completed', () => {
    const s = evolve(completing('completing'), answer('giftCard.commit', 'c1', ok(hold('committed'))), env()).sale;
    expect([s.status, s.lines[0]?.state.name]).toEqual(['completed', 'committed']);
  });
  it.each([
    ['unknown', unknown],
    ['passing', passing],
  ])('%s: queued and resent, the sale completes meanwhile', (_n, outcome) => {
    const s = evolve(completing('completing'), answer('giftCard.commit', 'c1', outcome), env()).sale;
    expect([s.status, s.lines[0]?.state.name, s.lines[0]?.settleQueued]).toEqual(['completed', 'committing', true]);
  });
  it('unanswered, its hold ending within two minutes: the sale waits for the answer, and opens again if the hold is gone', () => {
    const ending = (expires: string) =>
      sale(
        [
          line(
            'a',
            'giftCard',
            { name: 'committing', authCode: 'A1', expires },
            { settleOperationId: 'c1', amount: 3000 },
          ),
        ],
        'completing',
      );
    // env()'s clock is 12:00:00: the hold ends at 12:01:30.
    const waiting = evolve(ending('2026-11-22T12:01:30Z'), answer('giftCard.commit', 'c1', unknown), env()).sale;
    expect([waiting.status, waiting.lines[0]?.state.name, waiting.lines[0]?.settleQueued]).toEqual([
      'completing',
      'committing',
      true,
    ]);
    const gone = evolve(waiting, answer('giftCard.commit', 'c1', refused('authorization_expired'), 2), env()).sale;
    expect([gone.status, gone.notice, remainingDue(gone)]).toEqual(['open', 'reopened', 3000]);
    const landed = evolve(waiting, answer('giftCard.commit', 'c1', ok(hold('committed')), 2), env()).sale;
    expect([landed.status, landed.lines[0]?.state.name]).toEqual(['completed', 'committed']);
    // Ten minutes left: the resends have time, the sale completes meanwhile (as before).
    const early = evolve(ending('2026-11-22T12:10:00Z'), answer('giftCard.commit', 'c1', unknown), env()).sale;
    expect(early.status).toBe('completed');
  });
  describe('when a hold lapses is counted on this terminal’s clock, from when it asked', () => {
    // The server's clock says 12:00 when it places a 15-minute hold (it lapses at 12:15, its time).
    const serverHold = { ...hold(), created: '2026-11-22T12:00:00.000Z', expires: '2026-11-22T12:15:00.000Z' };
    const at = (iso: string): FlowEnv => ({ ...env(), now: new Date(iso) });
    /** Tendered at `asked`, answered with `answer`, then completed at `completeAt` with the commit unanswered. */
    function completedUnanswered(asked: string, answerAt: string, completeAt: string, paid: Outcome<unknown>) {
      const tendered = decide(
        sale([], 'open', 1000),
        { type: 'tender', kind: 'giftCard', number: '7001', amount: 1000 },
        at(asked),
      ).sale;
      const payId = tendered.lines[0]!.payOperationId!;
      const held = evolve(tendered, answer('giftCard.pay', payId, paid), at(answerAt)).sale;
      const completing = decide(held, { type: 'complete' }, at(completeAt));
      const commitId = completing.orders[0]!.id;
      return evolve(completing.sale, answer('giftCard.commit', commitId, unknown), at(completeAt)).sale;
    }

    it('a tablet 3 minutes slow: a hold with 90 s left is not taken for 4.5 minutes, the sale waits for its commit', () => {
      // The tablet reads 11:57 when the server says 12:00; the cashier completes at 12:10:30 on the
      // tablet (12:13:30 on the server): the hold has 90 s left, the server's 12:15 read on the
      // tablet's clock would say 4.5 minutes.
      const s = completedUnanswered(
        '2026-11-22T11:57:00.000Z',
        '2026-11-22T11:57:00.500Z',
        '2026-11-22T12:10:30.000Z',
        ok(serverHold),
      );
      expect([s.status, s.lines[0]?.state.name, s.lines[0]?.settleQueued]).toEqual(['completing', 'committing', true]);
    });
    it('a hold learnt of by a replay 5 minutes after it was asked for: counted from the asking, not the answer', () => {
      // Asked at 12:00 (both clocks agree), the answer lost; the resend's replay at 12:05 says
      // created 12:00, expires 12:15. Completed at 12:13:30 with the commit unanswered: 1.5 minutes left.
      const s = completedUnanswered(
        '2026-11-22T12:00:00.000Z',
        '2026-11-22T12:05:00.000Z',
        '2026-11-22T12:13:30.000Z',
        ok(serverHold),
      );
      expect(s.status).toBe('completing');
    });
    it('a tablet 3 minutes fast and plenty of time left: the sale completes meanwhile, as before', () => {
      const s = completedUnanswered(
        '2026-11-22T12:03:00.000Z',
        '2026-11-22T12:03:00.500Z',
        '2026-11-22T12:06:00.000Z',
        ok(serverHold),
      );
      expect(s.status).toBe('completed');
    });
  });
  it('its hold ending soon, the commit’s answer gone to a manager: the sale completes (no answer will come to hold it)', () => {
    const ending = sale(
      [
        line(
          'a',
          'giftCard',
          { name: 'committing', authCode: 'A1', expires: '2026-11-22T12:01:30Z' },
          { settleOperationId: 'c1', amount: 3000 },
        ),
      ],
      'completing',
    );
    const contradicted: Outcome<never> = { status: 'unknown', code: 'contradictory_answer', message: '' };
    const s = evolve(ending, answer('giftCard.commit', 'c1', contradicted), env()).sale;
    expect([s.status, s.lines[0]?.settleWithManager]).toEqual(['completed', true]);
  });
  it('a commit asked for keeps when its hold ends', () => {
    const s = sale(
      [line('a', 'giftCard', { name: 'authorized', authCode: 'A1', expires: '2026-11-22T12:15:00Z' })],
      'open',
      1000,
    );
    const step = decide(s, { type: 'complete' }, env());
    expect(step.sale.lines[0]?.state).toEqual({ name: 'committing', authCode: 'A1', expires: '2026-11-22T12:15:00Z' });
  });
  it.each(['authorization_expired', 'authorization_canceled', 'authorization_not_found'])(
    '%s while the cashier is there: the sale is open again, that amount due',
    (code) => {
      const s = evolve(completing('completing'), answer('giftCard.commit', 'c1', refused(code)), env()).sale;
      expect([s.status, s.notice, remainingDue(s)]).toEqual(['open', 'reopened', 3000]);
    },
  );
  it('lapsed after the cashier moved on (the commit path was down): the manager is told', () => {
    const step = evolve(
      completing('completed'),
      answer('giftCard.commit', 'c1', refused('authorization_expired')),
      env(),
    );
    // Worded "…this amount was never taken from the card…" by the catalogue (note-text.test.ts).
    expect(step.flags).toEqual([{ operationId: 'c1', note: { code: 'holdLapsedBeforeCommit' } }]);
    expect(step.sale.status).toBe('completed');
  });
  it('refused for another reason: the manager is told', () => {
    expect(
      evolve(completing('completed'), answer('giftCard.commit', 'c1', refused('merchant_not_allowed')), env()).flags,
    ).toHaveLength(1);
  });
  it('refused for another reason while the cashier is there: the sale is open again, that amount due, never stuck completing', () => {
    const step = evolve(
      completing('completing'),
      answer('giftCard.commit', 'c1', refused('merchant_not_allowed')),
      env(),
    );
    expect([step.sale.status, step.sale.notice, remainingDue(step.sale)]).toEqual(['open', 'commitRefused', 3000]);
    expect(step.sale.lines[0]?.state).toEqual({ name: 'failed', code: 'merchant_not_allowed' });
    expect(step.flags).toEqual([
      { operationId: 'c1', note: { code: 'commitRefused', reason: 'merchant_not_allowed' } },
    ]);
  });
  it('a lapsed hold tendered again completes for good (no bounce back to open)', () => {
    const e = env();
    let s = evolve(completing('completing'), answer('giftCard.commit', 'c1', refused('authorization_expired')), e).sale;
    const tendered = decide(s, { type: 'tender', kind: 'giftCard', number: '7001', amount: 3000 }, e);
    s = evolve(tendered.sale, answer('giftCard.pay', tendered.orders[0]!.id, ok(hold('pending', 3000))), e).sale;
    const completed = decide(s, { type: 'complete' }, e);
    s = evolve(completed.sale, answer('giftCard.commit', completed.orders[0]!.id, ok(hold('committed', 3000))), e).sale;
    expect([s.status, remainingDue(s), s.notice]).toEqual(['completed', 0, undefined]);
  });
});

describe('evolve: cancels and voids', () => {
  const canceling = () => sale([line('a', 'giftCard', states.canceling!, { settleOperationId: 'x1' })], 'voiding');
  it.each([
    ['canceled', ok(hold('canceled')), { name: 'canceled', lapsed: false }, 0],
    ['already lapsed', ok(hold('expired')), { name: 'canceled', lapsed: true }, 0],
    ['hold gone', refused('authorization_expired'), { name: 'canceled', lapsed: true }, 0],
    ['committed after all', refused('authorization_committed'), { name: 'committed' }, 1],
    // Nothing was given back: the line holds its hold again (it was left canceling, the sale stuck).
    ['refused otherwise', refused('merchant_not_allowed'), { name: 'authorized', authCode: 'A1' }, 1],
    ['unknown', unknown, { name: 'canceling' }, 0],
  ] as const)('cancel %s', (_n, outcome, expected, flags) => {
    const step = evolve(canceling(), answer('giftCard.cancel', 'x1', outcome), env());
    expect(step.sale.lines[0]?.state).toMatchObject(expected);
    expect(step.flags).toHaveLength(flags);
  });
  it.each([
    ['voided', ok(voided), 'voided', 0],
    ['nothing to void', refused('payment_not_found'), 'voided', 0],
    // Nothing was given back: the line is paid again (it was left voiding, the sale stuck).
    ['refused otherwise', refused('merchant_not_allowed'), 'approved', 1],
    ['passing', passing, 'voiding', 0],
  ] as const)('void %s', (_n, outcome, expected, flags) => {
    const step = evolve(
      sale([line('a', 'loyaltyCard', states.voiding!, { settleOperationId: 'v1' })], 'voiding'),
      answer('loyaltyCard.voidPayment', 'v1', outcome),
      env(),
    );
    expect(step.sale.lines[0]?.state.name).toBe(expected);
    expect(step.flags).toHaveLength(flags);
  });
  it('a void of a payment the server approved, answered "no such payment", gives nothing back: the line is paid again and a manager told', () => {
    // The request names what the sale knows was paid: the server contradicts its own approval.
    const removed = decide(sale([line('a', 'loyaltyCard', states.approved!)]), { type: 'void' }, env());
    expect(removed.orders[0]?.request).toMatchObject({ type: 'loyaltyCard.voidPayment', amount: 1000 });
    const step = evolve(
      removed.sale,
      {
        ...answer('loyaltyCard.voidPayment', removed.orders[0]!.id, refused('payment_not_found')),
        request: removed.orders[0]!.request,
      } as Answer,
      env(),
    );
    expect(step.sale.lines[0]?.state).toEqual({ name: 'approved', approvedAmount: 1000 });
    expect(step.sale.notice).toBe('releaseRefused');
    expect(step.flags).toEqual([
      { operationId: removed.orders[0]!.id, note: { code: 'voidRefused', reason: 'payment_not_found' } },
    ]);
  });
  it('a removed hold that turned out committed stays on the sale, paid', () => {
    const s = sale([line('a', 'giftCard', states.canceling!, { settleOperationId: 'x1', removing: true })]);
    const step = evolve(s, answer('giftCard.cancel', 'x1', refused('authorization_committed')), env());
    expect(step.sale.lines[0]).toMatchObject({ state: { name: 'committed' }, removing: false });
  });
});

describe('a loyalty payment whose outcome went to a manager', () => {
  const lost = { name: 'unknown', reason: 'refused_after_lost_answer' } as const;

  it('is voided with the card’s known payments; the void’s answer tells what each gave back', () => {
    const before = sale([
      line('a', 'loyaltyCard', states.approved!),
      line('b', 'loyaltyCard', lost, { amount: 500 }),
      line('c', 'loyaltyCard', lost, { amount: 300 }),
      line('d', 'loyaltyCard', lost, { number: '7102' }),
    ]);
    const step = decide(before, { type: 'void' }, env());
    expect(step.orders.map((o) => o.request)).toEqual([
      { type: 'loyaltyCard.voidPayment', number: '7101', amount: 1000, unknownUpTo: 800 },
      { type: 'loyaltyCard.voidPayment', number: '7102', amount: 0, unknownUpTo: 1000 },
    ]);
    // 16.00 came back for 7101: the known 10.00, then 5.00 and 1.00 of what the lost two asked.
    const after = evolve(
      step.sale,
      answer('loyaltyCard.voidPayment', step.orders[0]!.id, ok({ ...voided, voidedAmount: 1600 })),
      env(),
    );
    expect(after.sale.lines.map((l) => l.state)).toEqual([
      { name: 'voided', approvedAmount: 1000 },
      { name: 'voided', approvedAmount: 500 },
      { name: 'voided', approvedAmount: 100 },
      { name: 'voiding', approvedAmount: 0, lostReason: 'refused_after_lost_answer' },
    ]);
    expect(after.flags).toEqual([
      { operationId: 'pay-b', note: { code: 'givenBackByVoid', amount: 500 }, settles: true },
      { operationId: 'pay-c', note: { code: 'givenBackByVoid', amount: 100 }, settles: true },
    ]);
  });

  it('can be removed from an open sale, and goes once its void has answered', () => {
    const step = decide(sale([line('a', 'loyaltyCard', lost)]), { type: 'removeLine', lineId: 'a' }, env());
    expect(step.rejected).toBeUndefined();
    expect(step.sale.lines[0]?.state).toEqual({
      name: 'voiding',
      approvedAmount: 0,
      lostReason: 'refused_after_lost_answer',
    });
    const after = evolve(
      step.sale,
      answer('loyaltyCard.voidPayment', step.orders[0]!.id, refused('payment_not_found')),
      env(),
    );
    expect(after.sale.lines).toEqual([]);
    expect(remainingDue(after.sale)).toBe(3000);
  });

  it('on a card already voided in this sale is not voided again: the server would answer with the first void', () => {
    const removed = decide(
      sale([line('a', 'loyaltyCard', states.approved!)]),
      { type: 'removeLine', lineId: 'a' },
      env(),
    );
    const after = evolve(removed.sale, answer('loyaltyCard.voidPayment', removed.orders[0]!.id, ok(voided)), env());
    expect(after.sale.loyaltyVoided).toEqual(['7101']);
    const withLost = { ...after.sale, lines: [line('b', 'loyaltyCard', lost)] };
    expect(decide(withLost, { type: 'removeLine', lineId: 'b' }, env()).rejected).toBe('in_flight');
    expect(decide(withLost, { type: 'void' }, env()).orders).toEqual([]);
  });

  it('on a card voided before but paid with again is voided with that payment: the answer is a fresh one', () => {
    const paid = { name: 'approved', approvedAmount: 3000 } as const;
    const s = {
      ...sale([line('a', 'loyaltyCard', paid, { amount: 3000 }), line('b', 'loyaltyCard', lost, { amount: 2000 })]),
      loyaltyVoided: ['7101'],
    };
    const step = decide(s, { type: 'void' }, env());
    expect(step.orders.map((o) => o.request)).toEqual([
      { type: 'loyaltyCard.voidPayment', number: '7101', amount: 3000, unknownUpTo: 2000 },
    ]);
  });

  it('a void answered in contradiction: its lines are a manager’s, and the card is not voided again for them', () => {
    const step = decide(
      sale([line('a', 'loyaltyCard', states.approved!), line('b', 'loyaltyCard', lost, { amount: 500 })]),
      { type: 'removeLine', lineId: 'a' },
      env(),
    );
    const contradicted: Outcome<never> = { status: 'unknown', code: 'contradictory_answer', message: '' };
    const after = evolve(step.sale, answer('loyaltyCard.voidPayment', step.orders[0]!.id, contradicted), env());
    // The paid one says what it took (its giving back is in doubt); the lost one's is not known.
    expect(after.sale.lines.map((l) => l.state)).toEqual([
      { name: 'unknown', reason: 'contradictory_answer', released: 1000 },
      { name: 'unknown', reason: 'contradictory_answer' },
    ]);
    expect(after.sale.loyaltyVoided).toEqual(['7101']);
    expect(decide(after.sale, { type: 'removeLine', lineId: 'a' }, env()).rejected).toBe('in_flight');
    const voided = decide(after.sale, { type: 'void' }, env());
    expect([voided.orders, voided.sale.status]).toEqual([[], 'voided']);
  });

  it('a reversal by an earlier version keeps waiting when its void is refused or contradicted', () => {
    const reversing = sale([line('a', 'loyaltyCard', states.voiding!, { settleOperationId: 'v1' })], 'reversing');
    const contradicted: Outcome<never> = { status: 'unknown', code: 'contradictory_answer', message: '' };
    for (const outcome of [refused('merchant_not_allowed'), contradicted]) {
      const after = evolve(reversing, answer('loyaltyCard.voidPayment', 'v1', outcome), env());
      expect([after.sale.status, after.sale.lines[0]?.state.name]).toEqual(['reversing', 'voiding']);
    }
  });

  it('is bounded by what the card had: each attempt may have applied on a server that ignores keys', () => {
    const step = decide(
      sale([line('a', 'loyaltyCard', lost, { amount: 6000, availableBefore: 12000 })], 'open', 6000),
      { type: 'void' },
      env(),
    );
    expect(step.orders[0]?.request).toEqual({
      type: 'loyaltyCard.voidPayment',
      number: '7101',
      amount: 0,
      unknownUpTo: 12000,
    });
    const after = evolve(
      step.sale,
      answer('loyaltyCard.voidPayment', step.orders[0]!.id, ok({ ...voided, voidedAmount: 12000 })),
      env(),
    );
    expect(after.sale.lines[0]?.state).toEqual({ name: 'voided', approvedAmount: 12000 });
  });

  it('on a gift card cannot be given back (its hold is not known): removing it is refused', () => {
    const step = decide(sale([line('a', 'giftCard', lost)]), { type: 'removeLine', lineId: 'a' }, env());
    expect(step.rejected).toBe('in_flight');
  });
});

describe('every action on every line state is either taken whole or rejected whole', () => {
  const actions: SaleAction[] = [
    { type: 'removeLine', lineId: 'a' },
    { type: 'complete' },
    { type: 'void' },
    { type: 'close' },
    { type: 'tender', kind: 'giftCard', number: '7001', amount: 100 },
  ];
  for (const [name, state] of Object.entries(states)) {
    for (const action of actions) {
      it(`${action.type} with a line ${name}`, () => {
        const before = sale([line('a', kindOf(name), state, { settleOperationId: 's-a' })]);
        const step = decide(before, action, env());
        if (step.rejected) {
          expect(step.sale).toBe(before);
          expect(step.orders).toEqual([]);
        } else {
          for (const o of step.orders) expect(o.transactionId).toBe(before.transactionId);
        }
      });
    }
  }
});

describe('a sale as it starts', () => {
  it('keeps the currency it is rung up in (a return after a currency change is refused, not given back in the new one)', () => {
    const env = { now: new Date('2026-11-28T10:00:00Z'), newId: () => 'tx' };
    expect(startSale(5000, { scope: 's', owner: 'tab', currency: 'EUR' }, env).currency).toBe('EUR');
  });
});
