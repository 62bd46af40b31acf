import { availableAmount, type Account, type InstrumentKind } from './instrument';
import type { Minor } from './money';
import {
  awaitsAnswer,
  coveredAmount,
  isInFlight,
  isLostLoyalty,
  isReleaseQueued,
  isUnresolved,
  isWithManager,
  transition,
  type TenderEvent,
  type TenderLine,
} from './tender-line';

export type SaleStatus = 'open' | 'completing' | 'completed' | 'voiding' | 'voided' | 'reversing' | 'reversed';

/**
 * A sale handed over by the store's own till (docs/till-integration.md): the till's reference and
 * amount are locked, the till collects whatever is left another way.
 */
export interface TillOrder {
  reference: string;
  /** The till's origin: every answer goes only there. */
  origin: string;
  transport: 'message' | 'url';
  /** URL transport: where the result goes (its origin is `origin`). */
  callback?: string | undefined;
  currency: string;
  basket?: { text: string; amount?: Minor | undefined }[] | undefined;
  /** Which kinds may pay; all when absent. */
  allowedKinds?: InstrumentKind[] | undefined;
  /**
   * Its result went back to the till by itself (once per sale, and again only when a later answer
   * changes it). Kept with the sale, so a later page load in that window never sends it again.
   */
  answered?: boolean | undefined;
  /**
   * What the till was told last, in short (the till feature's `resultSummary`): an answer that
   * comes later and changes it is sent to the till again. Absent on sales answered before it was kept.
   */
  answeredAs?: string | undefined;
}

/** A sale (one POS receipt): the amount due and the lines tendering it. transactionId is the contract's. */
export interface Sale {
  transactionId: string;
  due: Minor;
  lines: TenderLine[];
  status: SaleStatus;
  startedAt: string;
  finishedAt?: string | undefined;
  /** Which server's sale this is (training and live never share one). */
  scope?: string | undefined;
  /** The window (tab) that started it: it belongs there until the cashier moves on. */
  owner?: string | undefined;
  /** The cashier moved on to the next sale; recovery may still be settling its lines. */
  closed?: boolean | undefined;
  /**
   * Shown to the cashier until the next action: why the sale is open again (`reopened`: a hold
   * lapsed; `commitRefused`: the server refused to take a hold), or that the server refused to
   * give money back (`releaseRefused`: it stays taken, a manager is told).
   */
  notice?: 'reopened' | 'releaseRefused' | 'commitRefused' | 'cardChanged' | undefined;
  /**
   * Loyalty cards whose void has answered in this sale. The server answers a second void of a card
   * with the first one's answer when nothing is left to give back (contract section 4), so that
   * answer cannot tell what a lost payment took: such a payment is not voided again (a manager's).
   */
  loyaltyVoided?: string[] | undefined;
  /** Set when the store's till started this sale. */
  till?: TillOrder | undefined;
  /** A cash-out of a small gift card balance (cash-out.ts): the card pays, the drawer gives cash. */
  purpose?: 'cashOut' | undefined;
  /** A cash-out's cash handed over, when the cashier said so (ISO time): until then it is owed (`cashOwed`). */
  paidOutAt?: string | undefined;
  /** The currency its amounts are in (ISO code); absent on sales kept before it was. */
  currency?: string | undefined;
}

/**
 * The sale's reference as its receipt prints it (text and Code 128): short enough for a 58 mm
 * slip and a scanner's keystrokes, unique enough within a terminal (48 bits of its GUID).
 */
export function receiptReference(transactionId: string): string {
  return `S${transactionId
    .replace(/[^0-9a-fA-F]/g, '')
    .slice(0, 12)
    .toUpperCase()}`;
}

/** The reason a cash-out's operations carry (to the server, and in the journal, which tells them apart by it). */
export const CASH_OUT_REASON = 'Gift card cashed out';

export function newSale(transactionId: string, due: Minor, now: Date): Sale {
  if (!Number.isSafeInteger(due) || due <= 0)
    throw new RangeError('The amount due must be a positive whole number of minor units');
  return { transactionId, due, lines: [], status: 'open', startedAt: now.toISOString() };
}

/**
 * Started in another currency than the server's now (it changed in another window while this sale
 * was open): its amounts would be another sum. It takes no payment and does not complete; it is voided.
 */
export function inAnotherCurrency(sale: Sale, currency: string | undefined): boolean {
  return sale.currency !== undefined && currency !== undefined && sale.currency !== currency;
}

export function paidAmount(sale: Sale): Minor {
  return sale.lines.reduce((sum, line) => sum + coveredAmount(line), 0);
}

export function remainingDue(sale: Sale): Minor {
  return Math.max(0, sale.due - paidAmount(sale));
}

/** The amount offered for a new tender: the smaller of what is due and what the instrument has. */
export function defaultTenderAmount(sale: Sale, account?: Account): Minor {
  const remaining = remainingDue(sale);
  return account ? Math.min(remaining, availableAmount(account)) : remaining;
}

export type TenderAmountProblem = 'not_positive' | 'over_remaining' | 'over_available';

/** A tender amount is valid when positive and never above the remaining due or the available amount. */
export function checkTenderAmount(sale: Sale, amount: Minor, account?: Account): TenderAmountProblem | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'not_positive';
  if (amount > remainingDue(sale)) return 'over_remaining';
  if (account && amount > availableAmount(account)) return 'over_available';
  return null;
}

/**
 * Money of the sale is still on its way with its server: held or taken in a sale still open, or a
 * line whose answer will come by itself (one with a manager will not). Its server and currency must
 * not change under it.
 */
export function moneyOnItsWay(sale: Sale): boolean {
  const held = (l: TenderLine) => ['authorized', 'approved', 'partiallyApproved'].includes(l.state.name);
  return sale.lines.some(
    (l) =>
      (sale.status === 'open' && l.kind !== 'external' && held(l)) ||
      (isInFlight(l) && !l.settleWithManager) ||
      awaitsAnswer(l),
  );
}

/** A cash-out whose card the server debited (its commit answered): its cash is owed, or was handed over. */
export const cashOutTaken = (sale: Sale): boolean =>
  sale.purpose === 'cashOut' && sale.status === 'completed' && sale.lines[0]?.state.name === 'committed';

/**
 * A cash-out taken from its card whose cash the cashier has not said was handed over. It stays
 * active, so every window of the terminal says so until someone does (a reload, a closed or
 * duplicated tab do not lose it).
 */
export const cashOwed = (sale: Sale): boolean => cashOutTaken(sale) && !sale.paidOutAt;

/**
 * A sale being voided that waits only for cancels and voids the server has not answered (it is
 * down): sent again until they land, nobody has to act on them, so the cashier may move on.
 */
export const waitsOnlyForReleases = (sale: Sale): boolean =>
  sale.status === 'voiding' && sale.lines.every((l) => !isInFlight(l) || isReleaseQueued(l));

/** Still something to send, resolve or show: a sale the terminal must keep working on. */
export function isActive(sale: Sale): boolean {
  return (
    !sale.closed ||
    cashOwed(sale) ||
    sale.status === 'completing' ||
    sale.status === 'voiding' ||
    sale.status === 'reversing' ||
    sale.lines.some((l) => isInFlight(l) || awaitsAnswer(l))
  );
}

export function hasWorkInFlight(sale: Sale): boolean {
  return sale.lines.some((line) => isInFlight(line) || isUnresolved(line));
}

/** A line whose outcome went to a manager: no answer will come on its own (operation.ts, `forManager`). */
export function waitsForManager(sale: Sale): boolean {
  return sale.lines.some(isWithManager);
}

/**
 * A loyalty payment whose outcome went to a manager, on a card not yet voided in this sale (or
 * voided, but holding a known payment again): its void (removing the line, or voiding the sale)
 * gives back whatever it took, and says how much.
 */
export function givesBackWhateverItTook(sale: Sale, line: TenderLine): boolean {
  if (!isLostLoyalty(line)) return false;
  // A card still holding a known payment of the sale is voided afresh: its answer is not a repeat.
  const paidOnCard = sale.lines.some(
    (l) =>
      l.kind === 'loyaltyCard' &&
      l.number === line.number &&
      (l.state.name === 'approved' || l.state.name === 'partiallyApproved'),
  );
  return paidOnCard || !sale.loyaltyVoided?.includes(line.number);
}

/** A till's sale may go back with part of it covered: the till collects the rest another way. */
export function canComplete(sale: Sale): boolean {
  if (sale.status !== 'open' || hasWorkInFlight(sale)) return false;
  const paid = paidAmount(sale);
  return sale.till ? paid > 0 && paid <= sale.due : remainingDue(sale) === 0 && paid === sale.due;
}

export function canTender(sale: Sale): boolean {
  return sale.status === 'open' && remainingDue(sale) > 0 && !hasWorkInFlight(sale);
}

export function lineAdded(sale: Sale, line: TenderLine): Sale {
  if (sale.status !== 'open') throw new Error(`Cannot add a tender to a ${sale.status} sale`);
  return { ...sale, lines: [...sale.lines, line] };
}

export function lineChanged(sale: Sale, lineId: string, event: TenderEvent): Sale {
  return { ...sale, lines: sale.lines.map((line) => (line.id === lineId ? transition(line, event) : line)) };
}

export function lineRemoved(sale: Sale, lineId: string): Sale {
  return { ...sale, lines: sale.lines.filter((line) => line.id !== lineId) };
}

const saleTransitions: Record<SaleStatus, SaleStatus[]> = {
  open: ['completing', 'voiding'],
  completing: ['completed', 'open'],
  completed: ['reversing'],
  voiding: ['voided'],
  voided: [],
  reversing: ['reversed'],
  reversed: [],
};

export function saleStatusChanged(sale: Sale, status: SaleStatus, now: Date): Sale {
  if (!saleTransitions[sale.status].includes(status)) throw new Error(`A ${sale.status} sale cannot become ${status}`);
  return {
    ...sale,
    status,
    ...(status === 'completed' || status === 'voided' || status === 'reversed'
      ? { finishedAt: now.toISOString() }
      : {}),
  };
}
