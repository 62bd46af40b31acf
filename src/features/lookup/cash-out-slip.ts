import { maskNumber } from '@/domain/instrument-number';
import { formatMoney, type Minor } from '@/domain/money';
import type { useT } from '@/lib/i18n';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import type { Terminal } from '@/lib/terminal-context';

/** The cash-out on paper for the drawer and the customer: masked card, the cash paid, the card now empty. */
export function cashOutSlipDoc(
  t: ReturnType<typeof useT>,
  terminal: Terminal,
  card: { number: string },
  amount: Minor,
  at = new Date(),
): SlipDoc {
  const money = (minor: Minor) => formatMoney(minor, terminal.currency, terminal.locale);
  return {
    name: t('cashOut.slip'),
    training: terminal.mode === 'training' ? t('slip.training') : undefined,
    title: t('cashOut.slip'),
    header: [
      t('slip.store', { store: terminal.storeId ?? '–', till: terminal.workstationId ?? '–' }),
      at.toLocaleString(terminal.locale),
    ],
    rows: [
      { label: t('slip.card'), value: `${t('kind.giftCard')} ${maskNumber(card.number)}` },
      { label: t('cashOut.paid'), value: money(amount) },
      { label: t('cashOut.left'), value: money(0) },
    ],
  };
}
