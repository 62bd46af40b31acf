import { describe, expect, it } from 'vitest';
import type { Sale } from '@/domain/sale';
import { decide, evolve, startTillSale, type FlowEnv } from '@/domain/sale-flow';
import type { LoyaltyVoid } from '@/domain/payment';
import type { TenderLine } from '@/domain/tender-line';
import type { SaleReturn } from '@/domain/return-flow';
import type { ResultStatus } from '@/till-client/protocol';
import { checkOrigin, parseOrigins } from '@/lib/settings/server-address';
import { tillResult, tillStatus } from './till-result';
import { readTillRequest, urlRequest } from './messages';

const now = new Date('2026-11-23T12:00:00Z');
const env = (): FlowEnv => {
  let n = 0;
  return { now, newId: () => `id-${++n}` };
};
const till = { reference: 'R-1', origin: 'https://till.example', transport: 'message' as const, currency: 'EUR' };
const account = { net: 0, original: 5000, floor: 0, authorized: 0 };

function tillSale(lines: TenderLine[], status: Sale['status'] = 'open', more: Partial<Sale['till']> = {}): Sale {
  return {
    ...startTillSale({ ...till, ...more }, 6730, { scope: 's', owner: 'tab' }, { now, newId: () => 'tx' }),
    lines,
    status,
  };
}
const gift = (state: TenderLine['state'], amount = 5000): TenderLine => ({
  id: 'g',
  kind: 'giftCard',
  number: '700100000001',
  amount,
  state,
  payOperationId: 'pay-g',
  balanceAfter: 0,
});
const loyaltyLine = (state: TenderLine['state'], amount = 1730): TenderLine => ({
  id: 'l',
  kind: 'loyaltyCard',
  number: '710100000001',
  amount,
  state,
  payOperationId: 'pay-l',
  balanceAfter: 10270,
});

describe('a sale handed over by a till', () => {
  it('may go back with part of it covered, never with nothing', () => {
    expect(decide(tillSale([]), { type: 'complete' }, env()).rejected).toBe('not_complete');
    const step = decide(
      tillSale([gift({ name: 'authorized', authCode: 'A1', expires: 'x' })]),
      { type: 'complete' },
      env(),
    );
    expect(step.rejected).toBeUndefined();
    expect(step.orders.map((o) => o.request.type)).toEqual(['giftCard.commit']);
  });

  it('takes only the kinds the till allows, and no cash: the till collects that itself', () => {
    const sale = tillSale([], 'open', { allowedKinds: ['loyaltyCard'] });
    expect(decide(sale, { type: 'tender', kind: 'giftCard', number: '7001', amount: 100 }, env()).rejected).toBe(
      'kind_not_allowed',
    );
    expect(
      decide(sale, { type: 'tender', kind: 'loyaltyCard', number: '7101', amount: 100 }, env()).orders,
    ).toHaveLength(1);
    expect(decide(sale, { type: 'tenderExternal', amount: 100, method: 'cash' }, env()).rejected).toBe('till_collects');
  });

  it('is reversed as far as the contract allows: loyalty payments voided, committed gift card money stays', () => {
    const sale = tillSale(
      [gift({ name: 'committed', authCode: 'A1' }), loyaltyLine({ name: 'approved', approvedAmount: 1730 })],
      'completed',
    );
    const step = decide(sale, { type: 'reverse' }, env());
    expect(step.sale.status).toBe('reversing');
    expect(step.orders.map((o) => o.request)).toEqual([
      { type: 'loyaltyCard.voidPayment', number: '710100000001', amount: 1730 },
    ]);
    const voided: LoyaltyVoid = { result: 'voided', transactionId: 'tx', voidedAmount: 1730, account };
    const id = step.orders[0]?.id ?? '';
    const after = evolve(
      step.sale,
      {
        type: 'loyaltyCard.voidPayment',
        id,
        request: { type: 'loyaltyCard.voidPayment', number: '710100000001', amount: 1730 },
        attempts: 1,
        outcome: { status: 'succeeded', result: voided },
      },
      env(),
    ).sale;
    expect(after.status).toBe('reversed');
    const result = tillResult(after, tillStatus(after) as 'reversed', { training: false, locale: 'en-IE' });
    // A sale reversed this way (before returns existed) is taken back: the till collects nothing.
    expect(result).toMatchObject({ status: 'reversed', amountCovered: 5000, amountRemaining: 0 });
    expect(result.payments.find((p) => p.kind === 'loyaltyCard')).toMatchObject({ state: 'reversed', amount: 1730 });
    expect(decide(tillSale([]), { type: 'reverse' }, env()).rejected).toBe('not_completed');
  });
});

describe('the result a till gets', () => {
  it('says paid, partly paid or canceled, with what the till still collects', () => {
    const both = tillSale(
      [gift({ name: 'committed', authCode: 'A1' }), loyaltyLine({ name: 'partiallyApproved', approvedAmount: 1730 })],
      'completed',
    );
    expect(tillStatus(both)).toBe('paid');
    const part = tillSale([gift({ name: 'committed', authCode: 'A1' })], 'completed');
    const r = tillResult(part, tillStatus(part) as 'partially_paid', { training: true, locale: 'en-IE' });
    expect(r).toMatchObject({
      status: 'partially_paid',
      amountDue: 6730,
      amountCovered: 5000,
      amountRemaining: 1730,
      amountUnknown: 0,
      training: true,
    });
    expect(r.payments).toEqual([
      { kind: 'giftCard', maskedNumber: '**** 0001', amount: 5000, state: 'paid', authCode: 'A1', balanceAfter: 0 },
    ]);
    expect(r.slipText).toContain('*** TRAINING - NOT A PAYMENT ***');
    expect(r.slipText).toMatch(/Still to pay\s+€17\.30/);
    expect(r.slipText.split('\n').every((l) => l.length <= 40)).toBe(true);
    // A code kept before the boundary refused such codes: still no line or printer byte of the server's.
    const crafted = tillSale([gift({ name: 'committed', authCode: 'A1\n\u001b@PAID EUR 999.00' })], 'completed');
    const slip = tillResult(crafted, 'partially_paid', { training: false, locale: 'en-IE' }).slipText;
    // The server's "PAID EUR 999.00" stays on the authorization's own line, not a line of its own.
    expect(slip.split('\n').filter((l) => l.includes('PAID EUR 999'))).toEqual([expect.stringContaining('A1')]);
    expect(slip).not.toContain('\u001b');
    const voided = tillSale(
      [
        gift({ name: 'canceled', authCode: 'A1', lapsed: false }),
        loyaltyLine({ name: 'voided', approvedAmount: 1730 }),
      ],
      'voided',
    );
    expect(tillResult(voided, 'canceled', { training: false, locale: 'en-IE' })).toMatchObject({
      status: 'canceled',
      amountCovered: 0,
      payments: [],
    });
  });

  it('is "unknown" while money may have moved and the cashier has moved on; in progress before that', () => {
    const voiding = tillSale([gift({ name: 'unknown', reason: 'timeout' })], 'voiding');
    expect(tillStatus(voiding)).toBe('in_progress');
    const closed = { ...voiding, closed: true };
    expect(tillStatus(closed)).toBe('unknown');
    expect(tillResult(closed, 'unknown', { training: false, locale: 'de-DE' })).toMatchObject({
      amountCovered: 0,
      amountUnknown: 5000,
      amountRemaining: 1730,
    });
    expect(tillStatus(tillSale([], 'open'))).toBe('in_progress');
  });

  it('a sale voided with a payment whose outcome went to a manager is "unknown", never "canceled" (nothing taken)', () => {
    const voided = tillSale([gift({ name: 'unknown', reason: 'refused_after_lost_answer' })], 'voided');
    expect(tillStatus(voided)).toBe('unknown');
    expect(tillResult(voided, 'unknown', { training: false, locale: 'en-IE' })).toMatchObject({
      amountCovered: 0,
      amountUnknown: 5000,
    });
  });

  it('paid with a commit not confirmed (still being sent, or its answer with a manager) is settling; confirmed, it is not', () => {
    const ctx = { training: false, locale: 'en-IE' };
    const resent = { ...gift({ name: 'committing', authCode: 'A1' }, 6730), settleQueued: true };
    const withManager = { ...resent, settleWithManager: true as const };
    for (const line of [resent, withManager])
      expect(tillResult(tillSale([line], 'completed'), 'paid', ctx)).toMatchObject({ status: 'paid', settling: true });
    const landed = tillResult(tillSale([gift({ name: 'committed', authCode: 'A1' }, 6730)], 'completed'), 'paid', ctx);
    expect(landed).not.toHaveProperty('settling');
  });

  it('a payment approved in part whose void went to a manager is in doubt for what it took, not what was asked', () => {
    // Asked 300.00, approved for 120.00; the sale voided, the void's giving back with a manager.
    const voiding = { ...loyaltyLine({ name: 'partiallyApproved', approvedAmount: 12000 }, 30000) };
    const voided = evolve(
      {
        ...tillSale(
          [{ ...voiding, state: { name: 'voiding', approvedAmount: 12000 }, settleOperationId: 'v1' }],
          'voiding',
        ),
        due: 50000,
      },
      {
        type: 'loyaltyCard.voidPayment',
        id: 'v1',
        request: { type: 'loyaltyCard.voidPayment', number: '710100000001', amount: 12000 },
        attempts: 2,
        outcome: { status: 'unknown', code: 'refused_after_lost_answer', message: '' },
      },
      env(),
    ).sale;
    expect(tillStatus(voided)).toBe('unknown');
    expect(tillResult(voided, 'unknown', { training: false, locale: 'en-IE' })).toMatchObject({
      amountUnknown: 12000,
      amountRemaining: 38000,
      payments: [expect.objectContaining({ amount: 12000, state: 'unknown' })],
    });
  });

  it("a return whose loyalty void went to a manager ends the till's wait: the part is owed, not in progress for good", () => {
    const paid = tillSale([loyaltyLine({ name: 'approved', approvedAmount: 6730 }, 6730)], 'completed');
    const withManager: SaleReturn = {
      returnId: 'r1',
      saleId: paid.transactionId,
      amount: 6730,
      startedAt: now.toISOString(),
      lines: [
        {
          id: 'rl',
          way: 'voidLoyalty',
          amount: 6730,
          parts: [],
          target: '710100000001',
          operationId: 'v1',
          state: { name: 'unknown', reason: 'refused_after_lost_answer' },
        },
      ],
    };
    const status = tillStatus(paid, [withManager]);
    expect(status).not.toBe('in_progress');
    expect(
      tillResult(paid, status as ResultStatus, { training: false, locale: 'en-IE' }, [withManager]).refund,
    ).toMatchObject({
      amountReturned: 0,
      amountOwed: 6730,
    });
    // While its void is still being sent, the till waits.
    const sending = { ...withManager, lines: [{ ...withManager.lines[0]!, state: { name: 'sending' as const } }] };
    expect(tillStatus(paid, [sending])).toBe('in_progress');
  });

  it('a sale voided with a payment the server refused to give back is "unknown", never "canceled"', () => {
    const voided = tillSale([loyaltyLine({ name: 'approved', approvedAmount: 1730 })], 'voided');
    expect(tillStatus(voided)).toBe('unknown');
    expect(tillResult(voided, 'unknown', { training: false, locale: 'en-IE' }).payments).toEqual([
      expect.objectContaining({ kind: 'loyaltyCard', amount: 1730, state: 'paid' }),
    ]);
  });
});

describe('a message from a till', () => {
  const base = { protocol: 'loyalty-terminal', version: 1, id: 'm1', reference: 'R-1' };
  const refusal = (data: unknown) => {
    const read = readTillRequest(data, 'EUR');
    return read && !read.ok ? read.refusal.reason : read?.ok ? 'ok' : null;
  };

  it('is refused with its reason when it cannot be taken', () => {
    expect(refusal({ ...base, type: 'pay', amountDue: 1250, currency: 'EUR' })).toBe('ok');
    expect(refusal({ ...base, type: 'pay', amountDue: 12.5, currency: 'EUR' })).toBe('bad_amount');
    expect(refusal({ ...base, type: 'pay', amountDue: '1250', currency: 'EUR' })).toBe('bad_amount');
    expect(refusal({ ...base, type: 'pay', amountDue: 0, currency: 'EUR' })).toBe('bad_amount');
    expect(refusal({ ...base, type: 'pay', amountDue: 1e12, currency: 'EUR' })).toBe('bad_amount');
    expect(refusal({ ...base, type: 'pay', amountDue: 1250, currency: 'USD' })).toBe('bad_currency');
    expect(refusal({ ...base, type: 'pay', amountDue: 1250, currency: 'EUR', allowedKinds: ['cash'] })).toBe(
      'bad_kinds',
    );
    expect(refusal({ ...base, reference: 'two words', type: 'status' })).toBe('bad_reference');
    expect(refusal({ ...base, version: 2, type: 'status' })).toBe('unsupported_version');
    expect(refusal({ ...base, type: 'refund' })).toBe('bad_message');
  });

  it('by URL: a refund must name itself (an id), or every later refund of the sale would be answered as the first', () => {
    const callback = encodeURIComponent('https://till.example/back');
    const read = (hash: string) => refusal(urlRequest(hash)?.data);
    expect(read(`#/refund?reference=R-1&amount=1000&callback=${callback}`)).toBe('bad_message');
    expect(read(`#/refund?reference=R-1&amount=1000&id=&callback=${callback}`)).toBe('bad_message');
    expect(read(`#/refund?reference=R-1&amount=1000&id=rf-7&callback=${callback}`)).toBe('ok');
    // A cancel, status or reverse is the same whoever asks: they need none.
    expect(read(`#/reverse?reference=R-1&callback=${callback}`)).toBe('ok');
    expect(read(`#/status?reference=R-1&callback=${callback}`)).toBe('ok');
  });

  it('of another protocol, or none, gets no answer at all', () => {
    expect(refusal({ type: 'pay', amountDue: 100 })).toBeNull();
    expect(refusal('hello')).toBeNull();
    expect(refusal(null)).toBeNull();
  });
});

describe('the allowed tills', () => {
  it('are origins: https, or http on the shop network, with no path', () => {
    expect(checkOrigin('https://till.example.com')).toEqual({ ok: true, origin: 'https://till.example.com' });
    expect(checkOrigin('https://till.example.com/')).toEqual({ ok: true, origin: 'https://till.example.com' });
    expect(checkOrigin('http://192.168.1.20:8080')).toEqual({ ok: true, origin: 'http://192.168.1.20:8080' });
    expect(checkOrigin('http://till.example.com').ok).toBe(false);
    expect(checkOrigin('https://till.example.com/pos').ok).toBe(false);
    expect(checkOrigin('*').ok).toBe(false);
    expect(parseOrigins('https://a.example\n\n https://a.example/ \nhttp://localhost:4174')).toEqual({
      ok: true,
      origins: ['https://a.example', 'http://localhost:4174'],
    });
    expect(parseOrigins('https://a.example\nnot a url')).toEqual({ ok: false, line: 2, value: 'not a url' });
  });
});
