/**
 * Card numbers whose outcome is fixed, in the built-in dataset (demo-dataset.ts): the same in the
 * Playwright kit's server, in `npm run simulator` and in training mode (the simulator in the page),
 * so a trainer rehearses exactly what an integrator tests. Amounts in the dataset's EUR.
 * docs/testing-kit.md has the table in words.
 */
export const magicCards = {
  giftCard: {
    /** Issued, 50.00: holds and commits. */
    approved: '700100000001',
    /** Issued, 100.00. */
    approvedLarge: '700100000007',
    /** Issued, 7.00 left: small enough to cash out. */
    smallBalance: '700100000009',
    /** Issued, 0.00: a payment is refused, insufficient_funds. */
    insufficientFunds: '700100000002',
    /** Not issued: a payment is refused, not_issued; it can be sold. */
    notIssued: '700100000003',
    /** Expired: a payment is refused, expired. */
    expired: '700100000006',
    /** Valid from 2098: a payment is refused, not_yet_valid. */
    notYetValid: '700100000008',
    /** 100.00; each payment's first attempt is applied and its answer lost: the terminal asks again. */
    answerLost: '700100000901',
    /** 100.00; each payment's first attempt gets no answer (not applied) until the terminal gives up. */
    timeout: '700100000902',
    /** 100.00; each payment's first attempt is answered 503 (not applied). */
    unavailable: '700100000903',
  },
  loyaltyCard: {
    /** Open, 120.00: approved in full up to that. */
    approved: '710100000001',
    /** Open, 5.00: asked more, partly approved for 5.00. */
    partlyApproved: '710100000002',
    /** Open, 0.00: denied, insufficient_funds. */
    deniedInsufficientFunds: '710100000006',
    /** New (not issued): denied, card_not_open; it can be opened. */
    deniedCardNotOpen: '710100000003',
    /** Closed: denied, card_not_open. */
    closed: '710100000004',
    /** Canceled: denied, card_not_open. */
    canceled: '710100000005',
    /** Open, 50.00, expired on 2025-12-31: denied, expired. */
    deniedExpired: '710100000007',
  },
  storeCredit: {
    /** Issued, 30.00. */
    approved: '720100000001',
  },
} as const;

/** Series of the built-in dataset, by what they issue. */
export const magicSeries = {
  /** Pre-numbered gift cards 7001…, any amount. */
  giftCards: 'GC1',
  /** Pre-numbered gift cards 7002…, 25.00 each. */
  fixedAmountGiftCards: 'GC2',
  /** Live-printed gift cards 7003… (the server gives the number). */
  printedGiftCards: 'GC3',
  /** Store credit 7201… (the server gives the number). */
  storeCredit: 'SC1',
  /** Loyalty cards 7101…. */
  loyaltyCards: 'LC1',
} as const;
