import { queryOptions } from '@tanstack/react-query';
import type { Instrument, InstrumentKind } from '@/domain/instrument';
import type { LoyaltyApi } from './loyalty-api';

export function getInstrument(api: LoyaltyApi, kind: InstrumentKind, number: string, signal?: AbortSignal): Promise<Instrument> {
  if (kind === 'giftCard') return api.giftCards.get(number, signal);
  if (kind === 'storeCredit') return api.storeCredits.get(number, signal);
  return api.loyaltyCards.get(number, signal);
}

/** Query options per resource, with hierarchical keys: used to fetch, prefetch and invalidate alike. */
export const instrumentQueries = {
  all: (scope: string) => ['instrument', scope] as const,
  detail: (api: LoyaltyApi, scope: string, kind: InstrumentKind, number: string) =>
    queryOptions({
      queryKey: [...instrumentQueries.all(scope), kind, number] as const,
      queryFn: ({ signal }) => getInstrument(api, kind, number, signal),
    }),
};
