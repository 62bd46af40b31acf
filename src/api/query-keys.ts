import type { Query } from '@tanstack/react-query';
import type { InstrumentKind } from '@/domain/instrument';

/** The keys of what the screens read from the server: hierarchical, so a server's or a card's can be dropped at once. */
export const instrumentKeys = {
  all: (scope: string) => ['instrument', scope] as const,
  /** Every card read from another server than `scope`'s: dropped when the server changes. */
  fromOtherServers: (scope: string | undefined) => ({
    predicate: (query: Query) => query.queryKey[0] === 'instrument' && query.queryKey[1] !== scope,
  }),
  /** One card's key, for invalidating what the screens show of it. */
  key: (scope: string, kind: InstrumentKind, number: string) => [...instrumentKeys.all(scope), kind, number] as const,
};
