import { formatMoney } from '@/domain/money';
import type { ManagerNote } from '@/domain/operation';
import { refusedWhy } from '@/lib/error-text';
import type { T } from '@/lib/i18n';

/** A manager's note in the terminal's language: the record keeps the code and its facts, never the words. */
export function noteText(t: T, note: ManagerNote, money: { currency: string; locale: string }): string {
  const amount = (minor: number) => formatMoney(minor, money.currency, money.locale);
  switch (note.code) {
    case 'voidedCommitted':
      return t('note.voidedCommitted', { card: note.card });
    case 'commitRefused':
    case 'cancelRefused':
    case 'voidRefused':
      // The server's code in words, ending with their own full stop (a code without words: words that say so, naming it).
      return t(`note.${note.code}`, { reason: refusedWhy(t, note.reason) });
    case 'contradicted':
      // What the check found (values from the server's answer, cleaned when it was written).
      return t('note.contradicted', { detail: note.detail });
    case 'appliedTwice':
      return note.available === undefined || note.expectedAtLeast === undefined
        ? t('note.appliedTwice')
        : t('note.moreLeftCard', { available: amount(note.available), expected: amount(note.expectedAtLeast) });
    case 'refusedAfterLostAnswer':
      return t(`note.lostAttempt.${note.reason}`);
    case 'givenBackByVoid':
      return t('note.givenBackByVoid', { amount: amount(note.amount) });
    case 'readAgain':
      return t('note.readAgain', { available: amount(note.available), onHold: amount(note.onHold) });
    default:
      return t(`note.${note.code}`);
  }
}

/** Every note of a record, in order: a record written before notes were codes keeps its English sentence. */
export function notesText(
  t: T,
  record: { notes?: ManagerNote[] | undefined; note?: string | undefined; currency?: string | undefined },
  money: { currency: string; locale: string },
): string {
  // In the record's own currency (the card read for it in that one); a record kept before it had one: `money`'s.
  const inCurrency = { currency: record.currency ?? money.currency, locale: money.locale };
  return [record.note, ...(record.notes ?? []).map((n) => noteText(t, n, inCurrency))].filter(Boolean).join(' ');
}
