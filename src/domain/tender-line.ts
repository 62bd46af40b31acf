import type { InstrumentKind } from './instrument';
import type { Minor } from './money';
import { forManager } from './operation';
import type { LoyaltyDenialReason } from './payment';

/**
 * A tender line's state: one union, one transition function, no booleans that can disagree.
 *
 *   requesting ─┬─ authorized (gift card, store credit hold) ─┬─ committing ── committed
 *               │                                              └─ canceling ─┬─ canceled
 *               │                                                             └─ committed (it was, after all)
 *               ├─ approved / partiallyApproved (loyalty) ──── voiding ───── voided
 *               │    (a cancel or void refused for good goes back: canceling → authorized, voiding → paid;
 *               │     one answered in contradiction goes to unknown, a manager's)
 *               ├─ denied (loyalty answered no) · failed (server refused, nothing happened)
 *               └─ unknown (no answer: resolved by replay and re-read, never guessed)
 *                    └─ (loyalty, with a manager) voiding ── voided: the void gives back whatever it took
 *
 * External lines (cash, bank card) are only `recorded`, and simply removed.
 */
export type TenderLineState =
  | { name: 'requesting' }
  | {
      name: 'unknown';
      reason: string;
      /** Its cancel or void went to a manager: this much was taken, and may have been given back. */
      released?: Minor;
    }
  /**
   * `expires`: when the hold lapses by this terminal's clock (`holdLapsesBy`, tenders.ts); on lines
   * kept before that, the server's own `expires`.
   */
  | { name: 'authorized'; authCode: string; expires: string }
  | { name: 'approved'; approvedAmount: Minor }
  | { name: 'partiallyApproved'; approvedAmount: Minor }
  /** `unspecified`: the server denied it without a reason (the contract's denialReason is optional). */
  | { name: 'denied'; reason: LoyaltyDenialReason | 'unspecified' }
  | { name: 'failed'; code: string; available?: Minor | undefined }
  /** `expires`: when the hold lapses (absent on lines kept before it was carried here). */
  | { name: 'committing'; authCode: string; expires?: string | undefined }
  | { name: 'committed'; authCode: string }
  | { name: 'canceling'; authCode: string; expires?: string | undefined }
  | { name: 'canceled'; authCode: string; lapsed: boolean }
  /**
   * `lostReason`: a loyalty payment whose outcome was with a manager (the unknown outcome's reason);
   * what it took is known from the void's answer.
   */
  | { name: 'voiding'; approvedAmount: Minor; lostReason?: string | undefined }
  | { name: 'voided'; approvedAmount: Minor }
  | { name: 'recorded' };

export type TenderLineStateName = TenderLineState['name'];

export type TenderKind = InstrumentKind | 'external';

export const externalMethods = ['cash', 'bankCard', 'other'] as const;
/** How an external line was paid: kept as a code, worded when shown (in the language of the moment). */
export type ExternalMethod = (typeof externalMethods)[number];

export interface TenderLine {
  id: string;
  kind: TenderKind;
  /** Empty for external lines. */
  number: string;
  /** What the cashier asked the instrument for. */
  amount: Minor;
  /** External lines: how it was paid. */
  method?: ExternalMethod | undefined;
  /** External lines recorded before the method was kept: the words of that day, shown as they were. */
  label?: string | undefined;
  /** The recorded operation that asked for the money (its Idempotency-Key). */
  payOperationId?: string | undefined;
  /**
   * When that operation was decided, by this terminal's clock: the server placed any hold after it,
   * so a hold's lapse is counted from it (`holdLapsesBy`, tenders.ts). Absent on lines kept before.
   */
  requestedAt?: string | undefined;
  /** Available on the instrument when the line was started: to compare after an unknown outcome. */
  availableBefore?: Minor | undefined;
  /**
   * A loyalty payment paid by a resend after an attempt whose answer was lost, which the card's check
   * after it found applied twice, or could not check (outbox.ts, `checked`): its void may give back
   * more than it knows of, its twin (`twiceUpTo`, tenders.ts).
   */
  mayBeTwice?: true | undefined;
  /** Available on the instrument after the payment, for the slip. */
  balanceAfter?: Minor | undefined;
  /** The recorded commit, cancel or void of this line. */
  settleOperationId?: string | undefined;
  /** That settle got no answer yet (or one that passes): the outbox resends it until it lands. */
  settleQueued?: boolean | undefined;
  /**
   * That commit's outcome went to a manager (its answer contradicted it, or the key was refused as
   * reused): it is not sent again, and no answer will settle the line; whether it took the money is
   * the manager's to find out.
   */
  settleWithManager?: true | undefined;
  /** The cashier removed the line: it goes once its money is given back. */
  removing?: boolean | undefined;
  state: TenderLineState;
}

export type TenderEvent =
  | { type: 'holdPlaced'; authCode: string; expires: string }
  | {
      type: 'loyaltyAnswered';
      result: 'approved' | 'partiallyApproved' | 'denied';
      approvedAmount: Minor;
      denialReason?: LoyaltyDenialReason | undefined;
    }
  | { type: 'refused'; code: string; available?: Minor | undefined }
  | { type: 'answerLost'; reason: string }
  | { type: 'commitRequested' }
  | { type: 'committed' }
  | { type: 'cancelRequested' }
  | { type: 'canceled'; lapsed: boolean }
  | { type: 'voidRequested' }
  /** `approvedAmount`: what the void gave back for a payment whose outcome was lost (tenders.ts, `voidedEvents`). */
  | { type: 'voided'; approvedAmount?: Minor | undefined }
  /** A commit refused for good (`code`; a hold gone when absent): the money did not move. */
  | { type: 'settleRefused'; code?: string | undefined }
  /** A cancel or void the server refused for good: nothing was given back. */
  | { type: 'releaseRefused' }
  /** A cancel or void answered in contradiction (`reason`: a manager's code): whether it gave back is not known. */
  | { type: 'releaseUnknown'; reason: string }
  | { type: 'turnedOutCommitted' };

export class IllegalTransition extends Error {
  constructor(state: TenderLineStateName, event: TenderEvent['type']) {
    super(`A tender line that is ${state} cannot take ${event}`);
    this.name = 'IllegalTransition';
  }
}

/** The only way a line changes state. Anything not listed here is refused. */
export function transition(line: TenderLine, event: TenderEvent): TenderLine {
  const s = line.state;
  const to = (state: TenderLineState): TenderLine => ({ ...line, state });
  switch (event.type) {
    case 'holdPlaced':
      if (
        (s.name === 'requesting' || s.name === 'unknown') &&
        (line.kind === 'giftCard' || line.kind === 'storeCredit')
      ) {
        return to({ name: 'authorized', authCode: event.authCode, expires: event.expires });
      }
      break;
    case 'loyaltyAnswered':
      if ((s.name === 'requesting' || s.name === 'unknown') && line.kind === 'loyaltyCard') {
        if (event.result === 'denied') return to({ name: 'denied', reason: event.denialReason ?? 'unspecified' });
        return to({ name: event.result, approvedAmount: event.approvedAmount });
      }
      break;
    case 'refused':
      if (s.name === 'requesting' || s.name === 'unknown')
        return to({ name: 'failed', code: event.code, available: event.available });
      break;
    case 'answerLost':
      if (s.name === 'requesting' || s.name === 'unknown') return to({ name: 'unknown', reason: event.reason });
      break;
    case 'commitRequested':
      if (s.name === 'authorized') return to({ name: 'committing', authCode: s.authCode, expires: s.expires });
      break;
    case 'committed':
      if (s.name === 'committing') return to({ name: 'committed', authCode: s.authCode });
      break;
    case 'cancelRequested':
      if (s.name === 'authorized') return to({ name: 'canceling', authCode: s.authCode, expires: s.expires });
      break;
    case 'canceled':
      if (s.name === 'canceling') return to({ name: 'canceled', authCode: s.authCode, lapsed: event.lapsed });
      break;
    case 'voidRequested':
      if (s.name === 'approved' || s.name === 'partiallyApproved')
        return to({ name: 'voiding', approvedAmount: s.approvedAmount });
      if (isLostLoyalty(line) && s.name === 'unknown')
        return to({ name: 'voiding', approvedAmount: 0, lostReason: s.reason });
      break;
    case 'voided':
      if (s.name === 'voiding')
        return to({
          name: 'voided',
          approvedAmount: s.lostReason !== undefined ? (event.approvedAmount ?? 0) : s.approvedAmount,
        });
      break;
    case 'turnedOutCommitted':
      // A cancel refused because the hold was committed after all: the card did pay.
      if (s.name === 'canceling') return to({ name: 'committed', authCode: s.authCode });
      break;
    case 'releaseUnknown':
      // The money is neither known given back nor known kept: a manager's, as an unknown payment is.
      if (s.name === 'canceling') return to({ name: 'unknown', reason: event.reason, released: line.amount });
      // A payment whose own outcome was lost stays that: what it took is not known either.
      if (s.name === 'voiding')
        return to({
          name: 'unknown',
          reason: event.reason,
          ...(s.lostReason === undefined && { released: s.approvedAmount }),
        });
      break;
    case 'releaseRefused':
      // A cancel or void refused for good: the money stays where it was.
      if (s.name === 'canceling') return to({ name: 'authorized', authCode: s.authCode, expires: s.expires ?? '' });
      if (s.name === 'voiding' && s.lostReason !== undefined) return to({ name: 'unknown', reason: s.lostReason });
      if (s.name === 'voiding')
        return to({
          name: s.approvedAmount < line.amount ? 'partiallyApproved' : 'approved',
          approvedAmount: s.approvedAmount,
        });
      break;
    case 'settleRefused':
      // A commit refused for good (the hold lapsed or was canceled elsewhere): the money did not move.
      if (s.name === 'committing') return to({ name: 'failed', code: event.code ?? 'authorization_expired' });
      break;
  }
  throw new IllegalTransition(s.name, event.type);
}

/** How much of the sale this line pays (or may pay, while unresolved: that money stays blocked). */
export function coveredAmount(line: TenderLine): Minor {
  const s = line.state;
  switch (s.name) {
    case 'unknown':
      return s.released ?? line.amount;
    case 'recorded':
    case 'requesting':
    case 'authorized':
    case 'committing':
    case 'committed':
      return line.amount;
    case 'approved':
    case 'partiallyApproved':
      return s.approvedAmount;
    default:
      return 0;
  }
}

/** Waiting for the server: no second request may start for the same money. */
export function isInFlight(line: TenderLine): boolean {
  return ['requesting', 'committing', 'canceling', 'voiding'].includes(line.state.name);
}

/**
 * Its money is being given back (a cancel or void) and the server has not answered yet: the outbox
 * sends it again until it lands (both are idempotent), nobody has to act on it.
 */
export function isReleaseQueued(line: TenderLine): boolean {
  return (line.state.name === 'canceling' || line.state.name === 'voiding') && line.settleQueued === true;
}

/**
 * It keeps its sale from being voided: a payment or a release on its way whose answer decides what
 * there is to give back. A release the server has not answered (queued, sent again until it lands)
 * does not: it goes on while the sale is voided.
 */
export function holdsVoid(line: TenderLine): boolean {
  return isInFlight(line) && !isReleaseQueued(line);
}

/** Its payment is not confirmed yet (asked, lost, or its commit unanswered): the goods wait for it. */
export function isUnconfirmed(line: TenderLine): boolean {
  return ['requesting', 'unknown', 'committing'].includes(line.state.name);
}

/** The line's money is neither taken nor released for sure. */
export function isUnresolved(line: TenderLine): boolean {
  return line.state.name === 'unknown' || line.state.name === 'requesting';
}

/**
 * Unresolved for good: its outcome went to a manager (operation.ts, `forManager`), and no answer
 * will come on its own. Its money stays blocked on the sale; the sale itself is not held by it.
 */
export function isWithManager(line: TenderLine): boolean {
  return line.state.name === 'unknown' && forManager(line.state.reason);
}

/** Unresolved, and an answer will come (the sender asks again). */
export const awaitsAnswer = (line: TenderLine): boolean => isUnresolved(line) && !isWithManager(line);

/**
 * A loyalty payment whose outcome went to a manager: it may have taken its amount, or nothing. A
 * void of the card's payments in the sale gives back every approved one (contract section 4), so
 * it can leave nothing of it taken, whatever it did (sale.ts, `givesBackWhateverItTook`).
 */
export function isLostLoyalty(line: TenderLine): boolean {
  return line.kind === 'loyaltyCard' && isWithManager(line);
}
