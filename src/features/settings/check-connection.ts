import { LoyaltyApiError } from '@/api/errors';
import { createLoyaltyApi } from '@/api/loyalty-api';
import type { MessageKey } from '@/lib/i18n';
import type { ServerSettings } from '@/lib/settings/schema';

export type ConnectionCheck = { ok: boolean; key: MessageKey; vars: Record<string, string> };

/**
 * Asks the server for an instrument that almost surely does not exist: `not_found` proves the
 * address, the token and the loyalty group in one request. A browser hides why a request failed,
 * so an opaque no-cors request then tells "unreachable" from "reachable but CORS refused".
 */
export async function checkConnection(
  settings: ServerSettings,
  doFetch: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<ConnectionCheck> {
  const api = createLoyaltyApi({ ...settings, timeoutMs: settings.timeoutSeconds * 1000, fetch: doFetch });
  const group = { group: settings.loyaltyGroup };
  try {
    await api.giftCards.get('0000000000000000');
    return await merchantCheck(api, settings, group);
  } catch (error) {
    if (!(error instanceof LoyaltyApiError)) return { ok: false, key: 'check.other', vars: { message: String(error) } };
    switch (error.code) {
      case 'not_found':
        // Only the contract's own error body (code not_found, on a 404) proves a Loyalty API: any other 404 is no proof.
        return error.status === 404
          ? merchantCheck(api, settings, group)
          : { ok: false, key: 'check.malformed', vars: {} };
      case 'unauthorized':
        return { ok: false, key: 'check.unauthorized', vars: {} };
      case 'loyalty_group_not_found':
        return { ok: false, key: 'check.group', vars: group };
      case 'merchant_not_allowed':
        return { ok: false, key: 'check.merchant', vars: group };
      case 'timeout':
        return { ok: false, key: 'check.timeout', vars: {} };
      case 'malformed_response':
        return { ok: false, key: 'check.malformed', vars: {} };
      case 'network': {
        const reachable = await doFetch(settings.baseUrl, {
          mode: 'no-cors',
          signal: AbortSignal.timeout(settings.timeoutSeconds * 1000),
        }).then(
          () => true,
          () => false,
        );
        return reachable
          ? { ok: false, key: 'check.cors', vars: { origin: globalThis.location?.origin ?? '' } }
          : { ok: false, key: 'check.unreachable', vars: { url: settings.baseUrl } };
      }
      default:
        return { ok: false, key: 'check.other', vars: { message: `${error.code}: ${error.message}` } };
    }
  }
}

/**
 * The merchant id is in one path only, a loyalty payment's void: a wrong one shows nowhere else, and
 * every void (a line removed, a sale voided, a return) would be refused. Asked to void a payment of
 * a card that almost surely does not exist, under a new sale, a server that takes the merchant id
 * answers not_found (nothing is voided: there is nothing to void); merchant_not_allowed says the id
 * is not the token's merchant. Any other answer says nothing of it: the first check stands.
 */
async function merchantCheck(
  api: ReturnType<typeof createLoyaltyApi>,
  settings: ServerSettings,
  group: Record<string, string>,
): Promise<ConnectionCheck> {
  try {
    // A probe, not money: a card that does not exist, under a sale that never was, voids nothing.
    // eslint-disable-next-line no-restricted-syntax -- the merchant id can be checked no other way
    await api.loyaltyCards.voidPayment('0000000000000000', {
      transactionId: crypto.randomUUID(),
      reason: 'Connection check',
    });
  } catch (error) {
    if (error instanceof LoyaltyApiError && error.code === 'merchant_not_allowed')
      return { ok: false, key: 'check.merchantId', vars: { merchant: settings.merchantId } };
  }
  return { ok: true, key: 'check.ok', vars: group };
}
