import { SlipView } from '@/lib/printing/SlipView';
import { TEXT_CAP, untrustedText } from '@/domain/answer-check';
import { formatMoney } from '@/domain/money';
import { receiptReference, type Sale } from '@/domain/sale';
import { coveredAmount, isUnconfirmed, isWithManager, type TenderLine } from '@/domain/tender-line';
import { useT, type T } from '@/lib/i18n';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { slipHead } from '@/lib/printing/slips/slip-head';
import { useTerminal, type Terminal } from '@/lib/terminal-context';
import { lineName, lineStatus } from '@/lib/tender-line-text';

/**
 * The sale's reference as a barcode and in characters under it: scanned or keyed at the return
 * desk, it finds this sale. The one id a receipt carries.
 */
function receiptBarcode(t: T, sale: Sale): Pick<SlipDoc, 'barcode'> {
  const reference = receiptReference(sale.transactionId);
  return { barcode: { value: reference, label: t('slip.receiptReference', { reference }), text: reference } };
}

/** A line whose outcome a manager settles: no answer will come on its own (its commit's or its payment's). */
const withManager = (line: TenderLine): boolean =>
  isWithManager(line) || (line.state.name === 'committing' && line.settleWithManager === true);

/** The line's state as the customer's paper says it: one not confirmed yet is never "Committing…". */
function paperStatus(t: T, line: TenderLine, money: { currency: string; locale: string }): string {
  if (withManager(line)) return t('slip.withManager');
  return isUnconfirmed(line) ? t('slip.notConfirmed') : lineStatus(t, line, money).text;
}

/** The sale's amounts in its own currency (a sale kept before it had one: the terminal's). */
const saleMoney = (terminal: Terminal, sale: Sale) => ({
  currency: sale.currency ?? terminal.currency,
  locale: terminal.locale,
});

/** One payment: masked number, amount, authCode or loyalty result, balance left. */
export function tenderSlipDoc(t: T, terminal: Terminal, sale: Sale, line: TenderLine): SlipDoc {
  const { currency, locale } = saleMoney(terminal, sale);
  const money = (m: number) => formatMoney(m, currency, locale);
  const auth = 'authCode' in line.state ? line.state.authCode : undefined;
  return {
    ...slipHead(t, terminal, t('slip.tender')),
    rows: [
      { label: t('slip.card'), value: lineName(t, line) },
      // What was asked of a loyalty card that paid less, or nothing: never read as what it paid.
      {
        label: t(['partiallyApproved', 'denied'].includes(line.state.name) ? 'slip.asked' : 'slip.amount'),
        value: money(line.amount),
      },
      ...(auth ? [{ label: t('slip.auth'), value: untrustedText(auth, TEXT_CAP.short) }] : []),
      { label: t('slip.result'), value: paperStatus(t, line, { currency, locale }) },
      ...(line.balanceAfter !== undefined ? [{ label: t('slip.balance'), value: money(line.balanceAfter) }] : []),
    ],
    ...receiptBarcode(t, sale),
  };
}

/**
 * The sale's summary receipt: every line, what it paid (a line that paid nothing: what was asked of
 * it, named so), the total paid. A voided sale has no total: nothing was sold. A payment a manager
 * settles is not in the total: it may have taken its money, or nothing.
 */
export function saleReceiptDoc(t: T, terminal: Terminal, sale: Sale): SlipDoc {
  const { currency, locale } = saleMoney(terminal, sale);
  const money = (m: number) => formatMoney(m, currency, locale);
  const voided = sale.status === 'voided';
  const total = sale.lines.filter((line) => !withManager(line)).reduce((sum, line) => sum + coveredAmount(line), 0);
  const row = (line: TenderLine) => {
    const covered = coveredAmount(line);
    const amount = covered > 0 || isUnconfirmed(line) ? money(covered) : `${t('slip.asked')} ${money(line.amount)}`;
    return { label: lineName(t, line), value: `${amount} · ${paperStatus(t, line, { currency, locale })}` };
  };
  return {
    ...slipHead(t, terminal, t('slip.receipt')),
    rows: [
      { label: t('sale.due'), value: money(sale.due) },
      ...sale.lines.map(row),
      ...(voided ? [] : [{ label: t('slip.total'), value: money(total) }]),
      {
        label: t('slip.status'),
        value: voided
          ? t('sale.voided')
          : sale.lines.some(withManager)
            ? t('slip.saleWithManager')
            : sale.lines.some(isUnconfirmed)
              ? t('slip.saleNotConfirmed')
              : t(sale.status === 'completed' ? 'sale.completed' : 'sale.title'),
      },
    ],
    ...receiptBarcode(t, sale),
  };
}

export function TenderSlip({ sale, line }: { sale: Sale; line: TenderLine }) {
  return <SlipView doc={tenderSlipDoc(useT(), useTerminal(), sale, line)} />;
}

export function SaleReceipt({ sale }: { sale: Sale }) {
  return <SlipView doc={saleReceiptDoc(useT(), useTerminal(), sale)} />;
}
