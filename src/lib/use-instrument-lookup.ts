import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { LoyaltyApiError } from '@/api/errors';
import { createLoyaltyApi, instrumentQueries } from '@/api/loyalty-api';
import { lookupGuard } from '@/lib/lookup-guard-store';
import type { InstrumentKind } from '@/domain/instrument';
import { detectKind, parseInstrumentNumber } from '@/domain/instrument-number';
import type { MessageKey } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';

export type LookupTarget = { kind: InstrumentKind; number: string };

/**
 * The lookup flow: raw input to a number, the number's prefix to a kind (or a question to the
 * cashier), then the instrument from the server.
 */
export function useInstrumentLookup(
  initial: LookupTarget | null = null,
  options: { fallbackKind?: InstrumentKind } = {},
) {
  const { fallbackKind } = options;
  const { apiConfig, scope, series } = useTerminal();
  const api = useMemo(() => createLoyaltyApi(apiConfig), [apiConfig]);
  const [target, setTarget] = useState<LookupTarget | null>(initial);
  const [askKindFor, setAskKindFor] = useState<string | null>(null);
  const [inputError, setInputError] = useState<MessageKey | null>(null);

  const submit = useCallback(
    (raw: string) => {
      const parsed = parseInstrumentNumber(raw);
      if (!parsed.ok) {
        setInputError(parsed.error === 'empty' ? 'number.empty' : 'number.malformed');
        return;
      }
      setInputError(null);
      const kind = detectKind(parsed.number, series) ?? fallbackKind ?? null;
      if (kind) {
        setAskKindFor(null);
        setTarget({ kind, number: parsed.number });
      } else {
        setTarget(null);
        setAskKindFor(parsed.number);
      }
    },
    [series, fallbackKind],
  );

  const choose = useCallback((target: LookupTarget) => {
    setAskKindFor(null);
    setInputError(null);
    setTarget(target);
  }, []);

  const detail = instrumentQueries.detail(api, scope, target?.kind ?? 'giftCard', target?.number ?? '');
  const query = useQuery({
    ...detail,
    // Guessing stopped (lookup-guard.ts): while paused nothing is sent; an unknown number counts.
    queryFn: async (context) => {
      const until = lookupGuard.pausedUntil();
      if (until !== null)
        throw new LoyaltyApiError({ code: 'lookups_paused', message: '', method: 'GET', details: { until } });
      try {
        return await detail.queryFn!(context as never);
      } catch (error) {
        if (error instanceof LoyaltyApiError && error.code === 'not_found') lookupGuard.missed();
        throw error;
      }
    },
    enabled: target !== null,
  });

  const clear = useCallback(() => {
    setTarget(null);
    setAskKindFor(null);
    setInputError(null);
  }, []);

  return { target, askKindFor, inputError, submit, choose, clear, cancelAsk: () => setAskKindFor(null), query };
}
