import { availableAmount, maskNumber, type Account, type Instrument, type InstrumentKind } from './instrument';
import type { OperationRequest, ResultMap } from './operation';
import type { Authorization } from './payment';

// ─── A server's words: made plain before anyone reads them ───

/**
 * Text that came from a server (customer names, messages, series numbers) is shown as plain text,
 * never HTML (React escapes it). Before that it is made harmless to read: control characters and
 * the bidirectional embedding, override and isolate marks that could reverse what a cashier reads
 * are removed, and it is capped so an unbroken 10,000-character message cannot take the screen.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `notes`: a record's manager notes, one after the other (each a sentence or two of the terminal's own). */
export const TEXT_CAP = { short: 80, message: 300, notes: 1200 } as const;

export function untrustedText(text: string, max: number = TEXT_CAP.message): string {
  const clean = text
    .replace(unsafe, '')
    .replace(/[\t\n\r]+/g, ' ')
    .trim();
  const chars = Array.from(clean);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
}

/** Cleaned and isolated for a sentence of the terminal's own: its direction cannot leak into the words around it. */
export function isolated(text: string, max: number = TEXT_CAP.message): string {
  return `\u2068${untrustedText(text, max)}\u2069`;
}

// ─── A server's answer: checked against the request it answers ───

/**
 * A well-formed answer can still contradict the request it answers: a hold for 5.00 to a request
 * for 20.00, a payment approved for more than was asked, another card's data. Every answer is
 * checked here against its request before it changes anything on screen or in the journal; a
 * contradiction is an unknown outcome for a manager, never a success.
 *
 * Returns what contradicts the request, in words for the journal, or null when the answer fits.
 */
export function contradiction<R extends OperationRequest>(
  request: R,
  transactionId: string,
  result: ResultMap[R['type']],
): string | null {
  // The result's type follows from the request's type (ResultMap); the switch narrows the request only.
  const answer = result as ResultMap[keyof ResultMap];
  switch (request.type) {
    case 'giftCard.pay':
    case 'storeCredit.pay':
      return holdProblem(request.number, request.amount, answer as Authorization, ['pending'], null);
    case 'giftCard.commit':
    case 'storeCredit.commit':
      return holdProblem(request.number, request.amount, answer as Authorization, ['committed'], request.authCode);
    case 'giftCard.cancel':
    case 'storeCredit.cancel':
      // A hold that had already lapsed is answered "expired": released all the same.
      return holdProblem(
        request.number,
        request.amount,
        answer as Authorization,
        ['canceled', 'expired'],
        request.authCode,
      );
    case 'loyaltyCard.pay':
      return loyaltyPaymentProblem(request.amount, transactionId, answer as ResultMap['loyaltyCard.pay']);
    case 'loyaltyCard.voidPayment': {
      const v = answer as ResultMap['loyaltyCard.voidPayment'];
      return first(
        v.transactionId !== transactionId && `the void names sale ${v.transactionId}, not this sale`,
        request.unknownUpTo === undefined &&
          request.twinUpTo === undefined &&
          v.voidedAmount !== request.amount &&
          `voided ${v.voidedAmount} where ${request.amount} was paid (minor units)`,
        // Payments whose outcome was lost may have taken up to what they asked, or nothing; a
        // payment a server may have applied twice, its twin too.
        (request.unknownUpTo !== undefined || request.twinUpTo !== undefined) &&
          (v.voidedAmount < request.amount || v.voidedAmount > voidMost(request)) &&
          `voided ${v.voidedAmount} where ${request.amount} to ${voidMost(request)} was paid (minor units)`,
        accountProblem(v.account),
      );
    }
    case 'giftCard.issue':
    case 'giftCard.issueInSeries':
    case 'storeCredit.issueInSeries': {
      const card = answer as Instrument;
      const kind: InstrumentKind = request.type === 'storeCredit.issueInSeries' ? 'storeCredit' : 'giftCard';
      return first(
        instrumentProblem(kind, 'number' in request ? request.number : undefined, card),
        'series' in request &&
          card.seriesNumber !== request.series &&
          `the card is of series ${card.seriesNumber}, not ${request.series}`,
        // A number of another series (another card, said to be of this one) is never the new card.
        'prefix' in request &&
          request.prefix &&
          !card.number.toUpperCase().startsWith(request.prefix.toUpperCase()) &&
          `the card ${maskNumber(card.number)} does not start with series ${request.series}'s prefix ${request.prefix}`,
        card.kind !== 'loyaltyCard' && card.status !== 'issued' && `the card is ${card.status}, not issued`,
        request.amount !== undefined &&
          card.account.original !== request.amount &&
          `loaded ${card.account.original} where ${request.amount} was asked (minor units)`,
        // The contract: a card just issued holds what was loaded (amountOriginal = amountNet), none of it on hold.
        card.account.net !== card.account.original &&
          `the card holds ${card.account.net} where ${card.account.original} was loaded (minor units)`,
        card.account.authorized !== 0 && `a card just issued with ${card.account.authorized} on hold (minor units)`,
      );
    }
    case 'loyaltyCard.issue': {
      const card = answer as Instrument;
      return first(
        instrumentProblem('loyaltyCard', request.number, card),
        card.kind === 'loyaltyCard' && card.statusCode !== 1 && `the card's status is ${card.statusCode}, not Open`,
      );
    }
    case 'giftCard.unissue':
    case 'storeCredit.unissue':
    case 'loyaltyCard.unissue': {
      const card = answer as Instrument;
      const kind = request.type.split('.')[0] as InstrumentKind;
      const back = card.kind === 'loyaltyCard' ? card.statusCode === 0 : card.status === 'notIssued';
      return first(instrumentProblem(kind, request.number, card), !back && 'the card is still issued');
    }
  }
}

/** A looked-up instrument must be the one asked for: another card's data is never shown or paid from. */
export function lookupContradiction(kind: InstrumentKind, number: string, instrument: Instrument): string | null {
  return instrumentProblem(kind, number, instrument);
}

/** The most a loyalty void can give back: the known payments, those whose outcome was lost, and twins. */
const voidMost = (r: { amount: number; unknownUpTo?: number | undefined; twinUpTo?: number | undefined }) =>
  r.amount + (r.unknownUpTo ?? 0) + (r.twinUpTo ?? 0);

function first(...problems: (string | false | null | undefined)[]): string | null {
  return problems.find((p): p is string => typeof p === 'string') ?? null;
}

function instrumentProblem(kind: InstrumentKind, number: string | undefined, card: Instrument): string | null {
  return first(
    card.kind !== kind && `a ${card.kind} answered for a ${kind}`,
    // Masked, as every card number a manager reads in the journal (and its file, and a backup).
    number !== undefined &&
      card.number !== number &&
      `the answer is for card ${maskNumber(card.number)}, not ${maskNumber(number)}`,
    accountProblem(card.account),
  );
}

function accountProblem(a: Account): string | null {
  return first(
    (a.original < 0 || a.authorized < 0 || a.floor < 0) && 'the account has a negative amount',
    a.net < a.floor && 'the balance is below the account floor',
  );
}

function holdProblem(
  number: string,
  amount: number,
  hold: Authorization,
  statuses: Authorization['status'][],
  authCode: string | null,
): string | null {
  return first(
    hold.instrumentId !== number && `the hold is on card ${maskNumber(hold.instrumentId)}, not ${maskNumber(number)}`,
    authCode !== null &&
      hold.authCode !== authCode &&
      `the answer is for authorization ${hold.authCode}, not ${authCode}`,
    hold.amount !== amount && `a hold of ${hold.amount} where ${amount} was asked (minor units)`,
    !statuses.includes(hold.status) && `the hold is ${hold.status}, expected ${statuses.join(' or ')}`,
    Date.parse(hold.expires) < Date.parse(hold.created) && 'the hold expires before it was created',
    accountProblem(hold.account),
  );
}

function loyaltyPaymentProblem(asked: number, transactionId: string, p: ResultMap['loyaltyCard.pay']): string | null {
  const approved = p.approvedAmount;
  return first(
    p.transactionId !== transactionId && `the payment names sale ${p.transactionId}, not this sale`,
    p.requestedAmount !== asked && `the answer says ${p.requestedAmount} was asked, not ${asked} (minor units)`,
    approved < 0 && 'a negative approved amount',
    approved > asked && `approved ${approved}, more than the ${asked} asked (minor units)`,
    p.result === 'approved' && approved !== asked && `"approved" with ${approved} of ${asked} (minor units)`,
    p.result === 'partiallyApproved' &&
      (approved <= 0 || approved >= asked) &&
      `"partially approved" with ${approved} of ${asked} (minor units)`,
    p.result === 'denied' && approved !== 0 && `"denied" with ${approved} approved (minor units)`,
    // The contract: approved in part for exactly what was available, denied for lack of funds only with nothing available.
    p.result === 'partiallyApproved' &&
      availableAmount(p.account) !== 0 &&
      `"partially approved" with ${availableAmount(p.account)} still available (minor units)`,
    p.result === 'denied' &&
      p.denialReason === 'insufficient_funds' &&
      availableAmount(p.account) !== 0 &&
      `denied for lack of funds with ${availableAmount(p.account)} available (minor units)`,
    accountProblem(p.account),
  );
}
