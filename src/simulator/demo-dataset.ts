import type { ScenarioCard, ScenarioSeries } from '../domain/training-scenario';

/**
 * The built-in dataset: every scenario card a trainer needs (terminal.md, "Trainer"). Also what
 * `npm run simulator` serves when no --data is given. Dates are UTC.
 */
export const demoDataset = {
  currency: 'EUR',
  authorizationTtlSeconds: 900,
  tokens: [{ token: 'demo-token', merchantId: 'M1' }],
  loyaltyGroups: [
    {
      id: 'demo',
      merchants: ['M1'],
      giftCardSeries: [
        { seriesNumber: 'GC1', prefix: '7001', length: 8, issueType: 'preIssued', fixedAmount: null, validityMonths: 36, sellingMerchants: null, acceptingMerchants: null, description: 'Gift card' },
        { seriesNumber: 'GC2', prefix: '7002', length: 8, issueType: 'preIssued', fixedAmount: 25, validityMonths: 36, sellingMerchants: null, acceptingMerchants: null, description: 'Gift card 25 EUR' },
        { seriesNumber: 'GC3', prefix: '7003', length: 8, issueType: 'livePrinted', fixedAmount: null, validityMonths: 24, sellingMerchants: null, acceptingMerchants: null, description: 'Printed gift card' },
      ],
      storeCreditSeries: [{ seriesNumber: 'SC1', prefix: '7201', length: 8, validityMonths: 12, description: 'Store credit' }],
      loyaltyCardSeries: [{ seriesNumber: 'LC1', prefix: '7101', length: 8, description: 'Loyalty card' }],
      giftCards: [
        { number: '700100000001', seriesNumber: 'GC1', status: 'issued', amountOriginal: 50, amountNet: 50, amountFloor: 0, created: '2025-12-01T09:00:00Z', startDate: '2026-01-01T00:00:00Z', expiryDate: '2029-01-01T00:00:00Z', customer: { customerId: 'C1', name: 'Ada Lovelace' } },
        { number: '700100000002', seriesNumber: 'GC1', status: 'issued', amountOriginal: 25, amountNet: 0, amountFloor: 0, startDate: '2026-01-01T00:00:00Z', expiryDate: '2029-01-01T00:00:00Z', customer: null },
        { number: '700100000003', seriesNumber: 'GC1', status: 'notIssued', amountOriginal: 0, amountNet: 0, amountFloor: 0, customer: null },
        { number: '700100000004', seriesNumber: 'GC1', status: 'notIssued', amountOriginal: 0, amountNet: 0, amountFloor: 0, customer: null },
        { number: '700100000005', seriesNumber: 'GC1', status: 'notIssued', amountOriginal: 0, amountNet: 0, amountFloor: 0, customer: null },
        { number: '700100000006', seriesNumber: 'GC1', status: 'expired', amountOriginal: 40, amountNet: 40, amountFloor: 0, startDate: '2022-06-30T00:00:00Z', expiryDate: '2025-06-30T00:00:00Z', customer: null },
        { number: '700100000007', seriesNumber: 'GC1', status: 'issued', amountOriginal: 100, amountNet: 100, amountFloor: 0, startDate: '2026-01-01T00:00:00Z', expiryDate: '2029-01-01T00:00:00Z', customer: null },
        { number: '700100000008', seriesNumber: 'GC1', status: 'issued', amountOriginal: 30, amountNet: 30, amountFloor: 0, startDate: '2030-01-01T00:00:00Z', expiryDate: '2033-01-01T00:00:00Z', customer: null },
        { number: '700200000001', seriesNumber: 'GC2', status: 'notIssued', amountOriginal: 0, amountNet: 0, amountFloor: 0, customer: null },
        { number: '700200000002', seriesNumber: 'GC2', status: 'notIssued', amountOriginal: 0, amountNet: 0, amountFloor: 0, customer: null },
        { number: '700200000003', seriesNumber: 'GC2', status: 'notIssued', amountOriginal: 0, amountNet: 0, amountFloor: 0, customer: null },
      ],
      loyaltyCards: [
        { number: '710100000001', seriesNumber: 'LC1', statusCode: 1, amountOriginal: 0, amountNet: 120, amountFloor: 0, created: '2025-03-01', startDate: '2025-03-01', customer: { customerId: 'C1', name: 'Ada Lovelace' } },
        { number: '710100000002', seriesNumber: 'LC1', statusCode: 1, amountOriginal: 0, amountNet: 5, amountFloor: 0, startDate: '2025-05-10', customer: { customerId: 'C2', name: 'Grace Hopper' } },
        { number: '710100000003', seriesNumber: 'LC1', statusCode: 0, amountOriginal: 0, amountNet: 0, amountFloor: 0, customer: null },
        { number: '710100000004', seriesNumber: 'LC1', statusCode: 2, amountOriginal: 0, amountNet: 15, amountFloor: 0, startDate: '2024-01-15', customer: null },
        { number: '710100000005', seriesNumber: 'LC1', statusCode: 4, amountOriginal: 0, amountNet: 0, amountFloor: 0, startDate: '2024-02-01', customer: null },
        { number: '710100000006', seriesNumber: 'LC1', statusCode: 1, amountOriginal: 0, amountNet: 0, amountFloor: 0, startDate: '2025-08-01', customer: null },
      ],
      storeCredits: [
        { number: '720100000001', seriesNumber: 'SC1', status: 'issued', amountOriginal: 30, amountNet: 30, amountFloor: 0, startDate: '2026-10-01T00:00:00Z', expiryDate: '2027-10-01T00:00:00Z', customer: { customerId: 'C3', name: 'Alan Turing' } },
      ],
    },
  ],
} as const;

/** The cards a trainer taps to rehearse each situation. */
export const scenarioCards: ScenarioCard[] = [
  { number: '700100000001', kind: 'giftCard', situation: 'issued', amount: 5000 },
  { number: '700100000007', kind: 'giftCard', situation: 'issued', amount: 10000 },
  { number: '700100000002', kind: 'giftCard', situation: 'zeroBalance' },
  { number: '700100000003', kind: 'giftCard', situation: 'notIssued' },
  { number: '700100000006', kind: 'giftCard', situation: 'expired' },
  { number: '700100000008', kind: 'giftCard', situation: 'notYetValid' },
  { number: '700200000001', kind: 'giftCard', situation: 'fixedAmountNotIssued', amount: 2500 },
  { number: '710100000001', kind: 'loyaltyCard', situation: 'open', amount: 12000 },
  { number: '710100000002', kind: 'loyaltyCard', situation: 'partialApproval' },
  { number: '710100000006', kind: 'loyaltyCard', situation: 'openNoBalance' },
  { number: '710100000003', kind: 'loyaltyCard', situation: 'new' },
  { number: '710100000004', kind: 'loyaltyCard', situation: 'closed' },
  { number: '710100000005', kind: 'loyaltyCard', situation: 'canceled' },
  { number: '720100000001', kind: 'storeCredit', situation: 'balance', amount: 3000 },
];

/** Series scenarios (issued by series, no number to scan). */
export const scenarioSeries: ScenarioSeries[] = [
  { seriesNumber: 'GC3', kind: 'giftCard', situation: 'livePrinted' },
  { seriesNumber: 'SC1', kind: 'storeCredit', situation: 'series' },
];
