import type { LoyaltyApi, PostOptions } from '@/api/loyalty-api';
import type { OperationType, RequestOf, ResultMap } from '@/domain/operation';

type Handlers = { [K in OperationType]: (api: LoyaltyApi, r: RequestOf<K>, o: PostOptions) => Promise<ResultMap[K]> };

const handlers: Handlers = {
  'giftCard.pay': (api, r, o) => api.giftCards.pay(r.number, r.amount, o),
  'storeCredit.pay': (api, r, o) => api.storeCredits.pay(r.number, r.amount, o),
  'loyaltyCard.pay': (api, r, o) => api.loyaltyCards.pay(r.number, r.amount, o),
  'giftCard.commit': (api, r, o) => api.giftCards.commit(r.number, r.authCode, o),
  'giftCard.cancel': (api, r, o) => api.giftCards.cancel(r.number, r.authCode, o),
  'storeCredit.commit': (api, r, o) => api.storeCredits.commit(r.number, r.authCode, o),
  'storeCredit.cancel': (api, r, o) => api.storeCredits.cancel(r.number, r.authCode, o),
  'loyaltyCard.voidPayment': (api, r, o) => api.loyaltyCards.voidPayment(r.number, o),
  'giftCard.issue': (api, r, o) => api.giftCards.issue(r.number, { amount: r.amount, customer: r.customer }, o),
  'giftCard.issueInSeries': (api, r, o) =>
    api.giftCards.issueInSeries(r.series, { amount: r.amount, customer: r.customer }, o),
  'storeCredit.issueInSeries': (api, r, o) =>
    api.storeCredits.issueInSeries(r.series, { amount: r.amount, customer: r.customer }, o),
  'loyaltyCard.issue': (api, r, o) => api.loyaltyCards.issue(r.number, { customer: r.customer }, o),
  'giftCard.unissue': (api, r, o) => api.giftCards.unissue(r.number, o),
  'storeCredit.unissue': (api, r, o) => api.storeCredits.unissue(r.number, o),
  'loyaltyCard.unissue': (api, r, o) => api.loyaltyCards.unissue(r.number, o),
};

/** The one place the terminal calls an API operation that changes something; the result is typed by its request. */
export function dispatch<K extends OperationType>(
  api: LoyaltyApi,
  request: RequestOf<K>,
  options: PostOptions,
): Promise<ResultMap[K]> {
  // TypeScript cannot correlate a generic key with its handler's parameter; the map above is checked per key.
  const handler = handlers[request.type as K] as (
    api: LoyaltyApi,
    r: RequestOf<K>,
    o: PostOptions,
  ) => Promise<ResultMap[K]>;
  return handler(api, request, options);
}
