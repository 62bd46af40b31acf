import type { LoyaltyApi, PostOptions } from '../loyalty-api';

/**
 * Calls each of the API layer's 18 operations at least once against the demo dataset's simulator,
 * every call answered 2xx (a loyalty payment partially approved, then denied: both kinds of answer).
 */
export async function callEveryOperation(api: LoyaltyApi, o: PostOptions): Promise<void> {
  await api.giftCards.get('700100000001');
  await api.giftCards.issue('700100000003', { amount: 2050, customer: { customerId: 'C5', name: 'Noor' } }, o);
  const printed = await api.giftCards.issueInSeries('GC3', { amount: 1000 }, o);
  const hold = await api.giftCards.pay('700100000001', 1250, o);
  await api.giftCards.commit('700100000001', hold.authCode, o);
  const second = await api.giftCards.pay('700100000001', 100, o);
  await api.giftCards.cancel('700100000001', second.authCode, o);
  await api.giftCards.unissue(printed.number, o);

  await api.loyaltyCards.get('710100000003');
  await api.loyaltyCards.issue('710100000003', { customer: null }, o);
  await api.loyaltyCards.unissue('710100000003', o);
  await api.loyaltyCards.pay('710100000002', 2000, o);
  await api.loyaltyCards.pay('710100000002', 100, o);
  await api.loyaltyCards.voidPayment('710100000002', o);

  await api.storeCredits.get('720100000001');
  const credit = await api.storeCredits.issueInSeries('SC1', { amount: 999 }, o);
  const creditHold = await api.storeCredits.pay('720100000001', 500, o);
  await api.storeCredits.commit('720100000001', creditHold.authCode, o);
  const creditSecond = await api.storeCredits.pay('720100000001', 100, o);
  await api.storeCredits.cancel('720100000001', creditSecond.authCode, o);
  await api.storeCredits.unissue(credit.number, o);
}
