import type { SeriesConfig } from './instrument';
import type { Minor } from './money';
import { forManager, type Answer, type OperationOrder } from './operation';
import type { Sale } from './sale';
import type { ExternalMethod, TenderLine } from './tender-line';
import { twiceUpTo } from './tenders';

/**
 * Taking back a completed sale, in whole or in part, with no I/O. What the Loyalty API allows
 * decides how each payment's money goes back:
 * - a loyalty payment is voided (`_voidPayment`), whole: it is voided only when the return covers
 *   what is left of that card's payments in the sale; a smaller part of it goes back as below;
 * - committed gift card or store credit money cannot be credited back to its card: it goes back as
 *   one new store credit (or gift card, as the store decides), for the sum;
 * - cash and bank card lines are given back outside the terminal: recorded as given back another way.
 * Whatever the order of returns, the total given back never exceeds what each payment paid.
 */

/** How a part of a return goes back to the customer. */
export type ReturnWay = 'voidLoyalty' | 'storeCredit' | 'giftCard' | 'external';

/** A payment of the original sale and what this return takes from it. */
export interface ReturnPart {
  paymentLineId: string;
  amount: Minor;
}

export type ReturnLineState =
  | { name: 'sending' }
  | { name: 'done'; issuedNumber?: string | undefined; expiryDate?: string | undefined }
  | { name: 'refused'; code: string }
  | { name: 'unknown'; reason: string };

export interface ReturnLine {
  id: string;
  way: ReturnWay;
  amount: Minor;
  parts: ReturnPart[];
  /** The card voided (loyalty) or the series issued from (store credit, gift card); '' for external. */
  target: string;
  /** The recorded operation (its Idempotency-Key); none for money given back another way. */
  operationId?: string | undefined;
  /** External lines: how the payment was made (worded when shown); `label`, an older record's words. */
  method?: ExternalMethod | undefined;
  label?: string | undefined;
  state: ReturnLineState;
}

export interface SaleReturn {
  returnId: string;
  /** The original sale's transactionId. */
  saleId: string;
  scope?: string | undefined;
  amount: Minor;
  startedAt: string;
  finishedAt?: string | undefined;
  lines: ReturnLine[];
  /** The cashier moved on (the return's screen is closed); its operations may still be settling. */
  closed?: boolean | undefined;
  /** A till's request that started it (its `id`): the same request again finds this return. */
  requestId?: string | undefined;
}

/** What one payment of the sale paid, what earlier returns took, what is left to give back. */
export interface Returnable {
  line: TenderLine;
  paid: Minor;
  returned: Minor;
  left: Minor;
}

/** What a payment line paid for good (held or pending money is not a payment yet). */
function paidFor(line: TenderLine): Minor {
  switch (line.state.name) {
    case 'committed':
    case 'recorded':
      return line.amount;
    case 'approved':
    case 'partiallyApproved':
      return line.state.approvedAmount;
    default:
      return 0;
  }
}

/** A return's line counts against its payments unless it was refused (then nothing went back). */
const counts = (line: ReturnLine) => line.state.name !== 'refused';

/** Each payment of the sale with what is left to give back, after the returns already made. */
export function returnables(sale: Sale, earlier: readonly SaleReturn[]): Returnable[] {
  const taken = new Map<string, Minor>();
  for (const r of earlier)
    for (const line of r.lines.filter(counts))
      for (const part of line.parts) taken.set(part.paymentLineId, (taken.get(part.paymentLineId) ?? 0) + part.amount);
  return sale.lines
    .map((line) => {
      const paid = paidFor(line);
      const returned = taken.get(line.id) ?? 0;
      return { line, paid, returned, left: Math.max(0, paid - returned) };
    })
    .filter((r) => r.paid > 0);
}

export const leftToReturn = (sale: Sale, earlier: readonly SaleReturn[]): Minor =>
  returnables(sale, earlier).reduce((sum, r) => sum + r.left, 0);

/**
 * A completed sale with a payment whose commit has no answer yet: whether it took its money is not
 * known, so what is left to give back is not known either. Its return waits for that answer (the
 * outbox sends the commit until it lands); "everything given back" would be false. A commit with a
 * manager will get no answer: the rest of the sale can be given back, that card's money not.
 */
export const paymentSettling = (sale: Sale): boolean =>
  sale.lines.some((l) => l.state.name === 'committing' && !l.settleWithManager);

export type ReturnRefusal =
  | 'not_completed'
  | 'amount'
  | 'over_left'
  | 'nothing_left'
  | 'cash_out'
  | 'settling'
  | 'other_currency'
  | 'needs_manager';

export interface ReturnSettings {
  /** Card money goes back as store credit or as a new gift card, from this series. */
  refundWay: 'storeCredit' | 'giftCard';
  refundSeries: string;
  /** The terminal's currency now: a sale made in another is not given back in this one. */
  currency?: string | undefined;
  /**
   * What a cashier alone may give back of one sale, its returns together (the manager's amount);
   * undefined when a manager has confirmed this return, or a till's own message asked for it (a till's
   * link is held to it: anyone can put a link in front of the terminal).
   */
  managerAbove?: Minor | undefined;
}

/** What the sale's returns give back together with this one: above the manager's amount, a manager confirms it. */
export const backWithThis = (sale: Sale, earlier: readonly SaleReturn[], amount: Minor): Minor =>
  returnables(sale, earlier).reduce((sum, r) => sum + r.returned, amount);

/**
 * How card money goes back with these series: the first store credit series, or the first
 * live-printed gift card series; never one of a fixed amount (the server refuses any other amount).
 */
export function returnSettingsFor(
  series: readonly SeriesConfig[],
  way: 'storeCredit' | 'giftCard',
  currency?: string,
): ReturnSettings | null {
  const found = series.find(
    (s) => s.kind === way && (way === 'storeCredit' || s.livePrinted) && s.fixedAmount === undefined,
  );
  return found ? { refundWay: way, refundSeries: found.seriesNumber, ...(currency ? { currency } : {}) } : null;
}

export interface ReturnPlan {
  lines: Omit<ReturnLine, 'id' | 'operationId' | 'state'>[];
}

/**
 * How `amount` goes back: loyalty payments voided first where the return covers what is left of
 * that card whole, then card money as one store credit or gift card, then cash and bank card lines
 * given back another way, and last the rest of a loyalty payment (with the card money).
 */
export function proposeReturn(
  sale: Sale,
  earlier: readonly SaleReturn[],
  amount: Minor,
  settings: ReturnSettings,
): ReturnPlan | ReturnRefusal {
  if (sale.purpose === 'cashOut') return 'cash_out';
  // 50.00 kuna is not 50.00 euros: a sale kept in another currency is given back another way.
  if (sale.currency && settings.currency && sale.currency !== settings.currency) return 'other_currency';
  if (sale.status !== 'completed') return 'not_completed';
  if (paymentSettling(sale)) return 'settling';
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'amount';
  const open = returnables(sale, earlier);
  const left = open.reduce((sum, r) => sum + r.left, 0);
  if (left === 0) return 'nothing_left';
  if (amount > left) return 'over_left';

  let rest = amount;
  const lines: ReturnPlan['lines'] = [];
  const used = new Map<string, Minor>();
  const take = (r: Returnable, want: Minor): Minor => {
    const free = r.left - (used.get(r.line.id) ?? 0);
    const got = Math.min(free, want);
    if (got > 0) used.set(r.line.id, (used.get(r.line.id) ?? 0) + got);
    return got;
  };

  // 1. Loyalty: `_voidPayment` gives back every approved payment of that card in the sale, so a
  //    card is voided only when nothing of it went back before and the return covers all of it.
  const loyaltyCards = new Map<string, Returnable[]>();
  for (const r of open.filter((r) => r.line.kind === 'loyaltyCard'))
    loyaltyCards.set(r.line.number, [...(loyaltyCards.get(r.line.number) ?? []), r]);
  for (const [number, payments] of loyaltyCards) {
    const whole = payments.reduce((sum, r) => sum + r.paid, 0);
    const untouched = payments.every((r) => r.returned === 0);
    if (!untouched || whole > rest) continue;
    const parts = payments.map((r) => ({ paymentLineId: r.line.id, amount: take(r, r.left) }));
    lines.push({ way: 'voidLoyalty', amount: whole, parts, target: number });
    rest -= whole;
  }

  // 2. Gift card and store credit money, then cash and bank card, then what is left of loyalty
  //    payments: a loyalty payment touched here can never be voided whole later, and its points
  //    would go back as money. The card money, and the loyalty rest, as one new instrument.
  const cardParts: ReturnPart[] = [];
  const external: ReturnPlan['lines'] = [];
  const cardMoney = open.filter((r) => r.line.kind !== 'external' && r.line.kind !== 'loyaltyCard');
  const drawer = open.filter((r) => r.line.kind === 'external');
  const loyaltyRest = open.filter((r) => r.line.kind === 'loyaltyCard');
  for (const r of [...cardMoney, ...drawer, ...loyaltyRest]) {
    if (rest === 0) break;
    const got = take(r, rest);
    if (got === 0) continue;
    rest -= got;
    if (r.line.kind !== 'external') cardParts.push({ paymentLineId: r.line.id, amount: got });
    // 3. Cash and bank card: given back at the drawer, recorded here.
    else
      external.push({
        way: 'external',
        amount: got,
        parts: [{ paymentLineId: r.line.id, amount: got }],
        target: '',
        method: r.line.method,
        label: r.line.label,
      });
  }
  if (cardParts.length > 0) {
    const sum = cardParts.reduce((s, p) => s + p.amount, 0);
    lines.push({ way: settings.refundWay, amount: sum, parts: cardParts, target: settings.refundSeries });
  }
  lines.push(...external);
  return { lines };
}

export interface ReturnStep {
  saleReturn: SaleReturn;
  orders: OperationOrder[];
}

/**
 * The return, started: its lines and the operations that give the money back, to be written in
 * one transaction with it. A loyalty void is sent under the original sale's transactionId (the
 * contract voids the payments made under it); a new store credit or gift card under the return's.
 */
export function startReturn(
  sale: Sale,
  earlier: readonly SaleReturn[],
  amount: Minor,
  settings: ReturnSettings,
  env: { newId: () => string; now: Date; scope: string },
): ReturnStep | ReturnRefusal {
  const plan = proposeReturn(sale, earlier, amount, settings);
  if (typeof plan === 'string') return plan;
  // Checked against every earlier return as written, not as a screen found them: another window's
  // return a moment ago can take this one past the manager's amount.
  if (settings.managerAbove !== undefined && backWithThis(sale, earlier, amount) > settings.managerAbove)
    return 'needs_manager';
  const returnId = env.newId();
  const orders: OperationOrder[] = [];
  const lines: ReturnLine[] = plan.lines.map((p) => {
    const id = env.newId();
    if (p.way === 'external') return { ...p, id, state: { name: 'done' } };
    const operationId = env.newId();
    // A payment of the card a server may have applied twice: its twin goes back with it.
    const twinUpTo = sale.lines
      .filter((l) => l.kind === 'loyaltyCard' && l.number === p.target)
      .reduce((sum, l) => sum + twiceUpTo(l), 0);
    orders.push(
      p.way === 'voidLoyalty'
        ? {
            id: operationId,
            request: {
              type: 'loyaltyCard.voidPayment',
              number: p.target,
              amount: p.amount,
              ...(twinUpTo > 0 ? { twinUpTo } : {}),
            },
            transactionId: sale.transactionId,
            reason: 'Return',
            returnId,
            returnOf: sale.transactionId,
          }
        : {
            id: operationId,
            request: { type: `${p.way}.issueInSeries`, series: p.target, amount: p.amount },
            transactionId: returnId,
            reason: p.way === 'storeCredit' ? 'Return to store credit' : 'Return to gift card',
            returnId,
            returnOf: sale.transactionId,
          },
    );
    return { ...p, id, operationId, state: { name: 'sending' } };
  });
  const saleReturn: SaleReturn = {
    returnId,
    saleId: sale.transactionId,
    scope: env.scope,
    amount,
    startedAt: env.now.toISOString(),
    lines,
  };
  return { saleReturn: settled(saleReturn, env.now), orders };
}

const finished = (r: SaleReturn) => r.lines.every((l) => l.state.name === 'done' || l.state.name === 'refused');

function settled(r: SaleReturn, now: Date): SaleReturn {
  return finished(r) && !r.finishedAt ? { ...r, finishedAt: now.toISOString() } : r;
}

/** A return line whose outcome went to a manager (operation.ts, `forManager`): no answer will come by itself. */
const withManager = (l: ReturnLine) => l.state.name === 'unknown' && forManager(l.state.reason);

/** A return has a line still on its way back (sent, or asked again): what the cashier waits for. */
export const returnOnItsWay = (r: SaleReturn) =>
  r.lines.some((l) => l.state.name === 'sending' || (l.state.name === 'unknown' && !withManager(l)));

/**
 * Where a return's money stands: given back for good (its lines done), refused (nothing went back
 * that way), and with a manager (whether it went back is not known; no answer will tell).
 */
export function returnParts(r: SaleReturn): { back: Minor; refused: Minor; withManager: Minor } {
  const sum = (which: (l: ReturnLine) => boolean) =>
    r.lines.reduce((total, l) => (which(l) ? total + l.amount : total), 0);
  return {
    back: sum((l) => l.state.name === 'done'),
    refused: sum((l) => l.state.name === 'refused'),
    withManager: sum(withManager),
  };
}

/** A server's answer to one of the return's operations. Answers that come twice, or late, change nothing. */
export function returnAnswered(r: SaleReturn, answer: Answer, now: Date): SaleReturn {
  const line = r.lines.find((l) => l.operationId === answer.id);
  if (!line || (line.state.name !== 'sending' && line.state.name !== 'unknown')) return r;
  const outcome = answer.outcome;
  let state: ReturnLineState;
  if (outcome.status === 'succeeded') {
    const result = outcome.result;
    state =
      'number' in result
        ? {
            name: 'done',
            issuedNumber: result.number,
            expiryDate: 'expiryDate' in result ? result.expiryDate : undefined,
          }
        : { name: 'done' };
  } else if (outcome.status === 'refused') state = { name: 'refused', code: outcome.code };
  else if (outcome.status === 'passing')
    // A void that passes (429) is sent again by the sender; an issue is not: nothing went back.
    state = answer.type === 'loyaltyCard.voidPayment' ? { name: 'sending' } : { name: 'refused', code: outcome.code };
  else state = { name: 'unknown', reason: outcome.code };
  const next = { ...r, lines: r.lines.map((l) => (l.id === line.id ? { ...l, state } : l)) };
  return settled(next, now);
}
