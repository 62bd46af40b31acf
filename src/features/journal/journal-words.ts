import { INTERRUPTED, CONTRADICTORY_ANSWER, REFUSED_AFTER_LOST_ANSWER } from '@/domain/operation';
import { formatMoney } from '@/domain/money';
import { TEXT_CAP, isolated, untrustedText } from '@/domain/answer-check';
import { refusedWhy } from '@/lib/error-text';
import type { MessageKey, T } from '@/lib/i18n';
import type { JournalRow } from './journal-rows';

type NoAnswerKey = Exclude<Extract<MessageKey, `journal.why.${string}`>, 'journal.why.other'>;

/** Why an operation has no answer to go by, whatever its outcome: a few words each. */
const noAnswer: Partial<Record<string, NoAnswerKey>> = {
  timeout: 'journal.why.timeout',
  network: 'journal.why.network',
  [INTERRUPTED]: 'journal.why.interrupted',
  internal: 'journal.why.server',
  unavailable: 'journal.why.server',
  request_in_progress: 'journal.why.server',
  malformed_response: 'journal.why.unusable',
  [CONTRADICTORY_ANSWER]: 'journal.why.unusable',
  idempotency_key_reused: 'journal.why.unusable',
  [REFUSED_AFTER_LOST_ANSWER]: 'journal.why.refusedAfterLost',
  rate_limited: 'journal.why.turnedAway',
  unauthorized: 'journal.why.turnedAway',
};

type Reference = Pick<
  JournalRow,
  'reference' | 'referenceIs' | 'loyaltyResult' | 'approvedAmount' | 'currency' | 'outcome'
>;

/**
 * The journal's "Authorization or result" cell in the terminal's language. The row keeps codes
 * (the CSV's); here they become words, an amount in the record's currency and the terminal's
 * locale. An authorization code or a sale's reference is read as it is (`code`: shown as one).
 */
export function referenceText(t: T, row: Reference, locale: string): { text: string; code: boolean } {
  const words = (text: string) => ({ text, code: false });
  switch (row.referenceIs) {
    case 'loyaltyResult': {
      const amount = formatMoney(row.approvedAmount ?? 0, row.currency, locale);
      if (row.loyaltyResult === 'approved') return words(t('journal.loyalty.approved', { amount }));
      if (row.loyaltyResult === 'partiallyApproved') return words(t('journal.loyalty.partiallyApproved', { amount }));
      if (row.loyaltyResult === 'denied') return words(t('journal.loyalty.denied'));
      break; // not the contract's: the code, as it is
    }
    case 'voided':
      return words(t('line.voided'));
    case 'issued':
      return words(t('status.issued'));
    case 'unissued':
      return words(t('journal.unissued'));
    case 'error':
      return words(errorWords(t, row.reference, row.outcome));
    case 'none':
    case 'authCode':
    case 'sale':
      break;
  }
  return { text: untrustedText(row.reference, TEXT_CAP.short), code: true };
}

/** Why an operation ended without its answer: refused (and why), or what kept the answer away. */
function errorWords(t: T, code: string, outcome: JournalRow['outcome']): string {
  const key = noAnswer[code];
  if (key) return t(key);
  if (outcome === 'refused' || outcome === 'attention') return t('line.failed', { reason: refusedWhy(t, code) });
  return t('journal.why.other', { code: isolated(code, TEXT_CAP.short) });
}
