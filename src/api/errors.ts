import type { Minor } from '@/domain/money';

/** Every way a call to the Loyalty server can fail, as one error type with one code. */
export const serverErrorCodes = [
  'invalid_request',
  'invalid_amount',
  'unauthorized',
  'merchant_not_allowed',
  'loyalty_group_not_found',
  'not_found',
  'series_not_found',
  'authorization_not_found',
  'payment_not_found',
  'already_issued',
  'not_issued',
  'financial_activity',
  'expired',
  'not_yet_valid',
  'insufficient_funds',
  'series_not_live_printed',
  'series_exhausted',
  'authorization_committed',
  'authorization_canceled',
  'authorization_expired',
  'card_closed',
  'card_canceled',
  'request_in_progress',
  'idempotency_key_reused',
  'rate_limited',
  'internal',
  'unavailable',
] as const;

export type ServerErrorCode = (typeof serverErrorCodes)[number];

/** Failures the client itself sees: no connection, no answer in time, an answer that is not the contract's. */
export type ClientErrorCode = 'network' | 'timeout' | 'malformed_response' | 'aborted' | 'contradictory_answer';

export type ApiErrorCode = ServerErrorCode | ClientErrorCode;

const unknownOutcome = new Set<ApiErrorCode>(['network', 'timeout', 'internal', 'unavailable', 'request_in_progress']);

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
    return unknownOutcome.has(this.code) || (this.status !== undefined && this.status >= 500);
  }
}

export function isServerErrorCode(code: unknown): code is ServerErrorCode {
  return typeof code === 'string' && (serverErrorCodes as readonly string[]).includes(code);
}
