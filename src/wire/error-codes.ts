/**
 * The codes of the contract's error body, by the status that carries them (loyalty-api.md section
 * 2). The terminal's error table is checked against it (src/api/errors.ts); the OpenAPI document
 * names them under each error status.
 */
export const errorCodesByStatus = {
  400: ['invalid_request', 'invalid_amount'],
  401: ['unauthorized'],
  403: ['merchant_not_allowed'],
  404: ['loyalty_group_not_found', 'not_found', 'series_not_found', 'authorization_not_found', 'payment_not_found'],
  409: [
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
  ],
  422: ['idempotency_key_reused'],
  429: ['rate_limited'],
  500: ['internal'],
  503: ['unavailable'],
} as const;

export type ErrorStatus = keyof typeof errorCodesByStatus;
export type ServerErrorCode = (typeof errorCodesByStatus)[ErrorStatus][number];
