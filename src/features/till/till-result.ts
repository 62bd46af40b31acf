import { formatMoney } from '@/domain/money';
import { paidAmount, type Sale } from '@/domain/sale';
import { coveredAmount, type TenderLine } from '@/domain/tender-line';
import type { TillResult, PaymentEntry, ResultStatus, ReturnEntry } from '@/till-client/protocol';
import { leftToReturn, paymentSettling, returnOnItsWay, type SaleReturn } from '@/domain/return-flow';
import { translator } from '@/lib/i18n';
import { printable } from '@/lib/printing/slip-layout';

/** The returns that gave something back, or may have: one the server refused whole changed nothing, for the till too. */
export const tillReturns = (returns: readonly SaleReturn[]): SaleReturn[] =>
  returns.filter((r) => r.lines.some((l) => l.state.name !== 'refused'));

/**
 * Where a till's sale stands: still being worked on, or finished with a status. A completed sale
 * with returns is `reversed` once nothing is left to give back, `refunded` before that, and in
 * progress while a return's money is on its way. A part with a manager is no longer on its way (no
 * answer will come by itself): the result says it, as owed. Pure.
 */
export function tillStatus(sale: Sale, returns: readonly SaleReturn[] = []): ResultStatus | 'in_progress' {
  if (sale.status === 'completed' && returns.length > 0) {
    if (returns.some(returnOnItsWay) || paymentSettling(sale)) return 'in_progress';
    return leftToReturn(sale, returns) === 0 ? 'reversed' : 'refunded';
  }
  switch (sale.status) {
    case 'completed':
      return paidAmount(sale) >= sale.due ? 'paid' : 'partially_paid';
    case 'voided':
      // "canceled" says nothing was taken. A payment whose outcome went to a manager may have taken
      // money, and one the server refused to give back (a cancel or void refused) still holds it:
      // the till must not take either as given back, nor collect it another way.
      return sale.lines.some((l) => l.kind !== 'external' && coveredAmount(l) > 0) ? 'unknown' : 'canceled';
    case 'reversed':
      return 'reversed';
    case 'voiding':
      // The cashier moved on while an answer is missing: the till hears "unknown" until it is known.
      return sale.closed ? 'unknown' : 'in_progress';
    default:
      return 'in_progress';
  }
}

/**
 * What a result tells the till, in short: its status and its amounts. Kept with the sale when the
 * result goes (`TillOrder.answeredAs`); a later answer that changes it sends the result again.
 */
export const resultSummary = (r: TillResult): string =>
  `${r.status}|${r.amountCovered}|${r.amountUnknown}|${r.amountRemaining}${r.settling ? '|settling' : ''}`;

const masked = (number: string) => `**** ${number.slice(-4)}`;

/**
 * One instrument's entry. `reversedSale`: the sale is taken back (reversing, reversed), so a loyalty
 * payment being voided is given back by that reversal; in any other sale, money whose cancel or void
 * has not answered yet is still held or taken, and stays in doubt until it lands.
 */
function entry(line: TenderLine, reversedSale: boolean): PaymentEntry | null {
  if (line.kind === 'external') return null;
  const base = {
    kind: line.kind,
    maskedNumber: masked(line.number),
    ...(line.balanceAfter !== undefined ? { balanceAfter: line.balanceAfter } : {}),
  };
  const s = line.state;
  switch (s.name) {
    case 'authorized':
    case 'committing':
    case 'committed':
      return { ...base, amount: line.amount, state: 'paid', authCode: s.authCode };
    case 'approved':
    case 'partiallyApproved':
      return { ...base, amount: s.approvedAmount, state: 'paid', loyaltyResult: s.name };
    case 'canceling':
      // A hold whose cancel is sent again until it lands: still on the card until then.
      return { ...base, amount: line.amount, state: 'unknown', authCode: s.authCode };
    case 'voiding':
      // A payment whose outcome was lost: what it took is known when its void answers.
      if (s.lostReason !== undefined) return { ...base, amount: line.amount, state: 'unknown' };
      // Taken, and given back only once its void lands: in doubt until then, unless a reversal gives it back.
      return { ...base, amount: s.approvedAmount, state: reversedSale ? 'reversed' : 'unknown' };
    case 'voided':
      return { ...base, amount: s.approvedAmount, state: 'reversed' };
    case 'unknown':
      // Taken, its giving back with a manager: what was taken is what is in doubt.
      return { ...base, amount: s.released ?? line.amount, state: 'unknown' };
    case 'requesting':
      return { ...base, amount: line.amount, state: 'unknown' };
    default:
      return null; // denied, failed, canceled: nothing moved
  }
}

/** The result a till gets for its sale: what was covered, what it still collects, one entry per instrument, and slip text. */
/** What every return of the sale gave back, how, and what is not known yet. */
function refundOf(returns: readonly SaleReturn[]): NonNullable<TillResult['refund']> {
  const returned: ReturnEntry[] = returns.flatMap((r) =>
    r.lines.flatMap((line): ReturnEntry[] => {
      if (line.way === 'external') return [];
      const s = line.state;
      const state = s.name === 'done' ? 'done' : s.name === 'refused' ? 'refused' : 'unknown';
      return [
        {
          way: line.way,
          amount: line.amount,
          state,
          ...(line.way === 'voidLoyalty' ? { maskedNumber: masked(line.target) } : {}),
          ...(s.name === 'done' && s.issuedNumber ? { issuedNumber: s.issuedNumber } : {}),
        },
      ];
    }),
  );
  const sum = (state: ReturnEntry['state']) =>
    returned.filter((e) => e.state === state).reduce((total, e) => total + e.amount, 0);
  return { amountReturned: sum('done'), amountOwed: sum('unknown'), returned };
}

export function tillResult(
  sale: Sale,
  status: ResultStatus,
  ctx: { training: boolean; locale: string },
  returns: readonly SaleReturn[] = [],
): TillResult {
  if (!sale.till) throw new Error('Not a sale from a till');
  const reversedSale = sale.status === 'reversed' || sale.status === 'reversing';
  // A voided sale keeps its reversed loyalty lines only as history: the till is told nothing was taken.
  const payments = sale.lines
    .map((line) => entry(line, reversedSale))
    .filter((e): e is PaymentEntry => e !== null && !(e.state === 'reversed' && !reversedSale));
  const sure = (e: PaymentEntry) => e.state === 'paid';
  const amountUnknown = payments.filter((e) => e.state === 'unknown').reduce((sum, e) => sum + e.amount, 0);
  const amountCovered = payments.filter(sure).reduce((sum, e) => sum + e.amount, 0);
  const result: TillResult = {
    reference: sale.till.reference,
    transactionId: sale.transactionId,
    status,
    currency: sale.till.currency,
    amountDue: sale.due,
    amountCovered,
    // Taken back (now or by an earlier version's reversal): the till collects nothing.
    amountRemaining: reversedSale || returns.length > 0 ? 0 : Math.max(0, sale.due - amountCovered - amountUnknown),
    amountUnknown,
    // A commit still being sent, or whose answer went to a manager: not confirmed (`settling`).
    ...(sale.lines.some((l) => l.state.name === 'committing') ? { settling: true as const } : {}),
    payments,
    ...(returns.length > 0 ? { refund: refundOf(returns) } : {}),
    slipText: '',
    training: ctx.training,
    ...(sale.finishedAt ? { finishedAt: sale.finishedAt } : {}),
  };
  return { ...result, slipText: slipText(sale, result, ctx) };
}

const WIDTH = 40;
const row = (left: string, right: string) => {
  const l = left.slice(0, WIDTH - right.length - 1);
  return l + ' '.repeat(Math.max(1, WIDTH - l.length - right.length)) + right;
};

/** The lines a till prints on its own receipt (monospaced, 40 columns, the terminal's language). */
function slipText(sale: Sale, result: TillResult, { training, locale }: { training: boolean; locale: string }): string {
  const t = translator(locale);
  const money = (minor: number) => formatMoney(minor, result.currency, locale);
  const lines: string[] = [];
  if (training) lines.push(t('tillSlip.training'));
  lines.push(t('tillSlip.title'), row(t('tillSlip.reference'), result.reference.slice(0, 24)));
  for (const item of sale.till?.basket ?? [])
    lines.push(row(item.text, item.amount !== undefined ? money(item.amount) : ''));
  lines.push(row(t('sale.due'), money(result.amountDue)));
  for (const p of result.payments) {
    const what = `${t(`kind.${p.kind}`)} ${p.maskedNumber}`;
    lines.push(row(what, p.state === 'reversed' ? `-${money(p.amount)}` : money(p.amount)));
    // The server's, checked where it came in (src/wire/answers.ts); made plain again, as every slip's text is.
    if (p.authCode) lines.push(printable(`  ${t('tillSlip.auth')} ${p.authCode}`).slice(0, WIDTH));
    if (p.state === 'unknown') lines.push(`  ${t('tillSlip.unknown')}`.slice(0, WIDTH));
    if (p.balanceAfter !== undefined && p.state === 'paid')
      lines.push(row(`  ${t('tillSlip.balance')}`, money(p.balanceAfter)));
  }
  lines.push(row(t('tillSlip.covered'), money(result.amountCovered)));
  for (const e of result.refund?.returned ?? []) {
    const what =
      e.way === 'voidLoyalty' ? `${t('kind.loyaltyCard')} ${e.maskedNumber ?? ''}` : t(`returns.way.${e.way}`);
    lines.push(row(`${t('tillSlip.returned')} ${what}`, `-${money(e.amount)}`));
    if (e.issuedNumber) lines.push(printable(`  ${e.issuedNumber}`).slice(0, WIDTH));
    if (e.state !== 'done') lines.push(`  ${t(`tillSlip.return.${e.state}`)}`.slice(0, WIDTH));
  }
  if (result.amountRemaining > 0 && result.status !== 'canceled')
    lines.push(row(t('tillSlip.remaining'), money(result.amountRemaining)));
  lines.push(t(`tillSlip.status.${result.status}`));
  if (training) lines.push(t('tillSlip.training'));
  return lines.join('\n');
}
