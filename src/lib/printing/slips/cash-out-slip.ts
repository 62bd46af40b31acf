import { maskNumber } from '@/domain/instrument';
import { formatMoney, type Minor } from '@/domain/money';
import type { T } from '@/lib/i18n';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import type { Terminal } from '@/lib/terminal-context';
import { slipHead } from '@/lib/printing/slips/slip-head';

/** The cash-out on paper for the drawer and the customer: masked card, the cash paid, the card now empty. */
export function cashOutSlipDoc(
  t: T,
  terminal: Terminal,
  card: { number: string },
  amount: Minor,
  /** What the card keeps (its floor: normally 0). */
  left: Minor = 0,
  at = new Date(),
  /**
   * The currency the cash-out was kept in (its sale's `currency`; absent on one kept before sales had
   * one: the terminal's): the cash owed is in it, whatever the terminal's currency is now.
   */
  paidIn?: string,
): SlipDoc {
  const money = (minor: Minor, currency = terminal.currency) => formatMoney(minor, currency, terminal.locale);
  return {
    ...slipHead(t, terminal, t('cashOut.slip'), at),
    rows: [
      { label: t('slip.card'), value: `${t('kind.giftCard')} ${maskNumber(card.number)}` },
      { label: t('cashOut.paid'), value: money(amount, paidIn) },
      // What the card keeps is read from the card now: in the server's (the terminal's) currency.
      { label: t('cashOut.left'), value: money(left) },
    ],
  };
}
