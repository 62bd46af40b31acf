import { availableAmount, type Instrument, maskNumber } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import { formatDate } from '@/lib/format-date';
import type { T } from '@/lib/i18n';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import type { Terminal } from '@/lib/terminal-context';
import { slipHead } from '@/lib/printing/slips/slip-head';

/** The customer's most common question, on paper: what the card has now. Masked number, never whole. */
export function balanceSlipDoc(t: T, terminal: Terminal, card: Instrument, at = new Date()): SlipDoc {
  return {
    ...slipHead(t, terminal, t('balance.slip'), at),
    rows: [
      { label: t('slip.card'), value: `${t(`kind.${card.kind}`)} ${maskNumber(card.number)}` },
      {
        label: t('details.available'),
        value: formatMoney(availableAmount(card.account), terminal.currency, terminal.locale),
      },
      ...(card.expiryDate
        ? [{ label: t('details.expiryDate'), value: formatDate(card.expiryDate, terminal.locale) }]
        : []),
    ],
  };
}
