import { describe, expect, it } from 'vitest';
import {
  canComplete,
  canTender,
  checkTenderAmount,
  defaultTenderAmount,
  lineAdded,
  lineChanged,
  lineRemoved,
  moneyOnItsWay,
  newSale,
  paidAmount,
  remainingDue,
  saleStatusChanged,
  waitsOnlyForReleases,
  type Sale,
} from './sale';
import {
  coveredAmount,
  IllegalTransition,
  transition,
  type TenderEvent,
  type TenderLine,
  type TenderLineState,
} from './tender-line';

const now = new Date('2026-11-22T12:00:00Z');
const line = (
  kind: TenderLine['kind'],
  amount: number,
  state: TenderLineState = { name: 'requesting' },
  id = `${kind}-${amount}`,
): TenderLine => ({ id, kind, number: kind === 'external' ? '' : '7001', amount, state });
const account = (net: number, authorized = 0) => ({ net, original: net, floor: 0, authorized });

describe('tender line transitions', () => {
  const events: TenderEvent[] = [
    { type: 'holdPlaced', authCode: 'A1', expires: 'x' },
    { type: 'loyaltyAnswered', result: 'approved', approvedAmount: 100 },
    { type: 'refused', code: 'insufficient_funds' },
    { type: 'answerLost', reason: 'timeout' },
    { type: 'commitRequested' },
    { type: 'committed' },
    { type: 'cancelRequested' },
    { type: 'canceled', lapsed: false },
    { type: 'voidRequested' },
    { type: 'voided' },
    { type: 'settleRefused' },
    { type: 'turnedOutCommitted' },
  ];
  const allowed: Record<string, Record<string, string>> = {
    'giftCard:requesting': { holdPlaced: 'authorized', refused: 'failed', answerLost: 'unknown' },
    'giftCard:unknown': { holdPlaced: 'authorized', refused: 'failed', answerLost: 'unknown' },
    'giftCard:authorized': { commitRequested: 'committing', cancelRequested: 'canceling' },
    'giftCard:committing': { committed: 'committed', settleRefused: 'failed' },
    'giftCard:canceling': { canceled: 'canceled', turnedOutCommitted: 'committed' },
    'giftCard:committed': {},
    'giftCard:canceled': {},
    'giftCard:failed': {},
    'loyaltyCard:requesting': { loyaltyAnswered: 'approved', refused: 'failed', answerLost: 'unknown' },
    'loyaltyCard:approved': { voidRequested: 'voiding' },
    'loyaltyCard:partiallyApproved': { voidRequested: 'voiding' },
    'loyaltyCard:voiding': { voided: 'voided' },
    'loyaltyCard:voided': {},
    'loyaltyCard:denied': {},
    'external:recorded': {},
  };
  const states: Record<string, TenderLineState> = {
    requesting: { name: 'requesting' },
    unknown: { name: 'unknown', reason: 'timeout' },
    authorized: { name: 'authorized', authCode: 'A1', expires: 'x' },
    committing: { name: 'committing', authCode: 'A1' },
    canceling: { name: 'canceling', authCode: 'A1' },
    committed: { name: 'committed', authCode: 'A1' },
    canceled: { name: 'canceled', authCode: 'A1', lapsed: false },
    failed: { name: 'failed', code: 'x' },
    approved: { name: 'approved', approvedAmount: 100 },
    partiallyApproved: { name: 'partiallyApproved', approvedAmount: 50 },
    voiding: { name: 'voiding', approvedAmount: 100 },
    voided: { name: 'voided', approvedAmount: 100 },
    denied: { name: 'denied', reason: 'card_not_open' },
    recorded: { name: 'recorded' },
  };

  for (const [key, expected] of Object.entries(allowed)) {
    const [kind, stateName] = key.split(':') as [TenderLine['kind'], string];
    it(`${kind} ${stateName}: takes exactly ${Object.keys(expected).join(', ') || 'nothing'}`, () => {
      for (const event of events) {
        const start = line(kind, 100, states[stateName]);
        const target = expected[event.type];
        if (target) expect(transition(start, event).state.name).toBe(target);
        else expect(() => transition(start, event)).toThrow(IllegalTransition);
      }
    });
  }

  it('keeps the loyalty answer: partial approval and denial reason', () => {
    const partial = transition(line('loyaltyCard', 2000), {
      type: 'loyaltyAnswered',
      result: 'partiallyApproved',
      approvedAmount: 500,
    });
    expect(partial.state).toEqual({ name: 'partiallyApproved', approvedAmount: 500 });
    expect(coveredAmount(partial)).toBe(500);
    const denied = transition(line('loyaltyCard', 2000), {
      type: 'loyaltyAnswered',
      result: 'denied',
      approvedAmount: 0,
      denialReason: 'card_not_open',
    });
    expect(denied.state).toEqual({ name: 'denied', reason: 'card_not_open' });
    expect(coveredAmount(denied)).toBe(0);
  });
});

describe('sale arithmetic', () => {
  it('splits a sale across three instruments and an external line, to zero', () => {
    let sale: Sale = newSale('tx', 10000, now);
    expect(defaultTenderAmount(sale, account(5000))).toBe(5000);
    sale = lineAdded(sale, line('giftCard', 5000, { name: 'authorized', authCode: 'A', expires: 'x' }));
    expect(remainingDue(sale)).toBe(5000);
    expect(defaultTenderAmount(sale, account(3000, 1000))).toBe(2000);
    sale = lineAdded(sale, line('storeCredit', 2000, { name: 'authorized', authCode: 'B', expires: 'x' }));
    sale = lineAdded(sale, line('loyaltyCard', 2500));
    sale = lineChanged(sale, 'loyaltyCard-2500', {
      type: 'loyaltyAnswered',
      result: 'partiallyApproved',
      approvedAmount: 500,
    });
    expect([paidAmount(sale), remainingDue(sale)]).toEqual([7500, 2500]);
    expect(canComplete(sale)).toBe(false);
    expect(canTender(sale)).toBe(true);
    sale = lineAdded(sale, line('external', 2500, { name: 'recorded' }));
    expect(remainingDue(sale)).toBe(0);
    expect(canComplete(sale)).toBe(true);
    expect(canTender(sale)).toBe(false);
  });

  it('blocks completion and new tenders while a request is in flight or unresolved', () => {
    let sale = lineAdded(newSale('tx', 1000, now), line('giftCard', 1000));
    expect([canComplete(sale), canTender(sale), remainingDue(sale)]).toEqual([false, false, 0]);
    sale = lineChanged(sale, 'giftCard-1000', { type: 'answerLost', reason: 'timeout' });
    expect([canComplete(sale), remainingDue(sale)]).toEqual([false, 0]);
    sale = lineChanged(sale, 'giftCard-1000', { type: 'holdPlaced', authCode: 'A', expires: 'x' });
    expect(canComplete(sale)).toBe(true);
  });

  it('frees the money of removed, failed, canceled and voided lines', () => {
    let sale = lineAdded(
      newSale('tx', 1000, now),
      line('giftCard', 600, { name: 'authorized', authCode: 'A', expires: 'x' }),
    );
    sale = lineChanged(sale, 'giftCard-600', { type: 'cancelRequested' });
    expect(remainingDue(sale)).toBe(1000);
    sale = lineChanged(sale, 'giftCard-600', { type: 'canceled', lapsed: false });
    expect(remainingDue(sale)).toBe(1000);
    sale = lineAdded(sale, line('external', 300, { name: 'recorded' }));
    sale = lineRemoved(sale, 'external-300');
    expect(remainingDue(sale)).toBe(1000);
  });

  it('refuses tender amounts that are not positive, over what is due or over what is available', () => {
    const sale = newSale('tx', 1000, now);
    expect(checkTenderAmount(sale, 0)).toBe('not_positive');
    expect(checkTenderAmount(sale, -5)).toBe('not_positive');
    expect(checkTenderAmount(sale, 10.5)).toBe('not_positive');
    expect(checkTenderAmount(sale, 1001)).toBe('over_remaining');
    expect(checkTenderAmount(sale, 900, account(800))).toBe('over_available');
    expect(checkTenderAmount(sale, 800, account(800))).toBeNull();
  });

  it('moves through its own states only forward', () => {
    const sale = newSale('tx', 1000, now);
    expect(() => newSale('tx', 0, now)).toThrow(RangeError);
    const completing = saleStatusChanged(sale, 'completing', now);
    expect(saleStatusChanged(completing, 'completed', now).finishedAt).toBe(now.toISOString());
    expect(saleStatusChanged(completing, 'open', now).status).toBe('open');
    expect(() => saleStatusChanged(saleStatusChanged(sale, 'voiding', now), 'completed', now)).toThrow();
    expect(() => lineAdded(completing, line('external', 1, { name: 'recorded' }))).toThrow();
  });
});

describe('money on its way with the server (a server or currency must not change under it)', () => {
  const card = (state: TenderLine['state'], more: Partial<TenderLine> = {}): TenderLine => ({
    id: 'l',
    kind: 'giftCard',
    number: '700100000001',
    amount: 1000,
    state,
    ...more,
  });
  const withLines = (status: Sale['status'], lines: TenderLine[]): Sale => ({
    ...newSale('tx', 1000, now),
    status,
    lines,
  });

  it('is a hold in a sale still open, a commit or void on its way, an answer still to come', () => {
    expect(
      moneyOnItsWay(withLines('open', [card({ name: 'authorized', authCode: 'A', expires: '2026-11-22T12:15:00Z' })])),
    ).toBe(true);
    expect(moneyOnItsWay(withLines('completing', [card({ name: 'committing', authCode: 'A' })]))).toBe(true);
    expect(moneyOnItsWay(withLines('open', [card({ name: 'unknown', reason: 'timeout' })]))).toBe(true);
  });

  it('is not a finished sale left on screen, nor a commit whose outcome is a manager’s (no answer will come)', () => {
    expect(moneyOnItsWay(withLines('completed', [card({ name: 'committed', authCode: 'A' })]))).toBe(false);
    const withManager = card({ name: 'committing', authCode: 'A' }, { settleWithManager: true });
    expect(moneyOnItsWay(withLines('completed', [withManager]))).toBe(false);
    expect(moneyOnItsWay(withLines('open', []))).toBe(false);
  });
});

describe('a sale being voided: may the cashier move on', () => {
  const voiding = (...lines: TenderLine[]): Sale => ({
    ...saleStatusChanged(newSale('tx', 5000, now), 'voiding', now),
    lines,
  });
  const queued = {
    ...line('storeCredit', 2000, { name: 'canceling', authCode: 'A', expires: '' }),
    settleQueued: true,
  };
  it('yes, when all it waits for is releases the server has not answered (they are sent again)', () => {
    expect(waitsOnlyForReleases(voiding(queued))).toBe(true);
  });
  it('no, while a payment still waits for its first answer (it decides what goes back)', () => {
    expect(waitsOnlyForReleases(voiding(queued, line('loyaltyCard', 1000, { name: 'requesting' }, 'l2')))).toBe(false);
    expect(waitsOnlyForReleases(voiding({ ...queued, settleQueued: undefined }))).toBe(false);
  });
});
