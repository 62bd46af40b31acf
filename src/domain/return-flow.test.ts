import { describe, expect, it } from 'vitest';
import type { Answer } from './operation';
import {
  leftToReturn,
  paymentSettling,
  proposeReturn,
  returnAnswered,
  returnSettingsFor,
  returnOnItsWay,
  returnables,
  startReturn,
  type SaleReturn,
} from './return-flow';
import type { Sale } from './sale';
import type { TenderLine, TenderLineState } from './tender-line';

const now = new Date('2026-11-24T10:00:00Z');
const settings = { refundWay: 'storeCredit', refundSeries: 'SC1' } as const;
let n = 0;
const env = () => ({ newId: () => `id-${++n}`, now, scope: 's' });

const line = (
  id: string,
  kind: TenderLine['kind'],
  amount: number,
  state: TenderLineState,
  number = '',
): TenderLine => ({
  id,
  kind,
  number,
  amount,
  state,
  label: kind === 'external' ? 'Cash' : undefined,
});

/** A split sale of 60.00: gift card 20.00 committed, loyalty 8.00 approved, cash 32.00. */
function splitSale(status: Sale['status'] = 'completed'): Sale {
  return {
    transactionId: 'sale-1',
    due: 6000,
    status,
    startedAt: now.toISOString(),
    lines: [
      line('gc', 'giftCard', 2000, { name: 'committed', authCode: 'A1' }, '700100000001'),
      line('lc', 'loyaltyCard', 800, { name: 'approved', approvedAmount: 800 }, '710100000001'),
      line('cash', 'external', 3200, { name: 'recorded' }),
      line('denied', 'loyaltyCard', 500, { name: 'denied', reason: 'insufficient_funds' }, '710100000003'),
      line('gone', 'giftCard', 500, { name: 'canceled', authCode: 'A2', lapsed: false }, '700100000002'),
    ],
  };
}

const voided = (id: string): Answer => ({
  type: 'loyaltyCard.voidPayment',
  id,
  request: { type: 'loyaltyCard.voidPayment', number: '710100000001', amount: 800 },
  attempts: 1,
  outcome: {
    status: 'succeeded',
    result: {
      result: 'voided',
      transactionId: 'sale-1',
      voidedAmount: 800,
      account: { net: 0, original: 0, floor: 0, authorized: 0 },
    },
  },
});

const issued = (id: string, amount: number): Answer => ({
  type: 'storeCredit.issueInSeries',
  id,
  request: { type: 'storeCredit.issueInSeries', series: 'SC1', amount },
  attempts: 1,
  outcome: {
    status: 'succeeded',
    result: {
      kind: 'storeCredit',
      number: '720100000009',
      seriesNumber: 'SC1',
      status: 'issued',
      expiryDate: '2027-11-24T10:00:00.000Z',
      account: { net: amount, original: amount, floor: 0, authorized: 0 },
      customer: null,
    },
  } as never,
});

describe('what a sale can still give back', () => {
  it('counts what each payment paid for good: held, denied and released money is not a payment', () => {
    expect(returnables(splitSale(), []).map((r) => [r.line.id, r.paid, r.left])).toEqual([
      ['gc', 2000, 2000],
      ['lc', 800, 800],
      ['cash', 3200, 3200],
    ]);
    expect(leftToReturn(splitSale(), [])).toBe(6000);
  });
});

describe('proposeReturn: how the money goes back', () => {
  it('a whole return: the loyalty payment voided, the gift card money as store credit, the cash given back another way', () => {
    const plan = proposeReturn(splitSale(), [], 6000, settings);
    expect(plan).toEqual({
      lines: [
        { way: 'voidLoyalty', amount: 800, parts: [{ paymentLineId: 'lc', amount: 800 }], target: '710100000001' },
        { way: 'storeCredit', amount: 2000, parts: [{ paymentLineId: 'gc', amount: 2000 }], target: 'SC1' },
        { way: 'external', amount: 3200, parts: [{ paymentLineId: 'cash', amount: 3200 }], target: '', label: 'Cash' },
      ],
    });
  });

  it('a return smaller than the loyalty payment gives it back as store credit (the API voids only whole)', () => {
    const plan = proposeReturn(splitSale(), [], 500, settings);
    expect(plan).toEqual({
      lines: [{ way: 'storeCredit', amount: 500, parts: [{ paymentLineId: 'gc', amount: 500 }], target: 'SC1' }],
    });
  });

  it('a part return takes card money before a loyalty payment, whichever was paid first: the loyalty card can still be voided whole later', () => {
    // Loyalty 8.00 entered before the gift card's 20.00.
    const sale: Sale = {
      ...splitSale(),
      due: 2800,
      lines: [
        line('lc', 'loyaltyCard', 800, { name: 'approved', approvedAmount: 800 }, '710100000001'),
        line('gc', 'giftCard', 2000, { name: 'committed', authCode: 'A1' }, '700100000001'),
      ],
    };
    const first = startReturn(sale, [], 500, settings, env());
    if (typeof first === 'string') throw new Error(first);
    expect(first.saleReturn.lines.map((l) => [l.way, l.amount, l.parts])).toEqual([
      ['storeCredit', 500, [{ paymentLineId: 'gc', amount: 500 }]],
    ]);
    const done = returnAnswered(first.saleReturn, issued(first.orders[0]!.id, 500), now);
    // The rest: the loyalty points go back to the loyalty card, not as store credit.
    expect(proposeReturn(sale, [done], 2300, settings)).toEqual({
      lines: [
        { way: 'voidLoyalty', amount: 800, parts: [{ paymentLineId: 'lc', amount: 800 }], target: '710100000001' },
        { way: 'storeCredit', amount: 1500, parts: [{ paymentLineId: 'gc', amount: 1500 }], target: 'SC1' },
      ],
    });
  });

  it('refuses, whole, what does not fit: not completed, zero, negative, fractions, more than is left', () => {
    expect(proposeReturn(splitSale('open'), [], 100, settings)).toBe('not_completed');
    expect(proposeReturn(splitSale(), [], 0, settings)).toBe('amount');
    expect(proposeReturn(splitSale(), [], -5, settings)).toBe('amount');
    expect(proposeReturn(splitSale(), [], 1.5, settings)).toBe('amount');
    expect(proposeReturn(splitSale(), [], 6001, settings)).toBe('over_left');
  });

  it('a part return gives cash back before touching a loyalty payment: the card can still be voided whole later', () => {
    const sale: Sale = {
      ...splitSale(),
      due: 2800,
      lines: [
        line('lc', 'loyaltyCard', 800, { name: 'approved', approvedAmount: 800 }, '710100000001'),
        line('cash', 'external', 2000, { name: 'recorded' }),
      ],
    };
    expect(proposeReturn(sale, [], 500, settings)).toEqual({
      lines: [
        { way: 'external', amount: 500, parts: [{ paymentLineId: 'cash', amount: 500 }], target: '', label: 'Cash' },
      ],
    });
    // Enough to cover the loyalty payment whole: it is voided, the rest at the drawer.
    expect(proposeReturn(sale, [], 2500, settings)).toEqual({
      lines: [
        { way: 'voidLoyalty', amount: 800, parts: [{ paymentLineId: 'lc', amount: 800 }], target: '710100000001' },
        { way: 'external', amount: 1700, parts: [{ paymentLineId: 'cash', amount: 1700 }], target: '', label: 'Cash' },
      ],
    });
  });

  it('refuses a sale kept in another currency than the terminal’s now: 50.00 kuna are not given back as 50.00 euros', () => {
    const inKuna: Sale = { ...splitSale(), currency: 'HRK' };
    expect(proposeReturn(inKuna, [], 500, { ...settings, currency: 'EUR' })).toBe('other_currency');
    expect(proposeReturn(inKuna, [], 500, { ...settings, currency: 'HRK' })).not.toBe('other_currency');
    // A sale kept before sales named their currency: the terminal's (a currency change asks the PIN for every return).
    expect(proposeReturn(splitSale(), [], 500, { ...settings, currency: 'EUR' })).not.toBe('other_currency');
  });

  it('waits while a commit of the sale has no answer: what it took, and so what is left, is not known', () => {
    const sale = splitSale();
    const committing: Sale = {
      ...sale,
      lines: sale.lines.map((l) => (l.id === 'gc' ? { ...l, state: { name: 'committing', authCode: 'A1' } } : l)),
    };
    // The gift card's 20.00 is not counted as paid yet: "everything given back" would be false.
    expect(leftToReturn(committing, [])).toBe(4000);
    expect(paymentSettling(committing)).toBe(true);
    expect(proposeReturn(committing, [], 4000, settings)).toBe('settling');
    expect(proposeReturn(committing, [], 100, settings)).toBe('settling');
    expect(paymentSettling(sale)).toBe(false);
  });
});

describe('which series card money goes back in', () => {
  it('never one of a fixed amount: the server would refuse every other amount', () => {
    const series = [
      { prefix: '7009', kind: 'giftCard', seriesNumber: 'GC25', livePrinted: true, fixedAmount: 2500 },
      { prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: true },
      { prefix: '7201', kind: 'storeCredit', seriesNumber: 'SC1', livePrinted: false },
    ] as const;
    expect(returnSettingsFor(series, 'giftCard')).toEqual({ refundWay: 'giftCard', refundSeries: 'GC1' });
    expect(returnSettingsFor(series.slice(0, 1), 'giftCard')).toBeNull();
    expect(returnSettingsFor(series, 'storeCredit')).toEqual({ refundWay: 'storeCredit', refundSeries: 'SC1' });
  });
});

describe('returns across several visits never give back more than was paid', () => {
  const giftCardSale = (): Sale => ({
    ...splitSale(),
    due: 2000,
    lines: [line('gc', 'giftCard', 2000, { name: 'committed', authCode: 'A1' }, '700100000001')],
  });

  it('a gift card payment returned in two parts, then nothing left', () => {
    const sale = giftCardSale();
    const first = startReturn(sale, [], 1200, settings, env());
    if (typeof first === 'string') throw new Error(first);
    expect(first.orders.map((o) => [o.request.type, 'amount' in o.request ? o.request.amount : 0])).toEqual([
      ['storeCredit.issueInSeries', 1200],
    ]);
    const done1 = returnAnswered(first.saleReturn, issued(first.orders[0]!.id, 1200), now);
    expect(leftToReturn(sale, [done1])).toBe(800);
    expect(startReturn(sale, [done1], 801, settings, env())).toBe('over_left');
    const second = startReturn(sale, [done1], 800, settings, env());
    if (typeof second === 'string') throw new Error(second);
    expect(second.saleReturn.lines.map((l) => [l.way, l.amount])).toEqual([['storeCredit', 800]]);
    expect(startReturn(sale, [done1, second.saleReturn], 1, settings, env())).toBe('nothing_left');
  });

  it('a cashier alone gives back up to the manager’s amount, the sale’s returns together as written: past it, a manager confirms', () => {
    const sale = giftCardSale();
    const first = startReturn(sale, [], 1200, { ...settings, managerAbove: 1500 }, env());
    if (typeof first === 'string') throw new Error(first);
    // Another window's 12.00 written first: this 8.00 takes the sale to 20.00, past 15.00.
    expect(startReturn(sale, [first.saleReturn], 800, { ...settings, managerAbove: 1500 }, env())).toBe(
      'needs_manager',
    );
    expect(startReturn(sale, [first.saleReturn], 300, { ...settings, managerAbove: 1500 }, env())).not.toBe(
      'needs_manager',
    );
    // Confirmed by a manager (or asked by a till): no amount holds it.
    const confirmed = startReturn(sale, [first.saleReturn], 800, settings, env());
    expect(typeof confirmed === 'string' ? confirmed : confirmed.saleReturn.amount).toBe(800);
  });

  it('the loyalty payment is voided first where the return covers it whole, the rest as store credit', () => {
    const step = startReturn(splitSale(), [], 1200, settings, env());
    if (typeof step === 'string') throw new Error(step);
    expect(step.saleReturn.lines.map((l) => [l.way, l.amount])).toEqual([
      ['voidLoyalty', 800],
      ['storeCredit', 400],
    ]);
  });

  it('a refused part gave nothing back: its money can be returned again; an unknown one stays counted', () => {
    const sale = giftCardSale();
    const step = startReturn(sale, [], 2000, settings, env());
    if (typeof step === 'string') throw new Error(step);
    const id = step.orders[0]!.id;
    const refused = returnAnswered(
      step.saleReturn,
      { ...issued(id, 2000), outcome: { status: 'refused', code: 'series_exhausted', message: '' } } as Answer,
      now,
    );
    expect(refused.lines[0]?.state).toEqual({ name: 'refused', code: 'series_exhausted' });
    expect(leftToReturn(sale, [refused])).toBe(2000);
    const lost = returnAnswered(
      step.saleReturn,
      { ...issued(id, 2000), outcome: { status: 'unknown', code: 'timeout', message: '' } } as Answer,
      now,
    );
    expect(returnOnItsWay(lost)).toBe(true);
    expect(leftToReturn(sale, [lost])).toBe(0);
  });
});

describe('startReturn and its answers', () => {
  it('the void goes under the sale’s transactionId, the store credit under the return’s; answers finish it once', () => {
    const step = startReturn(splitSale(), [], 6000, settings, env());
    if (typeof step === 'string') throw new Error(step);
    const [voidOrder, issueOrder] = step.orders;
    expect(voidOrder).toMatchObject({ transactionId: 'sale-1', returnId: step.saleReturn.returnId, reason: 'Return' });
    expect(issueOrder).toMatchObject({ transactionId: step.saleReturn.returnId, reason: 'Return to store credit' });
    let r: SaleReturn = step.saleReturn;
    expect(returnOnItsWay(r)).toBe(true);
    r = returnAnswered(r, voided(voidOrder!.id), now);
    r = returnAnswered(r, issued(issueOrder!.id, 2000), now);
    expect(r.lines.map((l) => l.state.name)).toEqual(['done', 'done', 'done']);
    expect(r.lines[1]?.state).toMatchObject({ issuedNumber: '720100000009' });
    expect(returnOnItsWay(r)).toBe(false);
    expect(r.finishedAt).toBe(now.toISOString());
    // The same answer again changes nothing.
    expect(returnAnswered(r, voided(voidOrder!.id), now)).toBe(r);
  });

  it('a void refused for now (429) stays on its way; an issue refused for now gave nothing back', () => {
    const step = startReturn(splitSale(), [], 2800, settings, env());
    if (typeof step === 'string') throw new Error(step);
    const [v, i] = step.orders;
    const passing = { status: 'passing', code: 'rate_limited', message: '' } as const;
    let r = returnAnswered(step.saleReturn, { ...voided(v!.id), outcome: passing } as Answer, now);
    expect(r.lines[0]?.state.name).toBe('sending');
    r = returnAnswered(r, { ...issued(i!.id, 2000), outcome: passing } as Answer, now);
    expect(r.lines[1]?.state).toEqual({ name: 'refused', code: 'rate_limited' });
  });
});
