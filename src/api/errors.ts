import type { Minor } from '@/domain/money';
import type { OperationType, Outcome } from '@/domain/operation';
import type { ServerErrorCode as ContractErrorCode } from '@/wire/error-codes';

/**
 * What each failure means, in one table (the words a cashier reads are in src/lib/error-text.ts):
 * - refused: the server said no; nothing happened, for good.
 * - passing: said no for now (429 rate limited, 401 while a manager fixes the token); nothing
 *   happened. A commit, cancel or void is sent again later; anything else is shown as refused.
 * - unknown: no answer, a 5xx, a request still in progress: a POST may have happened. It is
 *   resolved by sending the same key again, never guessed.
 * `retry`: a lookup (a GET, which changes nothing) tries once more quietly before a waiting cashier is told.
 */
const table = {
  invalid_request: { when: 'refused' },
  invalid_amount: { when: 'refused' },
  unauthorized: { when: 'passing' },
  merchant_not_allowed: { when: 'refused' },
  loyalty_group_not_found: { when: 'refused' },
  not_found: { when: 'refused' },
  series_not_found: { when: 'refused' },
  authorization_not_found: { when: 'refused' },
  payment_not_found: { when: 'refused' },
  already_issued: { when: 'refused' },
  not_issued: { when: 'refused' },
  financial_activity: { when: 'refused' },
  expired: { when: 'refused' },
  not_yet_valid: { when: 'refused' },
  insufficient_funds: { when: 'refused' },
  series_not_live_printed: { when: 'refused' },
  series_exhausted: { when: 'refused' },
  authorization_committed: { when: 'refused' },
  authorization_canceled: { when: 'refused' },
  authorization_expired: { when: 'refused' },
  card_closed: { when: 'refused' },
  card_canceled: { when: 'refused' },
  request_in_progress: { when: 'unknown' },
  // Only 2xx answers are kept under a key (loyalty-api.md section 6), and each operation has a key
  // of its own: the server refusing ours as used with another body says an earlier attempt of this
  // operation took effect. Never refused; a manager looks (forManager below).
  idempotency_key_reused: { when: 'unknown' },
  rate_limited: { when: 'passing', retry: true },
  internal: { when: 'unknown', retry: true },
  unavailable: { when: 'unknown', retry: true },
} as const satisfies Record<ContractErrorCode, { when: ErrorClass; retry?: boolean }>; // every code, no other

export type ErrorClass = 'refused' | 'passing' | 'unknown';

/** Every way a call to the Loyalty server can fail, as one error type with one code. */
export type ServerErrorCode = keyof typeof table;

/**
 * Failures the client itself sees: no connection, no answer in time, an answer that is not the
 * contract's, the page giving up, an answer that contradicts its request (src/domain/answer-check.ts).
 */
const clientTable = {
  network: { when: 'unknown', retry: true },
  timeout: { when: 'unknown', retry: true },
  // Unknown only for a POST answered 2xx or 5xx (the server may have said yes): see outcomeUnknown.
  malformed_response: { when: 'refused' },
  aborted: { when: 'refused' },
  contradictory_answer: { when: 'unknown' },
  // Not the server's: the terminal paused lookups itself (too many unknown numbers); nothing was sent.
  lookups_paused: { when: 'refused' },
} as const satisfies Record<string, { when: ErrorClass; retry?: boolean }>;

export type ClientErrorCode = keyof typeof clientTable;

export type ApiErrorCode = ServerErrorCode | ClientErrorCode;

const policy: Record<ApiErrorCode, { when: ErrorClass; retry?: boolean }> = { ...table, ...clientTable };

export class LoyaltyApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number | undefined;
  readonly method: string;
  /** The error body's extra fields (e.g. `available` for insufficient_funds, in major units as sent). */
  readonly details: Record<string, unknown>;
  readonly retryAfterSeconds: number | undefined;
  /** `available` from the details (insufficient_funds), converted to minor units by the API layer. */
  readonly available: Minor | undefined;

  constructor(init: {
    code: ApiErrorCode;
    message: string;
    method: string;
    status?: number;
    details?: Record<string, unknown>;
    retryAfterSeconds?: number;
    available?: Minor | undefined;
  }) {
    super(init.message);
    this.name = 'LoyaltyApiError';
    this.code = init.code;
    this.method = init.method;
    this.status = init.status;
    this.details = init.details ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.available = init.available;
  }

  /**
   * True when a POST may or may not have taken effect: it must be resolved (replay with the same
   * key, re-read the instrument), never guessed. A malformed 2xx answer counts: the server said yes.
   */
  get outcomeUnknown(): boolean {
    if (this.method !== 'POST') return false;
    if (this.code === 'malformed_response')
      return this.status === undefined || (this.status >= 200 && this.status < 300) || this.status >= 500;
    return policy[this.code].when === 'unknown' || (this.status !== undefined && this.status >= 500);
  }

  /** What this failure means for the money path (the table above; a POST whose outcome is unknown is unknown). */
  get errorClass(): ErrorClass {
    if (this.outcomeUnknown) return 'unknown';
    return policy[this.code].when === 'passing' ? 'passing' : 'refused';
  }

  /** A lookup failing this way may succeed a moment later: one quiet retry. */
  get transient(): boolean {
    return policy[this.code].retry === true;
  }
}

export function isServerErrorCode(code: unknown): code is ServerErrorCode {
  return typeof code === 'string' && Object.hasOwn(table, code);
}

/** A refusal that passes (429, 401): the request was turned away before the server looked at it. */
export const turnedAway = (code: string | undefined): boolean =>
  code !== undefined && Object.hasOwn(policy, code) && policy[code as ApiErrorCode].when === 'passing';

// Unknown outcomes that go to a manager: defined with the outcomes (the sale flow needs them too).
export { CONTRADICTORY_ANSWER, forManager } from '@/domain/operation';

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
  if (kind === 'passing') return { status: kind, code, message, retryAfterSeconds: error.retryAfterSeconds };
  return { status: kind, code, message };
}
