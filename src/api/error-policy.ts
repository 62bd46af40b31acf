import type { OperationType, Outcome } from '@/domain/operation';
import { LoyaltyApiError } from './errors';

/**
 * A well-formed answer that contradicts its request (src/domain/answer-check.ts): an unknown
 * outcome that is not sent again on its own (the server would replay the same answer), but
 * flagged for a manager with the card read again.
 */
export const CONTRADICTORY_ANSWER = 'contradictory_answer';

/** Settles are idempotent and must land: a refusal that passes leaves them queued. Nothing else is resent on its own. */
export function resendsWhenPassing(type: OperationType): boolean {
  return /\.(commit|cancel|voidPayment)$/.test(type);
}

/** An attempt's failure as the money path's outcome (classified by the table in errors.ts; amounts already in minor units). */
export function toOutcome<T>(error: unknown): Outcome<T> {
  if (!(error instanceof LoyaltyApiError)) throw error;
  const { code, message } = error;
  const kind = error.errorClass;
  if (kind === 'refused') return { status: 'refused', code, message, available: error.available };
  return { status: kind, code, message };
}
