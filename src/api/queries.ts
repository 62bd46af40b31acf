import { queryOptions, type Query } from '@tanstack/react-query';
import { lookupContradiction } from '@/domain/answer-check';
import type { Instrument, InstrumentKind } from '@/domain/instrument';
import { LoyaltyApiError } from './errors';
import type { LoyaltyApi } from './loyalty-api';

/** One instrument from the server, checked to be the one asked for: another card's data is never shown or paid from. */
export async function getInstrument(
  api: LoyaltyApi,
  kind: InstrumentKind,
  number: string,
  signal?: AbortSignal,
): Promise<Instrument> {
  const instrument = await (kind === 'giftCard'
    ? api.giftCards.get(number, signal)
    : kind === 'storeCredit'
      ? api.storeCredits.get(number, signal)
      : api.loyaltyCards.get(number, signal));
  const problem = lookupContradiction(kind, number, instrument);
  if (problem)
    throw new LoyaltyApiError({
      code: 'contradictory_answer',
      message: `The server's answer contradicts the request: ${problem}.`,
      method: 'GET',
      status: 200,
    });
  return instrument;
}

/** Query options per resource, with hierarchical keys: used to fetch, prefetch and invalidate alike. */
export const instrumentQueries = {
  all: (scope: string) => ['instrument', scope] as const,
  /** Every card read from another server than `scope`'s: dropped when the server changes. */
  fromOtherServers: (scope: string | undefined) => ({
    predicate: (query: Query) => query.queryKey[0] === 'instrument' && query.queryKey[1] !== scope,
  }),
  /** One card's key, for invalidating what the screens show of it. */
  key: (scope: string, kind: InstrumentKind, number: string) =>
    [...instrumentQueries.all(scope), kind, number] as const,
  detail: (api: LoyaltyApi, scope: string, kind: InstrumentKind, number: string) =>
    queryOptions({
      queryKey: instrumentQueries.key(scope, kind, number),
      queryFn: ({ signal }) => getInstrument(api, kind, number, signal),
    }),
};
