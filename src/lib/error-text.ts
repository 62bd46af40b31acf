import { LoyaltyApiError } from '@/api/errors';
import type { InstrumentKind } from '@/domain/instrument';
import type { MessageKey } from '@/lib/i18n';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

const direct: Partial<Record<string, MessageKey>> = {
  unauthorized: 'error.unauthorized',
  merchant_not_allowed: 'error.merchant_not_allowed',
  loyalty_group_not_found: 'error.loyalty_group_not_found',
  series_not_found: 'error.series_not_found',
  invalid_request: 'error.invalid_request',
  invalid_amount: 'error.invalid_amount',
  network: 'error.network',
  timeout: 'error.timeout',
  malformed_response: 'error.malformed_response',
  internal: 'error.internal',
  unavailable: 'error.unavailable',
  aborted: 'error.aborted',
  already_issued: 'error.already_issued',
  not_issued: 'error.not_issued',
  financial_activity: 'error.financial_activity',
  card_closed: 'error.card_closed',
  card_canceled: 'error.card_canceled',
  series_not_live_printed: 'error.series_not_live_printed',
  series_exhausted: 'error.series_exhausted',
};

/** The one table from error codes to the words a cashier reads. */
export function errorText(t: T, error: unknown, context: { kind?: InstrumentKind } = {}): string {
  if (!(error instanceof LoyaltyApiError)) return t('error.crash');
  if (error.code === 'not_found') return t('error.not_found', { kind: t(`kind.${context.kind ?? 'giftCard'}`) });
  if (error.code === 'rate_limited') return t('error.rate_limited', { seconds: error.retryAfterSeconds ?? 1 });
  const key = direct[error.code];
  // Server messages are shown as text only (React escapes them), never as HTML.
  return key ? t(key) : t('error.other', { message: error.message });
}
