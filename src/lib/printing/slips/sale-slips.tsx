import { SlipView } from '@/lib/printing/SlipView';
import { TEXT_CAP, untrustedText } from '@/domain/answer-check';
import { formatMoney } from '@/domain/money';
import { paidAmount, receiptReference, type Sale } from '@/domain/sale';
import { coveredAmount, isUnconfirmed, type TenderLine } from '@/domain/tender-line';
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

/** The line's state as the customer's paper says it: one not confirmed yet is never "Committing…". */
function paperStatus(t: T, line: TenderLine, terminal: Terminal): string {
  return isUnconfirmed(line) ? t('slip.notConfirmed') : lineStatus(t, line, terminal).text;
}

/** One payment: masked number, amount, authCode or loyalty result, balance left. */
export function tenderSlipDoc(t: T, terminal: Terminal, sale: Sale, line: TenderLine): SlipDoc {
  const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);
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
      { label: t('slip.result'), value: paperStatus(t, line, terminal) },
      ...(line.balanceAfter !== undefined ? [{ label: t('slip.balance'), value: money(line.balanceAfter) }] : []),
    ],
    ...receiptBarcode(t, sale),
  };
}

/** The sale's summary receipt: every line, what it paid, the total. */
export function saleReceiptDoc(t: T, terminal: Terminal, sale: Sale): SlipDoc {
  const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);
  return {
    ...slipHead(t, terminal, t('slip.receipt')),
    rows: [
      { label: t('sale.due'), value: money(sale.due) },
      ...sale.lines.map((line) => ({
        label: lineName(t, line),
        value: `${money(coveredAmount(line) || line.amount)} · ${paperStatus(t, line, terminal)}`,
      })),
      { label: t('slip.total'), value: money(paidAmount(sale)) },
      {
        label: t('slip.status'),
        value: sale.lines.some(isUnconfirmed)
          ? t('slip.saleNotConfirmed')
          : t(sale.status === 'voided' ? 'sale.voided' : sale.status === 'completed' ? 'sale.completed' : 'sale.title'),
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
