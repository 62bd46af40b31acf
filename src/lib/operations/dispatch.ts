import type { LoyaltyApi, PostOptions } from '@/api/loyalty-api';
import type { OperationRequest, OperationResult } from './types';

/** The one place the terminal calls an API operation that changes something. */
export function dispatch(api: LoyaltyApi, request: OperationRequest, options: PostOptions): Promise<OperationResult> {
  switch (request.type) {
    case 'giftCard.pay':
      return api.giftCards.pay(request.number, request.amount, options);
    case 'storeCredit.pay':
      return api.storeCredits.pay(request.number, request.amount, options);
    case 'loyaltyCard.pay':
      return api.loyaltyCards.pay(request.number, request.amount, options);
    case 'giftCard.commit':
      return api.giftCards.commit(request.number, request.authCode, options);
    case 'giftCard.cancel':
      return api.giftCards.cancel(request.number, request.authCode, options);
    case 'storeCredit.commit':
      return api.storeCredits.commit(request.number, request.authCode, options);
    case 'storeCredit.cancel':
      return api.storeCredits.cancel(request.number, request.authCode, options);
    case 'loyaltyCard.voidPayment':
      return api.loyaltyCards.voidPayment(request.number, options);
    case 'giftCard.issue':
      return api.giftCards.issue(request.number, { amount: request.amount, customer: request.customer }, options);
    case 'giftCard.issueInSeries':
      return api.giftCards.issueInSeries(request.series, { amount: request.amount, customer: request.customer }, options);
    case 'storeCredit.issueInSeries':
      return api.storeCredits.issueInSeries(request.series, { amount: request.amount, customer: request.customer }, options);
    case 'loyaltyCard.issue':
      return api.loyaltyCards.issue(request.number, { customer: request.customer }, options);
    case 'giftCard.unissue':
      return api.giftCards.unissue(request.number, options);
    case 'storeCredit.unissue':
      return api.storeCredits.unissue(request.number, options);
    case 'loyaltyCard.unissue':
      return api.loyaltyCards.unissue(request.number, options);
  }
}
