import { type InstrumentKind, maskNumber } from './instrument';
import type { Minor } from './money';
import { forManager, type Answer, type ManagerFlag, type OperationOrder, type OperationRequest } from './operation';
import {
  CASH_OUT_REASON,
  canComplete,
  canTender,
  cashOwed,
  hasWorkInFlight,
  inAnotherCurrency,
  lineAdded,
  lineChanged,
  lineRemoved,
  newSale,
  remainingDue,
  saleStatusChanged,
  waitsOnlyForReleases,
  type TillOrder,
  type Sale,
} from './sale';
import {
  awaitsAnswer,
  coveredAmount,
  holdsVoid,
  isInFlight,
  isReleaseQueued,
  isUnresolved,
  isWithManager,
  type ExternalMethod,
  type TenderEvent,
  type TenderLine,
} from './tender-line';
import { holdGoneCodes, tenderFor, tenders, voidedEvents, type LineChange } from './tenders';

/**
 * Every rule of a sale, with no I/O. A cashier's action or a server's answer goes in; the next
 * sale comes out with the operations to record and send, anything a manager must look at, and
 * instruments to re-read. The outbox stores all of it in one transaction, then sends.
 *
 *   decide(sale, action)  → cashier: tender, tenderExternal, removeLine, complete, void, reverse, close,
 *                           tillAnswered, paidOut
 *   evolve(sale, answer)  → server: the answer (or unknown outcome) to an operation the sale asked for
 */

export interface FlowEnv {
  newId: () => string;
  now: Date;
  /** The server's currency now: a sale started in another takes no payment and does not complete. */
  currency?: string | undefined;
}

export type SaleAction =
  | { type: 'tender'; kind: InstrumentKind; number: string; amount: Minor; availableBefore?: Minor | undefined }
  | { type: 'tenderExternal'; amount: Minor; method: ExternalMethod }
  | { type: 'removeLine'; lineId: string }
  | { type: 'complete' }
  | { type: 'void' }
  /** A till's completed sale taken back: loyalty payments voided; committed card money cannot be. */
  | { type: 'reverse' }
  | { type: 'close' }
  /** A till's sale whose result went back to the till by itself: marked so, and closed once it may be. */
  | { type: 'tillAnswered'; as?: string | undefined }
  /** A cash-out's cash handed over: the cashier says so, and it is owed no longer. */
  | { type: 'paidOut' };

/** After an unknown outcome turned out to have happened: the card must show no more taken than this. */
export interface Verification {
  operationId: string;
  kind: InstrumentKind;
  number: string;
  /** The instrument's available amount may not be below this. */
  availableAtLeast: Minor;
}

export interface FlowStep {
  sale: Sale;
  orders: OperationOrder[];
  flags: ManagerFlag[];
  verify: Verification[];
  /** Set when the action was not taken, with why (the sale is unchanged). */
  rejected?: string | undefined;
}

const step = (sale: Sale, more: Partial<FlowStep> = {}): FlowStep => ({
  sale,
  orders: [],
  flags: [],
  verify: [],
  ...more,
});
const reject = (sale: Sale, why: string): FlowStep => step(sale, { rejected: why });

const reasons = {
  pay: 'Sale',
  commit: 'Sale',
  remove: 'Tender removed',
  void: 'Sale voided',
  reverse: 'Sale reversed',
} as const;

function order(sale: Sale, id: string, request: OperationRequest, reason: string): OperationOrder {
  return {
    id,
    request,
    transactionId: sale.transactionId,
    reason: sale.purpose === 'cashOut' ? CASH_OUT_REASON : reason,
  };
}

function withLine(sale: Sale, lineId: string, change: (line: TenderLine) => TenderLine): Sale {
  return { ...sale, lines: sale.lines.map((l) => (l.id === lineId ? change(l) : l)) };
}

function applyChange(sale: Sale, change: LineChange): Sale {
  let next = change.event ? lineChanged(sale, change.lineId, change.event) : sale;
  if (change.balanceAfter !== undefined)
    next = withLine(next, change.lineId, (l) => ({ ...l, balanceAfter: change.balanceAfter }));
  return next;
}

/** Asks for the money of `lineId` back (cancel a hold, void a card's loyalty payments): one order, or none. */
function release(s: FlowStep, lineId: string, reason: string, env: FlowEnv, removing: boolean): FlowStep {
  const line = s.sale.lines.find((l) => l.id === lineId);
  if (!line || line.kind === 'external') return s;
  const plan = tenderFor(line.kind).release(s.sale, line);
  if (!plan) return s;
  const id = env.newId();
  let sale = s.sale;
  for (const lid of plan.lineIds) {
    sale = withLine(lineChanged(sale, lid, plan.event), lid, (l) => ({
      ...l,
      settleOperationId: id,
      settleQueued: false,
      removing,
    }));
  }
  return { ...s, sale, orders: [...s.orders, order(sale, id, plan.request, reason)] };
}

/**
 * How long before its hold lapses a commit still unanswered keeps its sale from completing: the
 * sender's retries (1, 2, 4, then every 8 seconds) make some fifteen attempts in that time.
 */
export const COMMIT_MARGIN_MS = 2 * 60_000;

/** `expires`: when the hold lapses by this terminal's clock (the line's state, tenders.ts `holdLapsesBy`). */
const holdEndsSoon = (expires: string | undefined, now: Date) =>
  expires !== undefined && expires !== '' && Date.parse(expires) - now.getTime() < COMMIT_MARGIN_MS;

/** What follows from the lines' states: removed lines go, a completing or voiding sale finishes. */
function settle(s: FlowStep, now: Date): FlowStep {
  let sale = s.sale;
  for (const line of sale.lines) {
    if (!line.removing) continue;
    if (line.state.name === 'canceled' || line.state.name === 'voided') sale = lineRemoved(sale, line.id);
    else if (!isInFlight(line)) sale = withLine(sale, line.id, (l) => ({ ...l, removing: false })); // it turned out paid: it stays
  }
  const settling = (l: TenderLine) =>
    l.state.name === 'committing' || l.state.name === 'canceling' || l.state.name === 'voiding';
  // A commit that got no answer yet is retried until it lands (it is idempotent): the sale is complete,
  // unless its hold lapses before the retries can be expected to land. Then the sale waits for the
  // answer: the commit lands (completed) or the hold is gone (the sale opens again, the goods kept).
  // A commit with a manager gets no answer: it never holds the sale (its outcome is the manager's).
  const answerAwaited = (l: TenderLine) =>
    l.state.name === 'committing' && !l.settleWithManager && (!l.settleQueued || holdEndsSoon(l.state.expires, now));
  if (sale.status === 'completing' && !sale.lines.some(answerAwaited)) {
    sale = saleStatusChanged(sale, 'completed', now);
  }
  // A line with a manager gets no answer: it does not hold the void (its money stays blocked, named on the report).
  if (sale.status === 'voiding' && !sale.lines.some((l) => settling(l) || awaitsAnswer(l)))
    sale = saleStatusChanged(sale, 'voided', now);
  if (sale.status === 'reversing' && !sale.lines.some(settling)) sale = saleStatusChanged(sale, 'reversed', now);
  return { ...s, sale };
}

/** Whose sale it is: the server's scope, the window that started it, the currency it is in. */
export interface SaleMeta {
  scope: string;
  owner: string;
  currency?: string | undefined;
}

export function startSale(due: Minor, meta: SaleMeta, env: FlowEnv): Sale {
  return {
    ...newSale(env.newId(), due, env.now),
    scope: meta.scope,
    owner: meta.owner,
    closed: false,
    ...(meta.currency ? { currency: meta.currency } : {}),
  };
}

/** A sale the store's till handed over: its amount and reference are the till's. */
export function startTillSale(till: TillOrder, due: Minor, meta: SaleMeta, env: FlowEnv): Sale {
  return { ...startSale(due, meta, env), till };
}

/** A cashier's action: the next sale and what to send. An action that does not fit the sale is rejected, never half done. */
export function decide(sale: Sale, action: SaleAction, env: FlowEnv): FlowStep {
  const movesMoney = action.type === 'tender' || action.type === 'tenderExternal' || action.type === 'complete';
  if (movesMoney && inAnotherCurrency(sale, env.currency)) return reject(sale, 'currency_changed');
  switch (action.type) {
    case 'tender': {
      if (!canTender(sale)) return reject(sale, 'not_tendering');
      if (!Number.isSafeInteger(action.amount) || action.amount <= 0 || action.amount > remainingDue(sale))
        return reject(sale, 'amount');
      if (sale.till?.allowedKinds && !sale.till.allowedKinds.includes(action.kind))
        return reject(sale, 'kind_not_allowed');
      const line: TenderLine = {
        id: env.newId(),
        kind: action.kind,
        number: action.number,
        amount: action.amount,
        availableBefore: action.availableBefore,
        payOperationId: env.newId(),
        requestedAt: env.now.toISOString(),
        state: { name: 'requesting' },
      };
      const next = { ...lineAdded(sale, line), notice: undefined };
      return step(next, {
        orders: [
          {
            ...order(next, line.payOperationId ?? '', tenderFor(action.kind).pay(line), reasons.pay),
            ...(line.availableBefore !== undefined && { availableBefore: line.availableBefore }),
          },
        ],
      });
    }
    case 'tenderExternal': {
      if (!canTender(sale)) return reject(sale, 'not_tendering');
      if (sale.till) return reject(sale, 'till_collects'); // the till takes cash and bank cards itself
      if (!Number.isSafeInteger(action.amount) || action.amount <= 0 || action.amount > remainingDue(sale))
        return reject(sale, 'amount');
      const line: TenderLine = {
        id: env.newId(),
        kind: 'external',
        number: '',
        amount: action.amount,
        method: action.method,
        state: { name: 'recorded' },
      };
      return step({ ...lineAdded(sale, line), notice: undefined });
    }
    case 'removeLine': {
      const line = sale.lines.find((l) => l.id === action.lineId);
      if (!line || sale.status !== 'open') return reject(sale, 'not_open');
      if (['recorded', 'denied', 'failed', 'canceled', 'voided'].includes(line.state.name))
        return step({ ...lineRemoved(sale, line.id), notice: undefined });
      const released = release(step({ ...sale, notice: undefined }), line.id, reasons.remove, env, true);
      return released.orders.length > 0 ? released : reject(sale, 'in_flight');
    }
    case 'complete': {
      if (!canComplete(sale)) return reject(sale, 'not_complete');
      let s = step({ ...saleStatusChanged(sale, 'completing', env.now), notice: undefined });
      for (const line of sale.lines) {
        const request = line.kind === 'external' ? null : (tenderFor(line.kind).commit?.(line) ?? null);
        if (!request) continue;
        const id = env.newId();
        const next = withLine(lineChanged(s.sale, line.id, { type: 'commitRequested' }), line.id, (l) => ({
          ...l,
          settleOperationId: id,
          settleQueued: false,
        }));
        s = { ...s, sale: next, orders: [...s.orders, order(next, id, request, reasons.commit)] };
      }
      return settle(s, env.now);
    }
    case 'void': {
      // A removed line's release the server has not answered goes on (holdsVoid): not released twice.
      if (sale.status !== 'open' || sale.lines.some(holdsVoid)) return reject(sale, 'in_flight');
      let s = step({ ...saleStatusChanged(sale, 'voiding', env.now), notice: undefined });
      for (const line of sale.lines) {
        if (!isReleaseQueued(line)) s = release(s, line.id, reasons.void, env, false);
        // Committed money cannot be released through the contract: a manager must refund it.
        if (line.state.name === 'committed' && line.settleOperationId) {
          s.flags.push({
            operationId: line.settleOperationId,
            note: { code: 'voidedCommitted', card: maskNumber(line.number) },
          });
        }
      }
      return settle(s, env.now);
    }
    case 'reverse': {
      if (sale.status !== 'completed' || sale.lines.some(isInFlight)) return reject(sale, 'not_completed');
      let s = step(saleStatusChanged(sale, 'reversing', env.now));
      // Loyalty payments are voided; committed gift card and store credit money stays taken (the contract has no refund).
      for (const line of sale.lines)
        if (line.kind === 'loyaltyCard') s = release(s, line.id, reasons.reverse, env, false);
      return settle(s, env.now);
    }
    case 'close':
      return closable(sale) ? step({ ...sale, closed: true }) : reject(sale, 'not_finished');
    case 'tillAnswered':
      if (!sale.till) return reject(sale, 'not_from_till');
      return step({
        ...sale,
        till: { ...sale.till, answered: true, ...(action.as !== undefined ? { answeredAs: action.as } : {}) },
        closed: sale.closed || closable(sale),
      });
    case 'paidOut':
      return cashOwed(sale) ? step({ ...sale, paidOutAt: env.now.toISOString() }) : reject(sale, 'nothing_owed');
  }
}

/** The cashier may move on from the sale: it is finished, or only waits for answers nobody has to act on. */
function closable(sale: Sale): boolean {
  // A cancel or void the server has not answered (it is down) is sent again until it lands: the
  // cashier need not stand by it, as a commit sent again does not hold a completed sale.
  const waitingOnly = waitsOnlyForReleases(sale);
  return sale.status === 'completed' || sale.status === 'voided' || sale.status === 'reversed' || waitingOnly;
}

/** A server's answer to an operation this sale asked for. Answers that come twice, or late, change nothing. */
export function evolve(sale: Sale, answer: Answer, env: FlowEnv): FlowStep {
  return cashOutFollows(settle(apply(sale, answer, env), env.now), env);
}

/**
 * A cash-out (cash-out.ts) has no cashier between its steps: once the card's whole balance is on
 * hold it is taken (commit); a card that did not pay ends it (void: nothing was held).
 */
function cashOutFollows(s: FlowStep, env: FlowEnv): FlowStep {
  const { sale } = s;
  if (sale.purpose !== 'cashOut' || sale.status !== 'open') return s;
  // A hold whose outcome went to a manager pays nothing out: the cash-out ends (void), the manager checks the card.
  const withManager = sale.lines.some(isWithManager);
  if (hasWorkInFlight(sale) && !withManager) return s;
  // The hold left money on the card: it held more than the screen read (loaded, or sold again, since).
  // Not the whole balance, and maybe not under the threshold: given back, for the card to be read again.
  const changed = sale.lines.some((l) => l.state.name === 'authorized' && (l.balanceAfter ?? 0) > 0);
  const next = decide(sale, { type: canComplete(sale) && !withManager && !changed ? 'complete' : 'void' }, env);
  if (next.rejected) return s;
  return {
    sale: changed ? { ...next.sale, notice: 'cardChanged' } : next.sale,
    orders: [...s.orders, ...next.orders],
    flags: [...s.flags, ...next.flags],
    verify: [...s.verify, ...next.verify],
  };
}

function apply(sale: Sale, answer: Answer, env: FlowEnv): FlowStep {
  const payLine = sale.lines.find((l) => l.payOperationId === answer.id);
  if (payLine) return payAnswered(sale, payLine, answer, env);
  const lines = sale.lines.filter(
    (l) =>
      l.settleOperationId === answer.id &&
      (l.state.name === 'committing' || l.state.name === 'canceling' || l.state.name === 'voiding'),
  );
  if (lines.length === 0) return step(sale);
  return settleAnswered(sale, lines, answer, env);
}

function payAnswered(sale: Sale, line: TenderLine, answer: Answer, env: FlowEnv): FlowStep {
  if (!isUnresolved(line)) return step(sale);
  let change: LineChange;
  switch (answer.type) {
    case 'giftCard.pay':
      change = tenders.giftCard.paid(line, answer.outcome);
      break;
    case 'storeCredit.pay':
      change = tenders.storeCredit.paid(line, answer.outcome);
      break;
    case 'loyaltyCard.pay':
      change = tenders.loyaltyCard.paid(line, answer.outcome);
      break;
    default:
      return step(sale);
  }
  let s = step(applyChange(sale, change));
  const after = s.sale.lines.find((l) => l.id === line.id);
  if (!after) return s;
  // An earlier attempt went unanswered and this answer does not say it replays that one: only then
  // is the card read again (the server's word, Idempotency-Replayed, is the evidence; other tills'
  // payments make the card's arithmetic no proof).
  if (
    answer.outcome.status === 'succeeded' &&
    !answer.outcome.replayed &&
    answer.attempts > 1 &&
    line.kind !== 'external' &&
    line.availableBefore !== undefined
  ) {
    s.verify.push({
      operationId: answer.id,
      kind: line.kind,
      number: line.number,
      availableAtLeast: line.availableBefore - coveredAmount(after),
    });
  }
  // The sale was voided while this answer was outstanding: give the money back at once.
  if (sale.status === 'voiding') s = release(s, line.id, reasons.void, env, false);
  return s;
}

/** The sale remembers a loyalty card whose void has answered (sale.ts, `loyaltyVoided`). */
function cardVoided(sale: Sale, lines: TenderLine[]): Sale {
  const card = lines[0]?.number;
  if (!card || sale.loyaltyVoided?.includes(card)) return sale;
  return { ...sale, loyaltyVoided: [...(sale.loyaltyVoided ?? []), card] };
}

function settleAnswered(sale: Sale, lines: TenderLine[], answer: Answer, env: FlowEnv): FlowStep {
  const s = step(sale);
  const queue = () => {
    for (const l of lines) s.sale = withLine(s.sale, l.id, (x) => ({ ...x, settleQueued: true }));
  };
  const each = (event: TenderEvent) => {
    for (const l of lines) s.sale = lineChanged(s.sale, l.id, event);
  };
  const outcome = answer.outcome;
  let released: ReturnType<typeof tenders.giftCard.released>;
  switch (answer.type) {
    case 'giftCard.commit':
    case 'storeCredit.commit': {
      if (outcome.status === 'succeeded') each({ type: 'committed' });
      else if (outcome.status === 'unknown' && forManager(outcome.code))
        for (const l of lines)
          s.sale = withLine(s.sale, l.id, (x) => ({ ...x, settleQueued: true, settleWithManager: true }));
      else if (outcome.status !== 'refused') queue();
      else if (holdGoneCodes.has(outcome.code)) {
        each({ type: 'settleRefused' });
        if (sale.status === 'completing') {
          // The cashier is still there: that money was not taken, so it is due again.
          s.sale = { ...saleStatusChanged(s.sale, 'open', env.now), notice: 'reopened' };
        } else {
          s.flags.push({
            operationId: answer.id,
            note: { code: 'holdLapsedBeforeCommit' },
          });
        }
      } else {
        // Refused for good otherwise (a 403): the money was not taken, the hold lapses by itself.
        // It was left committing, and a completing sale could never finish.
        each({ type: 'settleRefused', code: outcome.code });
        s.flags.push({ operationId: answer.id, note: { code: 'commitRefused', reason: outcome.code } });
        if (sale.status === 'completing')
          s.sale = { ...saleStatusChanged(s.sale, 'open', env.now), notice: 'commitRefused' };
      }
      return s;
    }
    case 'giftCard.cancel':
      released = tenders.giftCard.released(answer.outcome, answer.request);
      break;
    case 'storeCredit.cancel':
      released = tenders.storeCredit.released(answer.outcome, answer.request);
      break;
    case 'loyaltyCard.voidPayment':
      released = tenders.loyaltyCard.released(answer.outcome, answer.request);
      break;
    default:
      return s;
  }
  if (released === 'queued') queue();
  else if ('voidedAmount' in released && released.voidedAmount !== undefined) {
    // A loyalty void: a payment whose outcome was lost is told what the void gave back for it,
    // and is settled by it (counted as taken that much, and given back by the void).
    const events = voidedEvents(lines, released.voidedAmount);
    for (const l of lines) {
      const event = events.get(l.id) ?? released.event;
      s.sale = lineChanged(s.sale, l.id, event);
      if (l.state.name === 'voiding' && l.state.lostReason !== undefined && l.payOperationId && event.type === 'voided')
        s.flags.push({
          operationId: l.payOperationId,
          note: { code: 'givenBackByVoid', amount: event.approvedAmount ?? 0 },
          settles: true,
        });
    }
    // A void that gave back something is what the server repeats to a later void of this card.
    if (released.voidedAmount > 0) s.sale = cardVoided(s.sale, lines);
  } else if (sale.status === 'reversing' && 'event' in released && released.event.type.startsWith('release')) {
    // A reversal by an earlier version of the terminal keeps waiting, as it did.
    if (released.flag) s.flags.push({ operationId: answer.id, note: released.flag });
    else queue();
  } else if ('event' in released && released.event.type === 'releaseRefused') {
    // Nothing was given back: the lines hold their money again, and the cashier and a manager are told.
    // A sale the cashier moved on from while its release was sent again comes back on their screen.
    if (released.flag) s.flags.push({ operationId: answer.id, note: released.flag });
    each(released.event);
    s.sale = { ...s.sale, notice: 'releaseRefused', ...(s.sale.closed && { closed: false }) };
  } else if ('event' in released && released.event.type === 'releaseUnknown') {
    // Answered in contradiction: a manager's. The server may have voided the card, and would repeat
    // that answer to a later void: none is sent for a lost payment of that card any more.
    each(released.event);
    if (answer.type === 'loyaltyCard.voidPayment') s.sale = cardVoided(s.sale, lines);
  } else {
    if ('event' in released) each(released.event);
    if (released.flag) s.flags.push({ operationId: answer.id, note: released.flag });
  }
  return s;
}
