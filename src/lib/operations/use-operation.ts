import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { LoyaltyApiError } from '@/api/errors';
import { instrumentQueries } from '@/api/queries';
import type { Instrument } from '@/domain/instrument';
import { useTerminal } from '@/lib/terminal-context';
import type { OperationOutcome } from './runner';
import type { OperationRequest } from './types';
import { useRunner } from './use-runner';

export type OperationState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'done'; instrument: Instrument; id: string }
  | { phase: 'refused'; error: LoyaltyApiError; id: string }
  | { phase: 'unknown'; error: LoyaltyApiError; id: string };

const RESOLVE_EVERY_MS = 4000;

/**
 * One issue or un-issue through the recorded path, with its outcome as screen state. An unknown
 * outcome is resolved by replaying the same key (automatically, and on demand), never guessed,
 * so a retried live-printed issue cannot create a second card.
 */
export function useInstrumentOperation() {
  const runner = useRunner();
  const { scope } = useTerminal();
  const queryClient = useQueryClient();
  const [state, setState] = useState<OperationState>({ phase: 'idle' });

  const apply = useCallback(
    async (outcome: OperationOutcome | undefined) => {
      if (!outcome || outcome.status === 'busy') return;
      if (outcome.status === 'succeeded') {
        const instrument = outcome.result as Instrument;
        setState({ phase: 'done', instrument, id: outcome.record.id });
        await queryClient.invalidateQueries({ queryKey: [...instrumentQueries.all(scope), instrument.kind, instrument.number] });
      } else {
        setState({ phase: outcome.status, error: outcome.error, id: outcome.record.id });
      }
    },
    [queryClient, scope],
  );

  const start = useCallback(
    async (request: OperationRequest, reason: string) => {
      setState({ phase: 'sending' });
      await apply(await runner.execute(request, { transactionId: crypto.randomUUID(), reason }));
    },
    [runner, apply],
  );

  const id = state.phase === 'unknown' ? state.id : null;
  const resolve = useCallback(async () => {
    if (id) await apply(await runner.retry(id));
  }, [id, runner, apply]);

  useEffect(() => {
    if (!id) return undefined;
    const timer = setInterval(() => void resolve(), RESOLVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [id, resolve]);

  return { state, start, resolve, reset: () => setState({ phase: 'idle' }) };
}
