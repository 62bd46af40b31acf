import { describe, expect, it } from 'vitest';
import { boxDecide, boxSummary, cardRange, nextCard, startBox, type CardBox } from './card-box';

let n = 0;
const env = { newId: () => `id-${++n}`, now: new Date('2026-11-24T10:00:00Z') };
const box = (numbers: string[], amount?: number): CardBox =>
  startBox(numbers, amount, { scope: 'training', operatorId: '7' }, env);

describe('cardRange', () => {
  it('counts the trailing digits from the first to the last number, keeping their width', () => {
    expect(cardRange('700100000998', { last: '700100001001' })).toEqual({
      ok: true,
      numbers: ['700100000998', '700100000999', '700100001000', '700100001001'],
    });
    expect(cardRange('GC-0009', { count: 3 })).toEqual({ ok: true, numbers: ['GC-0009', 'GC-0010', 'GC-0011'] });
  });
  it('refuses a last number of another length, prefix or before the first, and more than 200 cards', () => {
    expect(cardRange('700100001001', { last: '70010000100' })).toEqual({ ok: false, problem: 'mismatch' });
    expect(cardRange('GC-0001', { last: 'GD-0002' })).toEqual({ ok: false, problem: 'mismatch' });
    expect(cardRange('700100001001', { last: '710100001002' })).toEqual({ ok: false, problem: 'tooMany' });
    expect(cardRange('700100001005', { last: '700100001001' })).toEqual({ ok: false, problem: 'order' });
    expect(cardRange('700100001001', { last: '700100001200' })).toMatchObject({ ok: true });
    expect(cardRange('700100001001', { last: '700100001201' })).toEqual({ ok: false, problem: 'tooMany' });
    expect(cardRange('700100001001', { count: 201 })).toEqual({ ok: false, problem: 'tooMany' });
    expect(cardRange('700100001001', { count: 0 })).toEqual({ ok: false, problem: 'count' });
    expect(cardRange('ABCD', { count: 2 })).toEqual({ ok: false, problem: 'first' });
    expect(cardRange('A98', { count: 3 })).toEqual({ ok: false, problem: 'last' });
  });
});

describe('boxDecide', () => {
  it('issues a card found not issued, with the box amount, under the box transaction, once', () => {
    const b = box(['A1', 'A2'], 2500);
    const step = boxDecide(b, { type: 'checked', number: 'A1', found: { kind: 'giftCard', status: 'notIssued' } }, env);
    if ('rejected' in step) throw new Error('rejected');
    expect(step.orders).toHaveLength(1);
    expect(step.orders[0]).toMatchObject({
      request: { type: 'giftCard.issue', number: 'A1', amount: 2500 },
      transactionId: b.boxId,
    });
    expect(step.box.issued.A1).toBe(step.orders[0]?.id);
    // The same card checked again (a second window, a resumed run): nothing more is issued.
    expect(
      boxDecide(step.box, { type: 'checked', number: 'A1', found: { kind: 'giftCard', status: 'notIssued' } }, env),
    ).toEqual({ rejected: 'handled' });
    expect(nextCard(step.box)).toBe('A2');
  });
  it('leaves alone what is already issued, unknown or not a gift card, and says why', () => {
    let b = box(['A1', 'A2', 'A3']);
    for (const [number, found] of [
      ['A1', { kind: 'giftCard', status: 'issued' }],
      ['A2', null],
      ['A3', { kind: 'loyaltyCard' }],
    ] as const) {
      const step = boxDecide(b, { type: 'checked', number, found }, env);
      if ('rejected' in step) throw new Error('rejected');
      expect(step.orders).toEqual([]);
      b = step.box;
    }
    expect(b.skipped).toEqual({ A1: 'alreadyIssued', A2: 'unknownNumber', A3: 'notGiftCard' });
    expect(nextCard(b)).toBeNull();
  });
  it('takes no card after a cancel, and finishes only when every card is handled', () => {
    const b = box(['A1', 'A2']);
    expect(boxDecide(b, { type: 'finish' }, env)).toEqual({ rejected: 'not_done' });
    const cancelled = boxDecide(b, { type: 'cancel' }, env);
    if ('rejected' in cancelled) throw new Error('rejected');
    expect(cancelled.box.state).toBe('cancelled');
    expect(
      boxDecide(
        cancelled.box,
        { type: 'checked', number: 'A1', found: { kind: 'giftCard', status: 'notIssued' } },
        env,
      ),
    ).toEqual({ rejected: 'stopped' });
  });
});

describe('boxSummary', () => {
  it('counts issued cards and their sum, first and last, skipped and refused, and what still waits', () => {
    const b: CardBox = {
      ...box(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']),
      issued: { A1: 'o1', A3: 'o3', A4: 'o4', A5: 'o5' },
      skipped: { A2: 'alreadyIssued' },
    };
    const outcomes = {
      o1: { state: 'issued', amount: 2500 },
      o3: { state: 'issued', amount: 2500 },
      o4: { state: 'refused', amount: 0 },
      o5: { state: 'waiting', amount: 0 },
    } as const;
    expect(boxSummary(b, (id) => outcomes[id as keyof typeof outcomes])).toEqual({
      done: 4,
      total: 6,
      issued: 2,
      amount: 5000,
      first: 'A1',
      last: 'A3',
      skipped: [
        { number: 'A2', why: 'alreadyIssued' },
        { number: 'A4', why: 'refused' },
      ],
      waiting: 1,
      attention: 0,
    });
  });
});
