import type { SchemaName } from './schemas';

/** The Loyalty API's prefix (loyalty-api.md section 1); every API path below is relative to it. */
export const API_PREFIX = '/loyalty/api/v1/pos/loyaltyGroups/{loyaltyGroup}';

export type Tag = 'Gift cards' | 'Loyalty cards' | 'Store credit' | 'Simulator';

export interface Operation {
  method: 'get' | 'post';
  /** The contract's path, its parameters named as there (sections 3-5), or a /_simulator/ path. */
  path: string;
  /** The terminal's API function for it (src/api/loyalty-api.ts), or the simulator's own name. */
  operationId: string;
  tag: Tag;
  summary: string;
  body?: SchemaName;
  answer: { status: 200 | 201; schema: SchemaName | 'any' };
}

const giftCards: Operation[] = [
  {
    method: 'get',
    path: '/giftcards/{giftCardNumber}',
    operationId: 'giftCards.get',
    tag: 'Gift cards',
    summary: 'A gift card: its status, account and customer.',
    answer: { status: 200, schema: 'GiftCard' },
  },
  {
    method: 'post',
    path: '/giftcards/{giftCardNumber}/_issue',
    operationId: 'giftCards.issue',
    tag: 'Gift cards',
    summary: 'Issue a pre-numbered gift card: start date now, expiry from the series validity.',
    body: 'IssueGiftCardBody',
    answer: { status: 200, schema: 'GiftCard' },
  },
  {
    method: 'post',
    path: '/giftCardSeries/{giftCardSeriesNumber}/giftcards/_issue',
    operationId: 'giftCards.issueInSeries',
    tag: 'Gift cards',
    summary: 'Issue a gift card with a new number of a live-printed series (the number to print).',
    body: 'IssueGiftCardBody',
    answer: { status: 201, schema: 'GiftCard' },
  },
  {
    method: 'post',
    path: '/giftcards/{instrumentNumber}/_unissue',
    operationId: 'giftCards.unissue',
    tag: 'Gift cards',
    summary: 'Back to notIssued, amounts 0; only without financial activity since it was issued.',
    body: 'WorkstationOnlyBody',
    answer: { status: 200, schema: 'GiftCard' },
  },
  {
    method: 'post',
    path: '/giftcards/{giftCardNumber}/_pay',
    operationId: 'giftCards.pay',
    tag: 'Gift cards',
    summary: 'Authorize (hold) an amount: a pending authorization, to be committed or canceled.',
    body: 'PayBody',
    answer: { status: 201, schema: 'Authorization' },
  },
  {
    method: 'post',
    path: '/giftcards/{giftCardNumber}/authorizations/{authCode}/_commit',
    operationId: 'giftCards.commit',
    tag: 'Gift cards',
    summary: 'Commit a pending authorization; repeating it answers the same authorization.',
    body: 'WorkstationOnlyBody',
    answer: { status: 200, schema: 'Authorization' },
  },
  {
    method: 'post',
    path: '/instruments/{instrumentId}/authorizations/{authCode}/_cancel',
    operationId: 'giftCards.cancel',
    tag: 'Gift cards',
    summary: 'Cancel an authorization (expired if it had already lapsed); gift cards only under /instruments/.',
    body: 'WorkstationOnlyBody',
    answer: { status: 200, schema: 'Authorization' },
  },
];

const loyaltyCards: Operation[] = [
  {
    method: 'get',
    path: '/loyaltycards/{loyaltyCardNumber}',
    operationId: 'loyaltyCards.get',
    tag: 'Loyalty cards',
    summary: 'A loyalty card: its status code, account and customer.',
    answer: { status: 200, schema: 'LoyaltyCard' },
  },
  {
    method: 'post',
    path: '/loyaltycards/{loyaltyCardNumber}/_issue',
    operationId: 'loyaltyCards.issue',
    tag: 'Loyalty cards',
    summary: 'Open a new card (statusCode 0 to 1), start date today (UTC).',
    body: 'IssueLoyaltyCardBody',
    answer: { status: 200, schema: 'LoyaltyCard' },
  },
  {
    method: 'post',
    path: '/loyaltycards/{loyaltyCardNumber}/_unissue',
    operationId: 'loyaltyCards.unissue',
    tag: 'Loyalty cards',
    summary: 'Back to New (statusCode 0); only without financial activity.',
    body: 'WorkstationOnlyBody',
    answer: { status: 200, schema: 'LoyaltyCard' },
  },
  {
    method: 'post',
    path: '/loyaltycards/{loyaltyCardNumber}/_pay',
    operationId: 'loyaltyCards.pay',
    tag: 'Loyalty cards',
    summary: 'Pay at once: approved, partially approved for the available amount, or denied (an answer, not an error).',
    body: 'PayBody',
    answer: { status: 200, schema: 'LoyaltyPayment' },
  },
  {
    method: 'post',
    path: '/merchant/{merchantId}/loyaltycards/{loyaltyCardNumber}/_voidPayment',
    operationId: 'loyaltyCards.voidPayment',
    tag: 'Loyalty cards',
    summary:
      'Reverse every approved payment on the card under workstationData.transactionId; repeating it answers the same.',
    body: 'WorkstationOnlyBody',
    answer: { status: 200, schema: 'LoyaltyVoid' },
  },
];

const storeCredits: Operation[] = [
  {
    method: 'get',
    path: '/storecredits/{storeCreditNumber}',
    operationId: 'storeCredits.get',
    tag: 'Store credit',
    summary: 'A store credit: its status, account and customer.',
    answer: { status: 200, schema: 'StoreCredit' },
  },
  {
    method: 'post',
    path: '/storeCreditSeries/{storeCreditSeriesNumber}/storecredits/_issue',
    operationId: 'storeCredits.issueInSeries',
    tag: 'Store credit',
    summary: 'Issue a store credit with a new number of the series.',
    body: 'IssueStoreCreditBody',
    answer: { status: 201, schema: 'StoreCredit' },
  },
  {
    method: 'post',
    path: '/storecredits/{storeCreditNumber}/_unissue',
    operationId: 'storeCredits.unissue',
    tag: 'Store credit',
    summary: 'Back to notIssued; only without financial activity.',
    body: 'WorkstationOnlyBody',
    answer: { status: 200, schema: 'StoreCredit' },
  },
  {
    method: 'post',
    path: '/storecredits/{storeCreditNumber}/_pay',
    operationId: 'storeCredits.pay',
    tag: 'Store credit',
    summary: 'Authorize (hold) an amount.',
    body: 'PayBody',
    answer: { status: 201, schema: 'Authorization' },
  },
  {
    method: 'post',
    path: '/storecredits/{storeCreditNumber}/authorizations/{authCode}/_commit',
    operationId: 'storeCredits.commit',
    tag: 'Store credit',
    summary: 'Commit a pending authorization.',
    body: 'WorkstationOnlyBody',
    answer: { status: 200, schema: 'Authorization' },
  },
  {
    method: 'post',
    path: '/storecredit/{instrumentId}/authorizations/{authCode}/_cancel',
    operationId: 'storeCredits.cancel',
    tag: 'Store credit',
    summary: 'Cancel an authorization; store credit only under the singular /storecredit/.',
    body: 'WorkstationOnlyBody',
    answer: { status: 200, schema: 'Authorization' },
  },
];

/** Sections 3-5: the API's 18 operations, each under API_PREFIX. */
export const apiOperations: Operation[] = [...giftCards, ...loyaltyCards, ...storeCredits];

/** Section 7 and what the simulator adds to it: outside the API's prefix, no token, never faulted. */
export const simulatorOperations: Operation[] = [
  {
    method: 'get',
    path: '/_simulator/state',
    operationId: 'simulator.state',
    tag: 'Simulator',
    summary: 'The whole state, for tests and trainers.',
    answer: { status: 200, schema: 'SimulatorState' },
  },
  {
    method: 'post',
    path: '/_simulator/reset',
    operationId: 'simulator.reset',
    tag: 'Simulator',
    summary: 'Back to the loaded dataset; forgets idempotency keys, clears faults, restarts series counters.',
    answer: { status: 200, schema: 'ResetAnswer' },
  },
  {
    method: 'get',
    path: '/_simulator/faults',
    operationId: 'simulator.faults',
    tag: 'Simulator',
    summary: 'The fault setting in force.',
    answer: { status: 200, schema: 'FaultSetting' },
  },
  {
    method: 'post',
    path: '/_simulator/faults',
    operationId: 'simulator.setFaults',
    tag: 'Simulator',
    summary: 'Replace the whole fault setting ({} clears it); answers the setting now in force.',
    body: 'FaultSetting',
    answer: { status: 200, schema: 'FaultSetting' },
  },
  {
    method: 'post',
    path: '/_simulator/cards',
    operationId: 'simulator.addCards',
    tag: 'Simulator',
    summary:
      'Cards and series added to the running state (a test’s own), checked as a dataset file is; gone at the next reset.',
    body: 'CardsBody',
    answer: { status: 201, schema: 'CardsAnswer' },
  },
  {
    method: 'post',
    path: '/_simulator/clock',
    operationId: 'simulator.advanceClock',
    tag: 'Simulator',
    summary: 'The clock moved on (holds lapse, expiry dates pass); back at the next reset.',
    body: 'ClockBody',
    answer: { status: 200, schema: 'ClockAnswer' },
  },
  {
    method: 'get',
    path: '/_simulator/openapi.json',
    operationId: 'simulator.openapi',
    tag: 'Simulator',
    summary: 'This document.',
    answer: { status: 200, schema: 'any' },
  },
];
