import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { instrumentQueries } from '@/api/loyalty-api';
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
  const { api, scope, series } = useTerminal();
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

  const query = useQuery({
    ...instrumentQueries.detail(api, scope, target?.kind ?? 'giftCard', target?.number ?? ''),
    enabled: target !== null,
  });

  const clear = useCallback(() => {
    setTarget(null);
    setAskKindFor(null);
    setInputError(null);
  }, []);

  return { target, askKindFor, inputError, submit, choose, clear, cancelAsk: () => setAskKindFor(null), query };
}
