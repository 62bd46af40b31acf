import { availableAmount, type InstrumentKind } from './instrument';
import type { Minor } from './money';
import { forManager, type ManagerNote, type Outcome, type OperationRequest } from './operation';
import type { Authorization, LoyaltyPayment, LoyaltyVoid } from './payment';
import { givesBackWhateverItTook, type Sale } from './sale';
import { awaitsAnswer, type TenderEvent, type TenderLine } from './tender-line';

/** A line and the event it takes, plus what else the answer means for the sale. */
export interface LineChange {
  lineId: string;
  event?: TenderEvent | undefined;
  /** Balance left on the instrument after this payment, for the slip. */
  balanceAfter?: Minor | undefined;
}

/** What the sale flow does with one kind of instrument: how it pays, how it is released, how it settles. */
export interface TenderAdapter<Paid, Released> {
  pay(line: TenderLine): OperationRequest;
  paid(line: TenderLine, outcome: Outcome<Paid>): LineChange;
  /**
   * Giving the money back: the lines it covers (loyalty voids every payment of the card in the
   * sale), the event they take now, and the request. Null when the line holds nothing to give back.
   */
  release(sale: Sale, line: TenderLine): { lineIds: string[]; event: TenderEvent; request: OperationRequest } | null;
  released(
    outcome: Outcome<Released>,
    /** The request answered: a loyalty void's names what the sale knows was paid. */
    request: OperationRequest,
  ): { event: TenderEvent; flag?: ManagerNote; voidedAmount?: Minor } | 'queued' | { flag: ManagerNote };
  /** Hold kinds only: the request that takes the held money for good. */
  commit?(line: TenderLine): OperationRequest | null;
}

type HoldKind = 'giftCard' | 'storeCredit';

/** Settles refused with these mean the hold is not there any more: its money was not taken. */
export const holdGoneCodes: ReadonlySet<string> = new Set([
  'authorization_expired',
  'authorization_canceled',
  'authorization_not_found',
  'not_found',
]);

const failed = (lineId: string, outcome: Exclude<Outcome<unknown>, { status: 'succeeded' }>): LineChange =>
  outcome.status === 'unknown'
    ? { lineId, event: { type: 'answerLost', reason: outcome.code } }
    : {
        lineId,
        event: {
          type: 'refused',
          code: outcome.code,
          available: outcome.status === 'refused' ? outcome.available : undefined,
        },
      };

/**
 * When a hold lapses by this terminal's clock. The server's `expires` is on the server's clock, from
 * which a tablet's may be minutes off (a slow one would read a hold about to lapse as minutes from
 * it, and let its sale complete on a commit still unanswered). The hold's lifetime (`expires` less
 * `created`, both the server's) counted from when this terminal asked for it, before the server
 * placed it, is never later than the truth, whichever clock is off and however late the answer
 * came (a resend's replay included). The earlier of that and `expires` as read: with the clocks
 * agreeing, a `created` that is wrong cannot make the hold last longer either.
 */
export function holdLapsesBy(
  hold: Pick<Authorization, 'created' | 'expires'>,
  requestedAt: string | undefined,
): string {
  const expires = Date.parse(hold.expires);
  const lifetime = expires - Date.parse(hold.created);
  const asked = requestedAt === undefined ? NaN : Date.parse(requestedAt);
  if (!Number.isFinite(expires) || !Number.isFinite(lifetime) || !Number.isFinite(asked)) return hold.expires;
  return new Date(Math.min(expires, asked + lifetime)).toISOString();
}

/** Gift card and store credit: `_pay` places a hold, completing commits it, removing cancels it. */
function holdTender(kind: HoldKind): TenderAdapter<Authorization, Authorization> {
  return {
    pay: (line) => ({ type: `${kind}.pay`, number: line.number, amount: line.amount }),
    paid(line, outcome) {
      if (outcome.status !== 'succeeded') return failed(line.id, outcome);
      const hold = outcome.result;
      return {
        lineId: line.id,
        event: { type: 'holdPlaced', authCode: hold.authCode, expires: holdLapsesBy(hold, line.requestedAt) },
        balanceAfter: availableAmount(hold.account),
      };
    },
    release(_sale, line) {
      if (line.state.name !== 'authorized') return null;
      return {
        lineIds: [line.id],
        event: { type: 'cancelRequested' },
        request: { type: `${kind}.cancel`, number: line.number, authCode: line.state.authCode, amount: line.amount },
      };
    },
    released(outcome) {
      if (outcome.status === 'succeeded')
        return { event: { type: 'canceled', lapsed: outcome.result.status === 'expired' } };
      if (outcome.status === 'unknown' && forManager(outcome.code))
        return { event: { type: 'releaseUnknown', reason: outcome.code } };
      if (outcome.status !== 'refused') return 'queued';
      if (holdGoneCodes.has(outcome.code)) return { event: { type: 'canceled', lapsed: true } };
      if (outcome.code === 'authorization_committed') {
        return {
          event: { type: 'turnedOutCommitted' },
          flag: { code: 'releaseFoundCommitted' },
        };
      }
      return { event: { type: 'releaseRefused' }, flag: { code: 'cancelRefused', reason: outcome.code } };
    },
    commit(line) {
      if (line.state.name !== 'authorized') return null;
      return { type: `${kind}.commit`, number: line.number, authCode: line.state.authCode, amount: line.amount };
    },
  };
}

const loyaltyPaid = (s: TenderLine['state']) => s.name === 'approved' || s.name === 'partiallyApproved';

/** Loyalty card: `_pay` takes effect at once (approved, in part, or denied); removing voids every payment of that card in the sale. */
const loyaltyTender: TenderAdapter<LoyaltyPayment, LoyaltyVoid> = {
  pay: (line) => ({ type: 'loyaltyCard.pay', number: line.number, amount: line.amount }),
  paid(line, outcome) {
    if (outcome.status !== 'succeeded') return failed(line.id, outcome);
    const p = outcome.result;
    return {
      lineId: line.id,
      event: {
        type: 'loyaltyAnswered',
        result: p.result,
        approvedAmount: p.approvedAmount,
        denialReason: p.denialReason,
      },
      balanceAfter: availableAmount(p.account),
    };
  },
  release(sale, line) {
    const ofCard = sale.lines.filter((l) => l.kind === 'loyaltyCard' && l.number === line.number);
    // The server voids every payment of the card in the sale at once: while one has no answer yet,
    // a void would take back more than it names. It waits; that payment's answer asks again. One
    // that went to a manager gets no further answer: the void goes now and names it, and gives
    // back whatever it took.
    if (ofCard.some(awaitsAnswer)) return null;
    const paid = ofCard.filter((l) => loyaltyPaid(l.state));
    const lost = ofCard.filter((l) => givesBackWhateverItTook(sale, l));
    if (paid.length === 0 && lost.length === 0) return null;
    const amount = paid.reduce((sum, l) => sum + ('approvedAmount' in l.state ? l.state.approvedAmount : 0), 0);
    const unknownUpTo = lost.reduce((sum, l) => sum + mostTaken(l), 0);
    const twinUpTo = paid.reduce((sum, l) => sum + twiceUpTo(l), 0);
    return {
      lineIds: [...paid, ...lost].map((l) => l.id),
      event: { type: 'voidRequested' },
      request: {
        type: 'loyaltyCard.voidPayment',
        number: line.number,
        amount,
        ...(unknownUpTo > 0 ? { unknownUpTo } : {}),
        ...(twinUpTo > 0 ? { twinUpTo } : {}),
      },
    };
  },
  released(outcome, request) {
    if (outcome.status === 'succeeded') return { event: { type: 'voided' }, voidedAmount: outcome.result.voidedAmount };
    // An answer that contradicts the void goes to a manager (the sender flags it): whether it gave back is not known.
    if (outcome.status === 'unknown' && forManager(outcome.code))
      return { event: { type: 'releaseUnknown', reason: outcome.code } };
    if (outcome.status !== 'refused') return 'queued';
    // No payment under this sale on that card. For payments whose outcome was lost, that is their
    // answer: none took anything. Where the server approved one (the request names its amount), it
    // contradicts that: nothing is known given back, the cashier and a manager are told.
    if (
      outcome.code === 'payment_not_found' &&
      !('amount' in request && request.amount !== undefined && request.amount > 0)
    )
      return { event: { type: 'voided' }, voidedAmount: 0 };
    return { event: { type: 'releaseRefused' }, flag: { code: 'voidRefused', reason: outcome.code } };
  },
};

/**
 * The most a payment whose outcome was lost can have taken: on a server that ignores keys each of
 * its attempts may have applied, but none past what the card had (a loyalty payment is approved in
 * part, then denied); what it asked when that is not known.
 */
const mostTaken = (line: TenderLine): Minor => Math.max(line.amount, line.availableBefore ?? 0);

/**
 * What a payment that may have been applied twice (`mayBeTwice`) can have taken beyond what it
 * knows of: its lost attempts took, at most, what the card had less what the resend got.
 */
export const twiceUpTo = (line: TenderLine): Minor =>
  line.mayBeTwice && 'approvedAmount' in line.state ? Math.max(0, mostTaken(line) - line.state.approvedAmount) : 0;

/**
 * What a loyalty void gave back for twins (`twinUpTo`): what is left of its answer after the known
 * payments and those whose outcome was lost (`unknownUpTo`: they are given back first), up to the
 * twins' most. Taken and given back outside anything the terminal knew of: counted by nobody.
 */
export const twinsGivenBack = (
  request: { amount: Minor; unknownUpTo?: Minor | undefined; twinUpTo?: Minor | undefined },
  voidedAmount: Minor,
): Minor => Math.min(request.twinUpTo ?? 0, Math.max(0, voidedAmount - request.amount - (request.unknownUpTo ?? 0)));

/**
 * Each line's `voided` event for one void's answer. The void gave back `voidedAmount` for the card:
 * the known payments' amounts, and the rest for those whose outcome was lost, in the order they
 * were asked, each at most what it can have taken; what is left beyond that was twins' (`twinUpTo`)
 * or, past them, the answer check tells a manager.
 */
export function voidedEvents(lines: readonly TenderLine[], voidedAmount: Minor): Map<string, TenderEvent> {
  const known = lines.reduce(
    (sum, l) => sum + (l.state.name === 'voiding' && l.state.lostReason === undefined ? l.state.approvedAmount : 0),
    0,
  );
  let rest = Math.max(0, voidedAmount - known);
  const events = new Map<string, TenderEvent>();
  for (const l of lines) {
    if (l.state.name !== 'voiding' || l.state.lostReason === undefined) {
      events.set(l.id, { type: 'voided' });
      continue;
    }
    const share = Math.min(rest, mostTaken(l));
    rest -= share;
    events.set(l.id, { type: 'voided', approvedAmount: share });
  }
  return events;
}

/** One adapter per instrument kind: the sale flow never branches on kind strings. */
export const tenders: {
  giftCard: TenderAdapter<Authorization, Authorization>;
  storeCredit: TenderAdapter<Authorization, Authorization>;
  loyaltyCard: TenderAdapter<LoyaltyPayment, LoyaltyVoid>;
} = {
  giftCard: holdTender('giftCard'),
  storeCredit: holdTender('storeCredit'),
  loyaltyCard: loyaltyTender,
};

/** The requests of a kind's tender; its answers are routed by request type, so they stay typed. */
export function tenderFor(kind: InstrumentKind): Pick<TenderAdapter<never, never>, 'pay' | 'release' | 'commit'> {
  return tenders[kind];
}
