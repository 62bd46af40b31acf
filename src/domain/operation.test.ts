import { describe, expect, it } from 'vitest';
import { ownEffectRefusal } from './operation';

const denied = (denialReason: string, net = 9000) =>
  ({
    status: 'succeeded',
    result: {
      result: 'denied',
      requestedAmount: 3000,
      approvedAmount: 0,
      transactionId: 't',
      denialReason,
      account: { net, original: 0, floor: 0, authorized: 0 },
    },
  }) as const;

describe('ownEffectRefusal: a loyalty payment denied after its answer was lost', () => {
  it('for lack of funds: the lost attempt may have taken them', () => {
    expect(ownEffectRefusal('loyaltyCard.pay', denied('insufficient_funds'), 12000)).toBe('insufficient_funds');
  });
  it('the card closed or expired meanwhile, with less on it than before: the lost attempt may have paid', () => {
    expect(ownEffectRefusal('loyaltyCard.pay', denied('card_not_open', 9000), 12000)).toBe('loyalty_denied');
    expect(ownEffectRefusal('loyaltyCard.pay', denied('expired', 9000), 12000)).toBe('loyalty_denied');
    // What it had before not known: the same.
    expect(ownEffectRefusal('loyaltyCard.pay', denied('expired', 9000))).toBe('loyalty_denied');
  });
  it('the card still has all it had: nothing was paid, the denial stands', () => {
    expect(ownEffectRefusal('loyaltyCard.pay', denied('expired', 12000), 12000)).toBeNull();
    expect(ownEffectRefusal('loyaltyCard.pay', denied('card_not_open', 12000), 12000)).toBeNull();
  });
  it('approved in part, with less on the card than the cashier saw: the lost attempt may have paid', () => {
    const partly = (approvedAmount: number) =>
      ({
        ...denied('insufficient_funds'),
        result: { ...denied('insufficient_funds').result, result: 'partiallyApproved', approvedAmount },
      }) as const;
    expect(ownEffectRefusal('loyaltyCard.pay', partly(2000), 12000)).toBe('loyalty_partly');
    expect(ownEffectRefusal('loyaltyCard.pay', partly(2000))).toBe('loyalty_partly');
    // The cashier asked for more than the card held, and it still holds all of it: nothing was paid.
    expect(ownEffectRefusal('loyaltyCard.pay', partly(2000), 2000)).toBeNull();
  });
  it('approved: no refusal (checked against the card like any answer after a lost one)', () => {
    const approved = { ...denied('expired'), result: { ...denied('expired').result, result: 'approved' } } as const;
    expect(ownEffectRefusal('loyaltyCard.pay', approved, 12000)).toBeNull();
  });
});
