import { useCallback, useEffect, useRef, useState } from 'react';
import type { Instrument } from '@/domain/instrument';
import type { Minor } from '@/domain/money';
import type { OperationRecord, OperationRequest } from './types';
import { useOperationRecord, useOutbox } from './projection';

export type OperationState =
  | { phase: 'idle' }
  | { phase: 'sending' }
  /** The server asked to wait before the next try (429 with Retry-After): it goes when the wait is over. */
  | { phase: 'waiting'; seconds: number }
  /** `flagged`: done, and a manager must know something of it too (its notes). */
  | { phase: 'done'; instrument: Instrument; id: string; flagged?: OperationRecord | undefined }
  | { phase: 'refused'; error: { code: string; message: string; retryAfterSeconds?: number | undefined }; id: string }
  | { phase: 'unknown'; id: string }
  | { phase: 'attention'; record: OperationRecord; id: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When a refusal that passes (429) may be tried again: the record's time plus the wait the server asked for. */
const retryAt = (record: OperationRecord | undefined): number =>
  record?.status === 'refused' && record.error?.retryAfterSeconds
    ? Date.parse(record.updatedAt) + record.error.retryAfterSeconds * 1000
    : 0;

/** Where this tab keeps the operation a task started until its outcome is known (sessionStorage). */
const slotKey = (scope: string, slot: string) => `loyalty-terminal.operation:${scope}:${slot}`;

/** The operations this tab's tasks keep on screen (each shows its own outcome there). */
export function keptInThisTab(scope: string): Set<string> {
  const prefix = slotKey(scope, '');
  const ids = new Set<string>();
  for (let i = 0; i < sessionStorage.length; i += 1) {
    const key = sessionStorage.key(i);
    const id = key?.startsWith(prefix) ? sessionStorage.getItem(key) : null;
    if (id) ids.add(id);
  }
  return ids;
}
/**
 * Its outcome known, so the task's next visit starts afresh. With `keptWithManager` (an issue), not
 * one with a manager that issued nothing known (a contradicted answer, a lost one then refused): the
 * card may be issued after all, and a fresh form would issue a second; the task shows it until a
 * manager lets it go (`reset`).
 */
const settled = (record: OperationRecord, keptWithManager: boolean) =>
  record.status === 'attention'
    ? !keptWithManager || (record.result !== undefined && 'number' in record.result)
    : record.status !== 'pending' && record.status !== 'unknown';

/**
 * One issue or un-issue through the outbox, with its outcome as screen state. An unknown outcome
 * is resolved by the sender replaying the same key, never guessed, so a retried live-printed
 * issue cannot create a second card. Asked again after a refusal, it is a new operation (the
 * refused one changed nothing); after a refusal that passes, it waits out the time the server
 * asked for, on screen, then goes.
 *
 * `slot` names the task in this tab ("issue:storeCredit"): its operation is kept there until its
 * outcome is known, so choosing the task again, leaving the screen or a reload shows that outcome,
 * never a fresh form that would issue a second card while the first one's answer is missing.
 */
export function useInstrumentOperation(slot: string, { keptWithManager = false } = {}) {
  const { perform, resolveNow, reads } = useOutbox();
  const key = slotKey(reads.scope, slot);
  const [id, setId] = useState<string | null>(() => sessionStorage.getItem(key));
  const [starting, setStarting] = useState(false);
  const [waitSeconds, setWaitSeconds] = useState(0);
  // One intent, one operation: a second click in the same instant finds this set.
  const taken = useRef(id !== null);
  const record = useOperationRecord(id);
  // A kept operation whose record is gone (a training reset cleared it, or it was pruned): the task
  // starts afresh rather than waiting for it for ever. A new operation's record is written before its id is kept.
  useEffect(() => {
    if (!id) return;
    let live = true;
    void reads.get(id).then((found) => {
      if (!live || found) return;
      if (sessionStorage.getItem(key) === id) sessionStorage.removeItem(key);
      taken.current = false;
      setId(null);
    });
    return () => {
      live = false;
    };
  }, [id, key, reads]);
  const current = useRef(record);
  useEffect(() => {
    current.current = record;
    // Its outcome is known (and on screen): the task's next visit starts afresh.
    if (record && settled(record, keptWithManager) && sessionStorage.getItem(key) === record.id)
      sessionStorage.removeItem(key);
  });

  const start = useCallback(
    async (request: OperationRequest, reason: string, facts: { loaded?: Minor } = {}) => {
      if (taken.current && current.current?.status !== 'refused') return;
      taken.current = true;
      setStarting(true);
      try {
        const wait = retryAt(current.current) - Date.now();
        if (wait > 0) {
          setWaitSeconds(Math.ceil(wait / 1000));
          await sleep(wait);
          setWaitSeconds(0);
        }
        const recorded = await perform({ type: 'operation', request, reason, ...facts });
        sessionStorage.setItem(key, recorded.id);
        setId(recorded.id);
      } catch (error) {
        taken.current = false;
        throw error;
      } finally {
        setStarting(false);
      }
    },
    [perform, key],
  );

  let state: OperationState = { phase: 'idle' };
  if (waitSeconds > 0) state = { phase: 'waiting', seconds: waitSeconds };
  else if (starting || (id && !record)) state = { phase: 'sending' };
  else if (id && record) {
    if (record.status === 'succeeded' && record.result && 'number' in record.result)
      state = { phase: 'done', instrument: record.result, id };
    // Done, and flagged after (a card issued in a series after a lost answer): the card is the customer's.
    else if (record.status === 'attention' && record.result && 'number' in record.result)
      state = { phase: 'done', instrument: record.result, id, flagged: record };
    else if (record.status === 'refused')
      state = { phase: 'refused', error: record.error ?? { code: 'unknown', message: '' }, id };
    else if (record.status === 'attention') state = { phase: 'attention', record, id };
    else if (record.status === 'pending' && record.attempts === 0) state = { phase: 'sending' };
    else state = { phase: 'unknown', id };
  }

  return {
    state,
    start,
    resolve: () => (id ? resolveNow(id) : Promise.resolve()),
    reset: () => {
      taken.current = false;
      if (id && sessionStorage.getItem(key) === id) sessionStorage.removeItem(key);
      setId(null);
    },
  };
}
