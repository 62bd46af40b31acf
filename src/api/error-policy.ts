import type { OperationType, Outcome } from '@/domain/operation';
import type { ApiErrorCode } from './errors';
import { LoyaltyApiError } from './errors';

/**
 * What every failure means for the money path, in one place.
 * - refused: the server said no; nothing happened, for good.
 * - passing: said no for now (429 rate limited, 401 while a manager fixes the token); nothing
 *   happened. A commit, cancel or void is sent again later; anything else is shown as refused.
 * - unknown: no answer, a 5xx, an answer that cannot be read, a request still in progress: the
 *   operation may have happened. It is resolved by sending the same key again, never guessed.
 */
export type ErrorClass = 'refused' | 'passing' | 'unknown';

/**
 * A well-formed answer that contradicts its request (src/domain/answer-check.ts): an unknown
 * outcome that is not sent again on its own (the server would replay the same answer), but
 * flagged for a manager with the card read again.
 */
export const CONTRADICTORY_ANSWER = 'contradictory_answer';

const passing: ReadonlySet<ApiErrorCode> = new Set(['rate_limited', 'unauthorized']);

export function classify(error: LoyaltyApiError): ErrorClass {
  if (error.outcomeUnknown) return 'unknown';
  return passing.has(error.code) ? 'passing' : 'refused';
}

/** Settles are idempotent and must land: a refusal that passes leaves them queued. Nothing else is resent on its own. */
export function resendsWhenPassing(type: OperationType): boolean {
  return /\.(commit|cancel|voidPayment)$/.test(type);
}

/** An attempt's failure as the money path's outcome (amounts already in minor units). */
export function toOutcome<T>(error: unknown): Outcome<T> {
  if (!(error instanceof LoyaltyApiError)) throw error;
  const { code, message } = error;
  const kind = classify(error);
  if (kind === 'refused') return { status: 'refused', code, message, available: error.available };
  return { status: kind, code, message };
}
