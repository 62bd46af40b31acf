import { describe, expect, it } from 'vitest';
import { contradiction, lookupContradiction } from './answer-check';
import type { GiftCard, LoyaltyCard } from './instrument';
import type { Authorization, LoyaltyPayment, LoyaltyVoid } from './payment';

const account = { net: 5000, original: 5000, floor: 0, authorized: 2000 };
const hold = (more: Partial<Authorization> = {}): Authorization => ({
  authCode: 'A1',
  instrumentId: '700100000007',
  amount: 2000,
  status: 'pending',
  created: '2026-11-23T12:00:00Z',
  expires: '2026-11-23T12:15:00Z',
  account,
  ...more,
});
const pay = { type: 'giftCard.pay', number: '700100000007', amount: 2000 } as const;
const commit = { type: 'giftCard.commit', number: '700100000007', authCode: 'A1', amount: 2000 } as const;
const cancel = { type: 'storeCredit.cancel', number: '700100000007', authCode: 'A1', amount: 2000 } as const;
const loyaltyPay = { type: 'loyaltyCard.pay', number: '710100000001', amount: 2000 } as const;
const payment = (more: Partial<LoyaltyPayment>): LoyaltyPayment => ({
  result: 'approved',
  requestedAmount: 2000,
  approvedAmount: 2000,
  transactionId: 'tx',
  account: { net: 1000, original: 0, floor: 0, authorized: 0 },
  ...more,
});
const giftCard = (more: Partial<GiftCard> = {}): GiftCard => ({
  kind: 'giftCard',
  number: '700100000007',
  seriesNumber: 'GC1',
  status: 'issued',
  account: { net: 2500, original: 2500, floor: 0, authorized: 0 },
  customer: null,
  ...more,
});

describe('a hold answered to a payment request', () => {
  it('fits when it is a pending hold of exactly the amount asked, on the card asked', () => {
    expect(contradiction(pay, 'tx', hold())).toBeNull();
  });

  it.each([
    ['for 5.00 where 20.00 was asked', hold({ amount: 500 }), /hold of 500 where 2000/],
    ['on another card', hold({ instrumentId: '700100000001' }), /card •••• 0001, not •••• 0007/],
    ['already canceled', hold({ status: 'canceled' }), /canceled, expected pending/],
    ['committed before it was asked to be', hold({ status: 'committed' }), /committed, expected pending/],
    ['for a negative amount', hold({ amount: -2000 }), /hold of -2000/],
    ['that expires before it was made', hold({ expires: '2026-11-23T11:00:00Z' }), /expires before/],
    ['with a negative account amount', hold({ account: { ...account, authorized: -1 } }), /negative amount/],
  ])('contradicts when it is %s', (_name, answer, words) => {
    expect(contradiction(pay, 'tx', answer)).toMatch(words);
  });
});

describe('commits and cancels answered', () => {
  it('a commit fits when it names the same authorization, committed, for the amount held', () => {
    expect(contradiction(commit, 'tx', hold({ status: 'committed' }))).toBeNull();
  });

  it('a commit answered "pending", or for another authorization, contradicts', () => {
    expect(contradiction(commit, 'tx', hold({ status: 'pending' }))).toMatch(/expected committed/);
    expect(contradiction(commit, 'tx', hold({ status: 'committed', authCode: 'B2' }))).toMatch(
      /authorization B2, not A1/,
    );
  });

  it('a cancel fits canceled or expired (a lapsed hold is released all the same), not committed', () => {
    expect(contradiction(cancel, 'tx', hold({ status: 'canceled' }))).toBeNull();
    expect(contradiction(cancel, 'tx', hold({ status: 'expired' }))).toBeNull();
    expect(contradiction(cancel, 'tx', hold({ status: 'committed' }))).toMatch(
      /committed, expected canceled or expired/,
    );
  });
});

/** A loyalty card's account with nothing left to pay with. */
const empty = { net: 0, original: 0, floor: 0, authorized: 0 };

describe('loyalty payments answered', () => {
  it.each([
    ['approved in full', payment({})],
    [
      'partially approved for less, the card then empty',
      payment({ result: 'partiallyApproved', approvedAmount: 500, account: { ...empty } }),
    ],
    ['denied with nothing approved', payment({ result: 'denied', approvedAmount: 0, denialReason: 'card_not_open' })],
    [
      'denied for lack of funds, nothing available',
      payment({ result: 'denied', approvedAmount: 0, denialReason: 'insufficient_funds', account: { ...empty } }),
    ],
  ])('fits when %s', (_name, answer) => {
    expect(contradiction(loyaltyPay, 'tx', answer)).toBeNull();
  });

  it.each([
    ['"approved 999 of 20"', payment({ approvedAmount: 99900 }), /more than the 2000 asked/],
    ['"approved" with only 5 approved', payment({ approvedAmount: 500 }), /"approved" with 500 of 2000/],
    [
      'a negative partial approval',
      payment({ result: 'partiallyApproved', approvedAmount: -500 }),
      /negative approved amount/,
    ],
    [
      'a partial approval of the whole amount',
      payment({ result: 'partiallyApproved', approvedAmount: 2000 }),
      /"partially approved" with 2000 of 2000/,
    ],
    [
      '"denied" with an approved amount',
      payment({ result: 'denied', approvedAmount: 2000 }),
      /"denied" with 2000 approved/,
    ],
    [
      'a partial approval that leaves money available (it is for exactly what was available)',
      payment({ result: 'partiallyApproved', approvedAmount: 500 }),
      /"partially approved" with 1000 still available/,
    ],
    [
      'a denial for lack of funds with money available',
      payment({ result: 'denied', approvedAmount: 0, denialReason: 'insufficient_funds' }),
      /denied for lack of funds with 1000 available/,
    ],
    ['another sale', payment({ transactionId: 'other' }), /names sale other/],
    ['another requested amount', payment({ requestedAmount: 100 }), /100 was asked, not 2000/],
  ])('contradicts with %s', (_name, answer, words) => {
    expect(contradiction(loyaltyPay, 'tx', answer)).toMatch(words);
  });

  it('a void must name this sale and give back what was paid', () => {
    const voided = (more: Partial<LoyaltyVoid>): LoyaltyVoid => ({
      result: 'voided',
      transactionId: 'tx',
      voidedAmount: 2000,
      account: payment({}).account,
      ...more,
    });
    const request = { type: 'loyaltyCard.voidPayment', number: '710100000001', amount: 2000 } as const;
    expect(contradiction(request, 'tx', voided({}))).toBeNull();
    expect(contradiction(request, 'tx', voided({ voidedAmount: 500 }))).toMatch(/voided 500 where 2000/);
    expect(contradiction(request, 'tx', voided({ transactionId: 'other' }))).toMatch(/names sale other/);

    // With a payment whose outcome was lost: it gave back the known 20.00, plus up to the 15.00 that one asked.
    const withLost = { ...request, unknownUpTo: 1500 };
    expect(contradiction(withLost, 'tx', voided({}))).toBeNull();
    expect(contradiction(withLost, 'tx', voided({ voidedAmount: 3500 }))).toBeNull();
    expect(contradiction(withLost, 'tx', voided({ voidedAmount: 3600 }))).toMatch(/voided 3600 where 2000 to 3500/);
    expect(contradiction(withLost, 'tx', voided({ voidedAmount: 1900 }))).toMatch(/voided 1900 where 2000 to 3500/);
  });
});

describe('issues, un-issues and lookups answered', () => {
  it('a pre-numbered issue must come back issued, for the card and amount asked', () => {
    const request = { type: 'giftCard.issue', number: '700100000007', amount: 2500 } as const;
    expect(contradiction(request, 'tx', giftCard())).toBeNull();
    expect(contradiction(request, 'tx', giftCard({ number: '700100000008' }))).toMatch(/card •••• 0008, not •••• 0007/);
    expect(contradiction(request, 'tx', giftCard({ status: 'notIssued' }))).toMatch(/notIssued, not issued/);
    expect(
      contradiction(request, 'tx', giftCard({ account: { net: 250, original: 250, floor: 0, authorized: 0 } })),
    ).toMatch(/loaded 250 where 2500/);
    // Loaded as asked, but holding another amount, or some of it on hold: not a card just issued.
    expect(
      contradiction(request, 'tx', giftCard({ account: { net: 0, original: 2500, floor: 0, authorized: 0 } })),
    ).toMatch(/holds 0 where 2500 was loaded/);
    expect(
      contradiction(request, 'tx', giftCard({ account: { net: 2500, original: 2500, floor: 0, authorized: 500 } })),
    ).toMatch(/just issued with 500 on hold/);
  });

  it('an issue in a series must come back in that series; a fixed amount (none asked) is taken as the server says', () => {
    const request = { type: 'giftCard.issueInSeries', series: 'GC3' } as const;
    expect(contradiction(request, 'tx', giftCard({ seriesNumber: 'GC3', number: '700300000001' }))).toBeNull();
    expect(contradiction(request, 'tx', giftCard({ seriesNumber: 'GC1' }))).toMatch(/series GC1, not GC3/);
  });

  it('a live-printed number must start with the series’ prefix as set up here: another card said to be of it is not the new one', () => {
    const request = { type: 'giftCard.issueInSeries', series: 'GC3', prefix: '7003' } as const;
    expect(contradiction(request, 'tx', giftCard({ seriesNumber: 'GC3', number: '700300000001' }))).toBeNull();
    expect(contradiction(request, 'tx', giftCard({ seriesNumber: 'GC3', number: '700100000001' }))).toMatch(
      /card •••• 0001 does not start with series GC3's prefix 7003/,
    );
    // No prefix known (a return's store credit, a record from before): the series number is checked, as before.
    const { prefix: _none, ...before } = request;
    expect(contradiction(before, 'tx', giftCard({ seriesNumber: 'GC3', number: '700100000001' }))).toBeNull();
  });

  it('an un-issue must come back not issued; a loyalty card must come back New', () => {
    expect(contradiction({ type: 'giftCard.unissue', number: '700100000007' }, 'tx', giftCard())).toMatch(
      /still issued/,
    );
    const card: LoyaltyCard = {
      kind: 'loyaltyCard',
      number: '710100000001',
      seriesNumber: 'LC1',
      statusCode: 1,
      account: payment({}).account,
      customer: null,
    };
    expect(contradiction({ type: 'loyaltyCard.unissue', number: '710100000001' }, 'tx', card)).toMatch(/still issued/);
    expect(
      contradiction({ type: 'loyaltyCard.unissue', number: '710100000001' }, 'tx', { ...card, statusCode: 0 }),
    ).toBeNull();
  });

  it('a lookup of card A answered with card B is refused', () => {
    expect(lookupContradiction('giftCard', '700100000007', giftCard())).toBeNull();
    expect(lookupContradiction('giftCard', '700100000007', giftCard({ number: '700100000001' }))).toMatch(
      /card •••• 0001, not •••• 0007/,
    );
  });
});
