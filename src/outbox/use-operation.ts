import { useCallback, useRef, useState } from 'react';
import type { Instrument } from '@/domain/instrument';
import type { OperationRecord, OperationRequest } from './types';
import { useOperationRecord, useOutbox } from './projection';

export type OperationState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'done'; instrument: Instrument; id: string }
  | { phase: 'refused'; error: { code: string; message: string }; id: string }
  | { phase: 'unknown'; id: string }
  | { phase: 'attention'; record: OperationRecord; id: string };

/**
 * One issue or un-issue through the outbox, with its outcome as screen state. An unknown outcome
 * is resolved by the sender replaying the same key, never guessed, so a retried live-printed
 * issue cannot create a second card.
 */
export function useInstrumentOperation() {
  const { perform, sender } = useOutbox();
  const [id, setId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  // One intent, one operation: a second click in the same instant finds this set.
  const taken = useRef(false);
  const record = useOperationRecord(id);

  const start = useCallback(
    async (request: OperationRequest, reason: string) => {
      if (taken.current) return;
      taken.current = true;
      setStarting(true);
      try {
        const recorded = await perform({ type: 'operation', request, reason });
        setId(recorded.id);
      } catch (error) {
        taken.current = false;
        throw error;
      } finally {
        setStarting(false);
      }
    },
    [perform],
  );

  let state: OperationState = { phase: 'idle' };
  if (starting || (id && !record)) state = { phase: 'sending' };
  else if (id && record) {
    if (record.status === 'succeeded' && record.result && 'number' in record.result)
      state = { phase: 'done', instrument: record.result, id };
    else if (record.status === 'refused')
      state = { phase: 'refused', error: record.error ?? { code: 'unknown', message: '' }, id };
    else if (record.status === 'attention') state = { phase: 'attention', record, id };
    else if (record.status === 'pending' && record.attempts === 0) state = { phase: 'sending' };
    else state = { phase: 'unknown', id };
  }

  return {
    state,
    start,
    resolve: () => (id ? sender.kick(id) : Promise.resolve()),
    reset: () => {
      taken.current = false;
      setId(null);
    },
  };
}
