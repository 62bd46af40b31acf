import { LoyaltyApiError } from '@/api/errors';
import type { LoyaltyApi } from '@/api/loyalty-api';
import { dispatch } from './dispatch';
import type { Journal } from './journal';
import type { OperationRecord, OperationRequest, OperationResult } from './types';

export type OperationOutcome =
  | { status: 'succeeded'; result: OperationResult; record: OperationRecord }
  | { status: 'refused'; error: LoyaltyApiError; record: OperationRecord }
  | { status: 'unknown'; error: LoyaltyApiError; record: OperationRecord }
  | { status: 'busy'; record: OperationRecord };

export interface RunnerContext {
  api: LoyaltyApi;
  journal: Journal;
  scope: string;
  training: boolean;
  operatorId?: string | undefined;
  now?: () => Date;
}

const inFlight = new Set<string>();

/**
 * The one recorded, idempotent path for every operation that moves money or changes an
 * instrument: write the record (with its Idempotency-Key) durably, send, write the answer.
 * A retry sends the same key and the same body. Nothing else may call those API functions.
 */
export function createRunner(context: RunnerContext) {
  const now = () => (context.now ?? (() => new Date()))().toISOString();

  async function attempt(record: OperationRecord): Promise<OperationOutcome> {
    if (inFlight.has(record.id)) return { status: 'busy', record };
    inFlight.add(record.id);
    try {
      const result = await dispatch(context.api, record.request, { transactionId: record.transactionId, reason: record.reason, idempotencyKey: record.id });
      const done: OperationRecord = { ...record, status: 'succeeded', attempts: record.attempts + 1, updatedAt: now(), result, error: undefined };
      await context.journal.put(done);
      return { status: 'succeeded', result, record: done };
    } catch (error) {
      if (!(error instanceof LoyaltyApiError)) throw error;
      const unknown = error.outcomeUnknown;
      const done: OperationRecord = {
        ...record,
        status: unknown ? 'unknown' : 'refused',
        attempts: record.attempts + 1,
        updatedAt: now(),
        error: { code: error.code, message: error.message },
      };
      await context.journal.put(done);
      return unknown ? { status: 'unknown', error, record: done } : { status: 'refused', error, record: done };
    } finally {
      inFlight.delete(record.id);
    }
  }

  return {
    /** Records, then sends. `id` lets the caller name the operation (and key) before it exists. */
    async execute(request: OperationRequest, meta: { transactionId: string; reason: string; id?: string }): Promise<OperationOutcome> {
      const record: OperationRecord = {
        id: meta.id ?? crypto.randomUUID(),
        scope: context.scope,
        training: context.training,
        request,
        transactionId: meta.transactionId,
        reason: meta.reason,
        operatorId: context.operatorId,
        status: 'pending',
        attempts: 0,
        createdAt: now(),
        updatedAt: now(),
      };
      await context.journal.put(record);
      return attempt(record);
    },
    /** Sends a recorded operation again, same key and body: how unknown outcomes are resolved. */
    async retry(id: string): Promise<OperationOutcome | undefined> {
      const record = await context.journal.get(id);
      if (!record) return undefined;
      if (record.status === 'succeeded' && record.result) return { status: 'succeeded', result: record.result, record };
      // Flagged for a manager: the terminal stops resending it on its own.
      if (record.status === 'attention') return { status: 'busy', record };
      return attempt(record);
    },
    async flag(id: string, note: string) {
      const record = await context.journal.get(id);
      if (record) await context.journal.put({ ...record, status: 'attention', note, updatedAt: now() });
    },
    isInFlight: (id: string) => inFlight.has(id),
  };
}

export type Runner = ReturnType<typeof createRunner>;
