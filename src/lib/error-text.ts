import { LoyaltyApiError } from '@/api/errors';
import type { InstrumentKind } from '@/domain/instrument';
import { isolated } from '@/domain/answer-check';
import type { MessageKey, T } from '@/lib/i18n';

/** The words for each code, as a sentence on its own (a screen's notice). */
const sentences: Partial<Record<string, MessageKey>> = {
  unauthorized: 'error.unauthorized',
  merchant_not_allowed: 'error.merchant_not_allowed',
  loyalty_group_not_found: 'error.loyalty_group_not_found',
  series_not_found: 'error.series_not_found',
  invalid_request: 'error.invalid_request',
  invalid_amount: 'error.invalid_amount',
  network: 'error.network',
  timeout: 'error.timeout',
  interrupted: 'error.interrupted',
  currency_changed: 'error.currency_changed',
  earlier_waits: 'error.earlier_waits',
  malformed_response: 'error.malformed_response',
  contradictory_answer: 'error.contradictory_answer',
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

/** The words for each code as the reason a tender line failed ("Refused: …"). */
const reasons: Partial<Record<string, MessageKey>> = {
  insufficient_funds: 'refusal.insufficient_funds',
  not_issued: 'refusal.not_issued',
  expired: 'refusal.expired',
  not_yet_valid: 'refusal.not_yet_valid',
  authorization_expired: 'refusal.authorization_expired',
  not_sent: 'refusal.not_sent',
  currency_changed: 'refusal.currency_changed',
  earlier_waits: 'refusal.earlier_waits',
  card_changed: 'refusal.card_changed',
  rate_limited: 'refusal.rate_limited',
  payment_not_found: 'refusal.payment_not_found',
  not_found: 'refusal.not_found',
};

interface ErrorLike {
  code: string;
  message: string;
  retryAfterSeconds?: number | undefined;
}

function asErrorLike(error: unknown): ErrorLike | null {
  if (error instanceof LoyaltyApiError) return error;
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return {
      code: error.code,
      message: 'message' in error && typeof error.message === 'string' ? error.message : '',
      retryAfterSeconds:
        'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number'
          ? error.retryAfterSeconds
          : undefined,
    };
  }
  return null;
}

/** The one table from error codes to the words a cashier reads: a thrown error or a recorded one. */
export function errorText(t: T, error: unknown, context: { kind?: InstrumentKind; locale?: string } = {}): string {
  const e = asErrorLike(error);
  if (!e) return t('error.crash');
  // One sentence per kind: the kind's name inside a sentence is not its label ("Gift card").
  if (e.code === 'not_found') return t(`error.not_found.${context.kind ?? 'giftCard'}`);
  if (e.code === 'rate_limited') return t('error.rate_limited', { seconds: e.retryAfterSeconds ?? 1 });
  if (error instanceof LoyaltyApiError && e.code === 'lookups_paused')
    return t('error.lookups_paused', {
      // In the terminal's language, not the browser's.
      time: new Date(Number(error.details.until)).toLocaleTimeString(context.locale, {
        hour: '2-digit',
        minute: '2-digit',
      }),
    });
  const key = sentences[e.code];
  // Server messages are shown as text only (React escapes them), never as HTML.
  return key ? t(key) : t('error.other', { message: isolated(e.message) });
}

/**
 * Why a tender line failed, after "Refused:": a reason's few words, else the code's sentence, else
 * (a code this terminal has no words for) that the server refused it, naming the code for a manager.
 * Never the code alone as if it were words: it reads as English in any language.
 */
export function refusalText(t: T, code: string, available: string): string {
  const key = reasons[code];
  if (key) return t(key, { available });
  const sentence = sentences[code];
  return sentence ? t(sentence) : t('refusal.other', { code: isolated(code) });
}

/** Why a recorded operation was refused, where no balance is named. */
export const refusedWhy = (t: T, code: string): string => refusalText(t, code, '–');
