import { availableAmount, type Customer, type Instrument, type InstrumentKind } from './instrument';
import type { Minor } from './money';
import type { Authorization, LoyaltyPayment, LoyaltyVoid } from './payment';

type Pay = { number: string; amount: Minor };
type Settle = { number: string; authCode: string; amount: Minor };
type Issue = { amount?: Minor | undefined; customer?: Customer | null | undefined };
/**
 * A loyalty void gives back every approved payment of the card in the sale (contract section 4):
 * `amount` is what the known ones paid; `unknownUpTo`, what payments whose outcome went to a
 * manager asked at most (they may have taken that, or nothing); `twinUpTo`, what known payments a
 * server may have applied twice can have taken beyond them (their twins': given back too, and
 * counted by nobody, as they were taken by nobody the terminal knew of).
 */
type VoidPayment = Pay & { unknownUpTo?: Minor | undefined; twinUpTo?: Minor | undefined };

/** What each operation sends. */
interface RequestFields {
  'giftCard.pay': Pay;
  'storeCredit.pay': Pay;
  'loyaltyCard.pay': Pay;
  'giftCard.commit': Settle;
  'giftCard.cancel': Settle;
  'storeCredit.commit': Settle;
  'storeCredit.cancel': Settle;
  'loyaltyCard.voidPayment': VoidPayment;
  'giftCard.issue': Issue & { number: string };
  /** `prefix`: the series' as the terminal knows it, when it does: the number answered must start with it. */
  'giftCard.issueInSeries': Issue & { series: string; prefix?: string | undefined };
  'storeCredit.issueInSeries': Issue & { series: string; amount: Minor; prefix?: string | undefined };
  'loyaltyCard.issue': { number: string; customer?: Customer | null | undefined };
  'giftCard.unissue': { number: string };
  'storeCredit.unissue': { number: string };
  'loyaltyCard.unissue': { number: string };
}

/** Every operation that moves money or changes an instrument, with exactly what it sends. */
export type OperationRequest = { [K in keyof RequestFields]: { type: K } & RequestFields[K] }[keyof RequestFields];

export type OperationType = OperationRequest['type'];

/** What the server answers to each request: a result needs no cast once its request is known. */
export interface ResultMap {
  'giftCard.pay': Authorization;
  'storeCredit.pay': Authorization;
  'loyaltyCard.pay': LoyaltyPayment;
  'giftCard.commit': Authorization;
  'giftCard.cancel': Authorization;
  'storeCredit.commit': Authorization;
  'storeCredit.cancel': Authorization;
  'loyaltyCard.voidPayment': LoyaltyVoid;
  'giftCard.issue': Instrument;
  'giftCard.issueInSeries': Instrument;
  'storeCredit.issueInSeries': Instrument;
  'loyaltyCard.issue': Instrument;
  'giftCard.unissue': Instrument;
  'storeCredit.unissue': Instrument;
  'loyaltyCard.unissue': Instrument;
}

export type RequestOf<T extends OperationType> = Extract<OperationRequest, { type: T }>;
export type Result<R extends OperationRequest> = ResultMap[R['type']];

/**
 * How one attempt ended, as the money path sees it:
 * succeeded — the server's answer; refused — a 4xx that changed nothing, for good;
 * passing — a refusal that may pass (429, a token being fixed): nothing happened, send again later;
 * unknown — no answer, or one that cannot be trusted: the same key is sent again until it is known.
 */
export type Outcome<T> =
  /** `replayed`: the server said this is its stored answer to an earlier attempt (Idempotency-Replayed). */
  | { status: 'succeeded'; result: T; replayed?: boolean | undefined }
  | { status: 'refused'; code: string; message: string; available?: Minor | undefined }
  | { status: 'passing'; code: string; message: string; retryAfterSeconds?: number | undefined }
  /** `answeredNumber`: the card an answer that contradicted its request named (a series issue's: no other record of it). */
  | { status: 'unknown'; code: string; message: string; answeredNumber?: string | undefined };

/** An operation and how its latest attempt ended, typed together. */
export type Answer = {
  [K in OperationType]: {
    type: K;
    id: string;
    request: RequestOf<K>;
    attempts: number;
    outcome: Outcome<ResultMap[K]>;
  };
}[OperationType];

/** An operation the flow asks to be recorded and sent; `id` is its Idempotency-Key. */
export interface OperationOrder {
  id: string;
  request: OperationRequest;
  transactionId: string;
  reason: string;
  /** Set when a return asked for it: the answer goes to that return (a void is sent under the sale's transactionId). */
  returnId?: string | undefined;
  /** With returnId: the sale it gives back money of (its transactionId). */
  returnOf?: string | undefined;
  /**
   * An un-issue: what was loaded on the card, as read just before it was asked (not sent: the server
   * un-issues whatever the card holds, and its answer shows the card emptied). The day's report
   * counts it as the debt the un-issue took back, the other side of what "sold" counted.
   */
  loaded?: Minor | undefined;
  /**
   * A payment: what its card had available when the cashier asked (not sent). A loyalty payment's
   * resend denied after a lost answer is judged against it (`ownEffectRefusal`).
   */
  availableBefore?: Minor | undefined;
}

/**
 * What a manager must know about an operation, stored as a code with its facts (never as words:
 * the journal words it in the terminal's language when it is read).
 */
export type ManagerNote =
  /** The sale was voided after this card's money had been committed: refund it another way. */
  | { code: 'voidedCommitted'; card: string }
  /** The hold lapsed before its commit reached the server: the money was never taken. */
  | { code: 'holdLapsedBeforeCommit' }
  | { code: 'commitRefused'; reason: string }
  /** A cancel found the hold committed: the card paid after all. */
  | { code: 'releaseFoundCommitted' }
  | { code: 'cancelRefused'; reason: string }
  | { code: 'voidRefused'; reason: string }
  /**
   * This loyalty payment's outcome was with a manager, and the void of the card's payments in the
   * sale gave back what it had taken (`amount`, minor units; 0: it had taken nothing).
   */
  | { code: 'givenBackByVoid'; amount: Minor }
  /**
   * More left the card than this payment (minor units: what it shows, what was expected at least):
   * another till may have paid with it meanwhile, or the server applied the request twice. Notes
   * written before the figures were kept have none.
   */
  | { code: 'appliedTwice'; available?: Minor; expectedAtLeast?: Minor }
  /** The card could not be read after such an answer, so whether it was applied twice is not known. */
  | { code: 'notChecked' }
  /** The server's answer contradicts the request (`detail`: what, as the check found it). */
  | { code: 'contradicted'; detail: string }
  /** The server refused this operation's own key as used with another body: an earlier attempt took effect. */
  | { code: 'keyReused' }
  /**
   * A card issued in a series (the server chose its number) after an earlier attempt went
   * unanswered, by a server that has not shown it keeps keys: that attempt may have issued one too.
   */
  | { code: 'mayHaveIssuedTwice' }
  /**
   * After an earlier attempt went unanswered, the server refused this one for what that attempt
   * would itself have done had it taken effect (`reason`: the refusal's code).
   */
  | { code: 'refusedAfterLostAnswer'; reason: OwnEffectRefusal }
  /** The card read again after a contradicted answer (minor units). */
  | { code: 'readAgain'; available: Minor; onHold: Minor }
  | { code: 'notReadAgain' }
  /**
   * A payment that took (or holds) money for a sale this terminal does not have: its record came
   * from another terminal's backup, which carries no sales, so nothing here completes or voids it.
   */
  | { code: 'saleNotHere' };

/**
 * A well-formed answer that contradicts its request (answer-check.ts): an unknown outcome that is
 * not sent again on its own (the server would replay the same answer), but flagged for a manager
 * with the card read again.
 */
export const CONTRADICTORY_ANSWER = 'contradictory_answer';

/**
 * An attempt cut off before its answer was written (a crash, a closed window, a reload while it was
 * in flight): it may have reached the server, so its outcome is unknown, resolved by sending again.
 */
export const INTERRUPTED = 'interrupted';

/**
 * A resend after an unknown outcome refused for what the lost attempt would itself have done (see
 * `ownEffectRefusal`), by a server that has not shown it keeps keys: an unknown outcome for a manager.
 */
export const REFUSED_AFTER_LOST_ANSWER = 'refused_after_lost_answer';

/**
 * A record asked in one currency, about to go to a server now set to another (changed in another
 * window between the settings' check and this write): its minor units would be another sum.
 * Never sent: one that never left is refused; one that may have landed goes to a manager.
 */
export const CURRENCY_CHANGED = 'currency_changed';

/**
 * An un-issue asked while an earlier operation on the same card still waits for its answer (an
 * issue whose answer was lost, a payment sent again), or an issue while the card's un-issue waits:
 * never sent. Sent first, the earlier one's resend would land after it: an issue replayed as
 * "issued" would name a card no longer issued, an un-issue would undo the new sale.
 */
export const EARLIER_WAITS = 'earlier_waits';

/** Whether `earlier` is an operation on the card `request` names, of the same kind. */
export const onSameCard = (request: OperationRequest, earlier: OperationRequest): boolean =>
  'number' in request &&
  'number' in earlier &&
  earlier.number === request.number &&
  kindOf(earlier.type) === kindOf(request.type);

/** Whether a request's body carries an amount (converted with the server's currency as it is sent). */
export const sendsAmount = (request: OperationRequest): boolean =>
  request.type.endsWith('.pay') ||
  ('amount' in request && request.amount !== undefined && /\.issue(InSeries)?$/.test(request.type));

/**
 * Unknown outcomes that sending again cannot resolve: an answer that contradicts its request, our
 * own key refused as used with another body, and a refusal the lost attempt may have caused (the
 * same refusal would come again). The record waits for a manager, the card read again; the line's
 * money stays blocked.
 */
export const forManager = (code: string): boolean =>
  code === CONTRADICTORY_ANSWER ||
  code === 'idempotency_key_reused' ||
  code === REFUSED_AFTER_LOST_ANSWER ||
  code === CURRENCY_CHANGED;

/** What an earlier attempt of an operation would make the server refuse, had it taken effect. */
export type OwnEffectRefusal =
  | 'insufficient_funds'
  | 'already_issued'
  | 'not_issued'
  | 'series_exhausted'
  /** A loyalty void finding no payment to void under the sale: its own lost attempt may have voided them. */
  | 'payment_not_found'
  /** A loyalty payment denied because the card changed between the attempts (expired, closed): the first may have been paid. */
  | 'loyalty_denied'
  /** A loyalty payment approved only in part, with less on the card than the cashier saw: the first may have been paid. */
  | 'loyalty_partly';

const ownEffects: Partial<Record<OperationType, OwnEffectRefusal>> = {
  'giftCard.pay': 'insufficient_funds', // its hold took the money
  'storeCredit.pay': 'insufficient_funds',
  'giftCard.issue': 'already_issued', // it issued the card
  'loyaltyCard.issue': 'already_issued',
  'giftCard.issueInSeries': 'series_exhausted', // it took the series' last number
  'storeCredit.issueInSeries': 'series_exhausted',
  'giftCard.unissue': 'not_issued', // it un-issued the card
  'storeCredit.unissue': 'not_issued',
  'loyaltyCard.unissue': 'not_issued',
  'loyaltyCard.voidPayment': 'payment_not_found', // it gave the payments back
};

/**
 * Whether an answer of `type` refuses what its own earlier attempt would have done, had it taken
 * effect: after an unknown outcome, such a refusal proves nothing unless the server keeps keys (it
 * would have replayed that attempt's answer instead). A loyalty payment is answered even when
 * nothing is paid: denied for lack of funds is that refusal, and so is denied for another reason
 * (the card closed or expired between the attempts) when the card has less than it had before, and
 * so is approved in part when the card had less than the cashier saw. Commits and cancels are not
 * here: the contract answers a repeat of either as the first. A loyalty payment approved in whole
 * after a lost answer is checked against the card like any answer after a lost one.
 */
export function ownEffectRefusal(
  type: OperationType,
  outcome: Outcome<unknown>,
  /** A loyalty payment's: what the card had available when the cashier asked (its line's). */
  availableBefore?: Minor,
): OwnEffectRefusal | null {
  if (outcome.status === 'refused') {
    const effect = ownEffects[type];
    return effect !== undefined && effect === outcome.code ? effect : null;
  }
  if (type !== 'loyaltyCard.pay' || outcome.status !== 'succeeded') return null;
  const payment = outcome.result as LoyaltyPayment;
  // Approved in part: the card had less than asked when the resend came. A partial approval is for
  // exactly what was available, so less than the cashier saw means money left the card in between:
  // the lost attempt may have taken it (the customer would pay it again another way). Only a card
  // that still had all it had before (the cashier asked for more than it held) proves nothing was paid.
  if (payment.result === 'partiallyApproved')
    return availableBefore !== undefined && payment.approvedAmount >= availableBefore ? null : 'loyalty_partly';
  if (payment.result !== 'denied') return null;
  if (payment.denialReason === 'insufficient_funds') return 'insufficient_funds';
  // Denied for another reason: the card was closed, or expired, between the attempts, and a loyalty
  // payment takes effect at once and never lapses. The first attempt may have paid, unless the card
  // still has what it had when the cashier asked. (Money put back on the card in between, another
  // sale's void, could hide a paid attempt: rare, and the card's check after a resend still runs.)
  const untouched = availableBefore !== undefined && availableAmount(payment.account) >= availableBefore;
  return untouched ? null : 'loyalty_denied';
}

/** Something a manager must look at, attached to the operation it concerns. */
export interface ManagerFlag {
  operationId: string;
  note: ManagerNote;
  /**
   * The note settles the operation: what it did is known now (a lost loyalty payment given back by
   * its void: `givenBackByVoid`), so the day it is counted on is today's.
   */
  settles?: true;
}

/** The instrument kind an operation concerns (`giftCard.pay` concerns a gift card). */
export const kindOf = (type: OperationType): InstrumentKind => type.slice(0, type.indexOf('.')) as InstrumentKind;
