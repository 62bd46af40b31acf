import type { BoxSummary } from '@/domain/card-box';
import { groupNumber } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import type { T } from '@/lib/i18n';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import type { Terminal } from '@/lib/terminal-context';
import { slipHead } from '@/lib/printing/slips/slip-head';

/**
 * The box's summary on paper: how many cards, their total, the first and the last number issued,
 * and each card left alone with why. The numbers are whole: they are the store's own stock, not a
 * customer's card, and the manager checks them against the box.
 */
export function boxSlipDoc(t: T, terminal: Terminal, summary: BoxSummary, at = new Date()): SlipDoc {
  const money = (minor: number) => formatMoney(minor, terminal.currency, terminal.locale);
  return {
    ...slipHead(t, terminal, t('box.slip'), at),
    rows: [
      { label: t('box.issued'), value: String(summary.issued) },
      { label: t('box.total'), value: money(summary.amount) },
      ...(summary.first ? [{ label: t('box.firstIssued'), value: groupNumber(summary.first) }] : []),
      ...(summary.last ? [{ label: t('box.lastIssued'), value: groupNumber(summary.last) }] : []),
      ...summary.skipped.map((s) => ({
        label: `${t('box.skipped')} ${groupNumber(s.number)}`,
        value: t(`box.skip.${s.why}`),
      })),
      // Cards not counted above: their answer is missing, or a manager must check them.
      ...(summary.waiting > 0 ? [{ label: t('box.waitingLabel'), value: String(summary.waiting) }] : []),
      ...(summary.attention > 0 ? [{ label: t('box.attentionLabel'), value: String(summary.attention) }] : []),
    ],
  };
}
