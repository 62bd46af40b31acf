import type * as LoyaltyApiModule from './loyalty-api';
import type { ApiConfig, LoyaltyApi } from './loyalty-api';

let loading: Promise<typeof LoyaltyApiModule> | null = null;
/** The API layer's chunk (requests, the contract's checks and conversions): fetched as the terminal starts. */
export const loadApiLayer = () => (loading ??= import('./loyalty-api'));

/**
 * A LoyaltyApi whose every call waits for the API layer's chunk (asked for by the first call),
 * then goes as it would: the first screen paints without the contract's code, and a card scanned
 * meanwhile is asked for once it is there. `config` is known at once.
 */
export function lazyLoyaltyApi(config: ApiConfig): LoyaltyApi {
  let loaded: Promise<LoyaltyApi> | null = null;
  const real = () => (loaded ??= loadApiLayer().then((m) => m.createLoyaltyApi(config)));
  const group = (name: string) =>
    new Proxy(
      {},
      {
        get: (_, method: string | symbol) =>
          typeof method !== 'string' || method === 'then'
            ? undefined // never mistaken for a promise
            : (...args: unknown[]) =>
                real().then((api) =>
                  (api[name as 'giftCards'][method as 'get'] as (...a: unknown[]) => unknown)(...args),
                ),
      },
    );
  const groups = {
    giftCards: group('giftCards'),
    loyaltyCards: group('loyaltyCards'),
    storeCredits: group('storeCredits'),
  };
  return { config, ...groups } as unknown as LoyaltyApi;
}
