import type { SaleAction } from '@/domain/sale-flow';
import { backWithThis, leftToReturn, paymentSettling, type ReturnSettings } from '@/domain/return-flow';
import { isActive, waitsOnlyForReleases, type Sale } from '@/domain/sale';
import {
  PROTOCOL,
  VERSION,
  type TillRequest,
  type TillResult,
  type RefusalReason,
  type TerminalMessage,
} from '@/till-client/protocol';
import { onOutboxChange } from '@/outbox/changes';
import type { Perform } from '@/outbox/money-path';
import type { ReadModel } from '@/outbox/read-model';
import { liveTabs } from '@/outbox/tab';
import { resultSummary, tillResult, tillReturns, tillStatus } from './till-result';
import {
  managerNeededText,
  otherServerText,
  otherWindowText,
  refundIdReusedText,
  refusalText,
  serverRefusedText,
} from './messages';

export interface TillServiceDeps {
  /** The one executor: the till's sales start and move only through it. */
  perform: Perform;
  reads: ReadModel;
  /** This window. */
  tab: string;
  training: boolean;
  locale: string;
  /** Brings the sale screen forward when a till's sale starts or resumes here. */
  onSaleHere: () => void;
  /** How card money goes back on a return (Settings), or null when no series can take it. */
  returnSettings: () => ReturnSettings | null;
  /**
   * What a cashier alone may give back of one sale (Settings, the returns' manager amount). A link
   * asking for more needs the manager's PIN: anyone can put a link in front of this browser.
   */
  managerAbove: () => number;
  /** How long a cancel or reverse waits for its outcome before answering "in progress". */
  settleWaitMs?: number;
}

export interface From {
  origin: string;
  transport: 'message' | 'url';
  callback?: string | undefined;
  /**
   * A link's reverse or refund the manager confirmed at this terminal with the PIN: what the sale's
   * returns come to with it, as the manager saw it (`toGiveBack`). The return is held to that, not
   * freed of any limit: what the manager did not see is not approved.
   */
  managerApproved?: number | undefined;
}

const envelope = { protocol: PROTOCOL, version: VERSION } as const;

/**
 * A finished sale of this window (the cashier saw its end): a till's new sale may replace it. A
 * voided one whose cancels and voids only wait for the server (sent again until they land) is, as
 * for the cashier's Next sale (`waitsOnlyForReleases`).
 */
const finished = (s: Sale) =>
  s.status === 'completed' || s.status === 'voided' || s.status === 'reversed' || waitsOnlyForReleases(s);

/**
 * The terminal's side of the till protocol (docs/till-integration.md). Every request is answered
 * from the durable outbox, keyed by the till's reference: a repeated `pay` finds its sale and never
 * starts a second one; `status` reads what is stored, days later too. Money moves only through the
 * sale flow and the one sender, exactly as when a cashier acts.
 */
export function createTillService(deps: TillServiceDeps) {
  const { reads, tab } = deps;
  const ctx = { training: deps.training, locale: deps.locale };
  /**
   * What the till's requests have written (a sale started, a return, a void), by origin, reference
   * and request id: if answering one fails after that (the records closed under it), the till is
   * told it is under way, never `no_record` ("nothing started"), on which a till would pay or
   * refund another way as well: that request and its resends (the same id), and a `status` of a
   * sale some request wrote for.
   */
  const wrote = new Set<string>();
  const saleKey = (request: TillRequest, from: Pick<From, 'origin'>) => `${from.origin} ${request.reference}`;
  const requestKey = (request: TillRequest, from: Pick<From, 'origin'>) => `${saleKey(request, from)} ${request.id}`;
  const underWay = (request: TillRequest, from: Pick<From, 'origin'>) =>
    wrote.has(request.type === 'status' ? saleKey(request, from) : requestKey(request, from));
  const record =
    (request: TillRequest, from: Pick<From, 'origin'>): Perform =>
    async (intent) => {
      const done = await deps.perform(intent);
      wrote.add(saleKey(request, from)).add(requestKey(request, from));
      return done;
    };

  const refused = (request: TillRequest, reason: RefusalReason, message = refusalText(reason)): TerminalMessage => ({
    ...envelope,
    type: 'refused',
    inReplyTo: request.id,
    reference: request.reference,
    reason,
    message,
  });

  /** The sale's returns as the till counts them (tillReturns). */
  const returnsOf = async (transactionId: string, scope?: string) =>
    tillReturns(await reads.returnsOf(transactionId, scope));

  /** The stored state of a till's sale, as the till reads it. */
  const answerFor = async (request: TillRequest, sale: Sale): Promise<TerminalMessage> => {
    // A sale kept under another scope (before a change of server) has its returns there.
    const returns = await returnsOf(sale.transactionId, sale.scope);
    const status = tillStatus(sale, returns);
    if (status === 'in_progress')
      return { ...envelope, type: 'status', inReplyTo: request.id, reference: request.reference, state: 'in_progress' };
    return {
      ...envelope,
      type: 'result',
      inReplyTo: request.id,
      reference: request.reference,
      // A sale kept from before a change of mode says what it was, not what the terminal is now.
      result: tillResult(
        sale,
        status,
        { ...ctx, training: sale.scope ? sale.scope === 'training' : ctx.training },
        returns,
      ),
    };
  };

  const act = (sale: Sale, action: SaleAction, perform: Perform = deps.perform) =>
    perform({ type: 'saleAction', transactionId: sale.transactionId, action });

  /** Resolves with the sale once it is finished for the till, or null after `ms`. */
  const settled = (transactionId: string, ms: number) =>
    new Promise<Sale | null>((resolve) => {
      let done = false;
      const finish = (sale: Sale | null) => {
        if (done) return;
        done = true;
        off();
        clearTimeout(timer);
        resolve(sale);
      };
      const look = async () => {
        const s = await reads.getSale(transactionId);
        if (s && tillStatus(s, await returnsOf(transactionId)) !== 'in_progress') finish(s);
      };
      // Records that cannot be read now end the wait: the caller reads them, and says what it can.
      const check = () => void look().catch(() => finish(null));
      const off = onOutboxChange(check);
      const timer = setTimeout(() => finish(null), ms);
      check();
    });

  /** This till's sale of another server's scope (or training's) with this reference. */
  const tillSaleElsewhere = (reference: string, from: From) => reads.tillSaleElsewhere(reference, from.origin);

  const accepted = (request: TillRequest, sale: Sale): TerminalMessage => {
    deps.onSaleHere();
    return {
      ...envelope,
      type: 'accepted',
      inReplyTo: request.id,
      reference: request.reference,
      transactionId: sale.transactionId,
    };
  };

  /**
   * A `pay` whose reference has its sale: a repeat (a reload of either side, a lost answer), or a
   * request that met another starting it. Accepted only when the sale is on this window's screen
   * (taken over here if its window is gone): else the cashier would see nothing here. One still
   * open in another live window is `busy` until it is finished there; then its result answers.
   */
  async function payFound(
    request: Extract<TillRequest, { type: 'pay' }>,
    from: From,
    found: Sale,
  ): Promise<TerminalMessage> {
    if (
      found.due !== request.amountDue ||
      found.till?.currency !== request.currency ||
      found.till.origin !== from.origin
    )
      return refused(request, 'reference_conflict');
    if (tillStatus(found) !== 'in_progress') return answerFor(request, found);
    if (found.owner === tab && !found.closed) return accepted(request, found);
    if (found.closed) return refused(request, 'busy');
    const live = await liveTabs();
    if (live === null || live.has(found.owner ?? '')) return refused(request, 'busy', otherWindowText);
    // The window that had it is gone (the till or the terminal reloaded): this one carries it on,
    // with room made on its screen as for a new sale.
    const adopted = await record(
      request,
      from,
    )({
      type: 'adopt',
      transactionId: found.transactionId,
      from: found.owner,
      replaces: finished,
    });
    if (adopted === 'busy') return refused(request, 'busy');
    // As it is now: taken over here, or meanwhile finished, or taken by another window.
    const now = (await reads.getSale(found.transactionId)) ?? found;
    if (tillStatus(now) !== 'in_progress') return answerFor(request, now);
    return now.owner === tab && !now.closed ? accepted(request, now) : refused(request, 'busy', otherWindowText);
  }

  async function pay(request: Extract<TillRequest, { type: 'pay' }>, from: From): Promise<TerminalMessage> {
    const existing = await reads.saleByReference(request.reference);
    if (existing) return payFound(request, from, existing);
    // Started before the terminal's server or mode changed: answered from that sale, never paid again here.
    const elsewhere = await tillSaleElsewhere(request.reference, from);
    if (elsewhere) {
      if (elsewhere.due !== request.amountDue || elsewhere.till?.currency !== request.currency)
        return refused(request, 'reference_conflict');
      return tillStatus(elsewhere) === 'in_progress'
        ? refused(request, 'busy', otherServerText)
        : answerFor(request, elsewhere);
    }
    const till = {
      reference: request.reference,
      origin: from.origin,
      transport: from.transport,
      callback: from.callback,
      currency: request.currency,
      basket: request.basket,
      allowedKinds: request.allowedKinds,
    };
    // Decided in the write that starts it: whether this window's screen is free (its sale finished
    // is closed with it), and whether a sale with this reference started a moment ago (a repeat of
    // this pay, another window): two pays at once can neither both start nor refuse each other.
    const started = await record(
      request,
      from,
    )({ type: 'startTillSale', till, due: request.amountDue, replaces: finished });
    if (started === 'busy') return refused(request, 'busy');
    if (!started.started) return payFound(request, from, started.sale);
    return accepted(request, started.sale);
  }

  async function cancel(request: TillRequest, sale: Sale, from: From): Promise<TerminalMessage> {
    const status = tillStatus(sale, await returnsOf(sale.transactionId));
    if (status === 'paid' || status === 'partially_paid' || status === 'reversed' || status === 'refunded')
      return refused(request, 'not_cancelable');
    if (status !== 'in_progress') return answerFor(request, sale);
    if (sale.status === 'open') {
      const step = await act(sale, { type: 'void' }, record(request, from));
      if (!step || step.rejected) return refused(request, 'busy'); // a payment is on its way: ask again when it has its answer
    } else if (sale.status !== 'voiding') return refused(request, 'busy');
    const after = await settled(sale.transactionId, deps.settleWaitMs ?? 8000);
    return answerFor(request, after ?? (await reads.getSale(sale.transactionId)) ?? sale);
  }

  /**
   * `reverse` (all that is left) and `refund` (an amount): the same return flow the return desk
   * uses, through the executor. The till's request id is kept on the return, so a request sent
   * again after a lost answer finds its return and gives nothing back twice.
   */
  async function giveBack(
    request: TillRequest,
    sale: Sale,
    amount: number | 'all',
    from: From,
  ): Promise<TerminalMessage> {
    // A sale reversed by an earlier version of the terminal: its answer stands.
    if (sale.status === 'reversing' || sale.status === 'reversed') return answerFor(request, sale);
    if (sale.status !== 'completed') return refused(request, 'not_reversible');
    // A commit without its answer: what is left to give back is not known yet. Ask again when it is.
    if (paymentSettling(sale)) return refused(request, 'busy');
    const returns = await reads.returnsOf(sale.transactionId);
    const earlier = returns.find((r) => r.requestId === request.id);
    // The same id is the same refund: for another amount it is a mistake, and nothing is given back.
    if (earlier && amount !== 'all' && earlier.amount !== amount)
      return refused(request, 'reference_conflict', refundIdReusedText);
    if (!earlier) {
      const left = leftToReturn(sale, returns);
      const want = amount === 'all' ? left : amount;
      if (want > left) return refused(request, 'over_returnable');
      const settings = deps.returnSettings();
      if (want > 0) {
        if (!settings) return refused(request, 'not_reversible');
        // A till's own message is the till's staff asking; a link could be anyone's. Its amount is
        // checked against the returns as written, in the return's own transaction.
        const limit = from.transport === 'url' ? Math.max(deps.managerAbove(), from.managerApproved ?? 0) : undefined;
        const started = await record(
          request,
          from,
        )({
          type: 'startReturn',
          saleId: sale.transactionId,
          amount: want,
          settings: { ...settings, managerAbove: limit },
          requestId: request.id,
        });
        if (started === 'needs_manager') return refused(request, 'not_reversible', managerNeededText);
        if (started === 'over_left') return refused(request, 'over_returnable');
        if (started === 'id_reused') return refused(request, 'reference_conflict', refundIdReusedText);
        if (typeof started === 'string' && started !== 'nothing_left') return refused(request, 'not_reversible');
      }
    }
    const after = await settled(sale.transactionId, deps.settleWaitMs ?? 8000);
    // The server refused every part of this request's return: nothing went back, and the till must
    // not book it as given. The same id is answered so again; a new id asks again.
    const mine = (await reads.returnsOf(sale.transactionId)).find((r) => r.requestId === request.id);
    if (mine && tillReturns([mine]).length === 0) return refused(request, 'not_reversible', serverRefusedText);
    return answerFor(request, after ?? sale);
  }

  async function answer(request: TillRequest, from: From): Promise<TerminalMessage> {
    if (request.type === 'pay') return pay(request, from);
    const found = await reads.saleByReference(request.reference);
    // A sale is the till's that started it: another allowed till naming its reference is told there is none.
    const sale = found?.till?.origin === from.origin ? found : undefined;
    const elsewhere = sale ? undefined : await tillSaleElsewhere(request.reference, from);
    if (elsewhere)
      return request.type === 'status'
        ? answerFor(request, elsewhere)
        : refused(request, 'not_reversible', otherServerText);
    if (!sale) {
      return request.type === 'status'
        ? {
            ...envelope,
            type: 'status',
            inReplyTo: request.id,
            reference: request.reference,
            state: 'unknown_reference',
          }
        : refused(request, 'unknown_reference');
    }
    if (request.type === 'status') return answerFor(request, sale);
    if (request.type === 'cancel') return cancel(request, sale, from);
    return giveBack(request, sale, request.type === 'refund' ? request.amount : 'all', from);
  }

  return {
    /** One checked request from an allowed till: the answer to send back. Nothing moves money without its durable record. */
    async handle(request: TillRequest, from: From): Promise<TerminalMessage> {
      try {
        return await answer(request, from);
      } catch {
        if (!underWay(request, from)) return refused(request, 'no_record');
        // Written, then its answer could not be read: under way; the till asks `status` again.
        return {
          ...envelope,
          type: 'status',
          inReplyTo: request.id,
          reference: request.reference,
          state: 'in_progress',
        };
      }
    },

    /**
     * A `reverse` or `refund` under this id already started its return (the till sent it again): it
     * is answered from that return and moves nothing, so it needs no cashier's yes.
     */
    async askedBefore(request: TillRequest, from: Pick<From, 'origin'>): Promise<boolean> {
      if (request.type !== 'reverse' && request.type !== 'refund') return false;
      const sale = await reads.saleByReference(request.reference);
      if (!sale || sale.till?.origin !== from.origin) return false;
      return (await reads.returnsOf(sale.transactionId)).some((r) => r.requestId === request.id);
    },

    /**
     * What a link's `reverse` or `refund` would give back, put to the cashier before it moves: the
     * amount, what the sale's returns come to with it, and whether that passes the manager's amount
     * (the PIN is asked, and the manager's yes approves that total: `From.managerApproved`). Null
     * when it names no sale of this till that can give anything back (it will be refused).
     */
    async toGiveBack(request: TillRequest, from: Pick<From, 'origin'>) {
      if (request.type !== 'reverse' && request.type !== 'refund') return null;
      const sale = await reads.saleByReference(request.reference);
      if (!sale || sale.till?.origin !== from.origin || sale.status !== 'completed') return null;
      const returns = await reads.returnsOf(sale.transactionId);
      const amount = request.type === 'refund' ? request.amount : leftToReturn(sale, returns);
      const together = backWithThis(sale, returns, amount);
      return { amount, together, needsManager: together > deps.managerAbove() };
    },

    /**
     * The result a finished sale of this window sends to its till by itself: once when it finishes,
     * and again, marked `changed`, when an answer that came after changes what the till was told (an
     * unknown payment settled; a commit refused once its hold had lapsed, so less was paid). Over
     * the URL transport only the first: the till's page is not waiting for a second. Null while in
     * progress, and when the till has it already.
     */
    resultFor(sale: Sale): TerminalMessage | null {
      const status = tillStatus(sale);
      if (!sale.till || status === 'in_progress') return null;
      const result = tillResult(sale, status, ctx);
      const reference = sale.till.reference;
      if (!sale.till.answered) return { ...envelope, type: 'result', reference, result };
      // A change goes once the sale has settled (nothing left in flight), never a step on the way.
      const told = sale.till.answeredAs;
      if (told === undefined || told === resultSummary(result) || sale.till.transport === 'url' || isActive(sale))
        return null;
      return { ...envelope, type: 'result', reference, result, changed: true };
    },

    /** The till has this result: kept on the sale (never sent again unless it changes), and back to waiting for the next sale. */
    async returned(sale: Sale, result: TillResult) {
      await act(sale, { type: 'tillAnswered', as: resultSummary(result) });
    },
  };
}

export type TillService = ReturnType<typeof createTillService>;
