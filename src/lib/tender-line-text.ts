import { forManager, REFUSED_AFTER_LOST_ANSWER } from '@/domain/operation';
import { maskNumber } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import { TEXT_CAP, untrustedText } from '@/domain/answer-check';
import type { ExternalMethod, TenderLine } from '@/domain/tender-line';
import { refusalText } from '@/lib/error-text';
import type { T } from '@/lib/i18n';

/** A line's name as the cashier and the customer's paper read it: the kind and the masked number, or the way it was paid. */
export function lineName(t: T, line: TenderLine): string {
  return line.kind === 'external' ? externalName(t, line) : `${t(`kind.${line.kind}`)} ${maskNumber(line.number)}`;
}

/** How an external line was paid, in words: its method in today's language; an older record's own words. */
export function externalName(t: T, line: { method?: ExternalMethod | undefined; label?: string | undefined }): string {
  return line.method ? t(`sale.method.${line.method}`) : (line.label ?? '');
}

export type LineTone = 'ok' | 'busy' | 'unknown' | 'bad' | 'neutral';

/**
 * A line's state in the words and the tone (icon, never colour alone) a cashier reads. `givesBack`:
 * the line's void would give back whatever it took (sale.ts, `givesBackWhateverItTook`).
 */
export function lineStatus(
  t: T,
  line: TenderLine,
  money: { currency: string; locale: string },
  givesBack = false,
): { text: string; tone: LineTone } {
  const s = line.state;
  const fmt = (m: number) => formatMoney(m, money.currency, money.locale);
  switch (s.name) {
    case 'requesting':
      return { text: t('line.requesting'), tone: 'busy' };
    case 'unknown':
      // Taken, and its cancel or void with a manager: it may have been given back.
      if (s.released !== undefined) return { text: t('line.releaseUnknown'), tone: 'unknown' };
      // A loyalty payment with a manager can be given back by its void: the line says how.
      if (givesBack)
        return {
          text: t(s.reason === REFUSED_AFTER_LOST_ANSWER ? 'line.lostAttemptLoyalty' : 'line.contradictedLoyalty'),
          tone: 'unknown',
        };
      if (s.reason === REFUSED_AFTER_LOST_ANSWER) return { text: t('line.lostAttempt'), tone: 'unknown' };
      return { text: t(forManager(s.reason) ? 'line.contradicted' : 'line.unknown'), tone: 'unknown' };
    case 'authorized':
      return { text: t('line.authorized', { code: untrustedText(s.authCode, TEXT_CAP.short) }), tone: 'ok' };
    case 'committing':
      return { text: t('line.committing'), tone: 'busy' };
    case 'committed':
      return { text: t('line.committed', { code: untrustedText(s.authCode, TEXT_CAP.short) }), tone: 'ok' };
    case 'canceling':
      return { text: t('line.canceling'), tone: 'busy' };
    case 'canceled':
      return { text: t(s.lapsed ? 'line.lapsed' : 'line.canceled'), tone: 'neutral' };
    case 'approved':
      return { text: t('line.approved'), tone: 'ok' };
    case 'partiallyApproved':
      return {
        text: t('line.partiallyApproved', { approved: fmt(s.approvedAmount), requested: fmt(line.amount) }),
        tone: 'ok',
      };
    case 'denied':
      return { text: t('line.denied', { reason: t(`denial.${s.reason}`) }), tone: 'bad' };
    case 'failed': {
      const available = s.available !== undefined ? fmt(s.available) : '–';
      return { text: t('line.failed', { reason: refusalText(t, s.code, available) }), tone: 'bad' };
    }
    case 'voiding':
      return { text: t('line.voiding'), tone: 'busy' };
    case 'voided':
      return { text: t('line.voided'), tone: 'neutral' };
    case 'recorded':
      return { text: t('line.recorded'), tone: 'ok' };
  }
}

export const toneIcon: Record<LineTone, string> = { ok: '✓', busy: '…', unknown: '?', bad: '✕', neutral: '–' };
