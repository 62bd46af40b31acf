import { CONTRADICTORY_ANSWER, forManager, resendsWhenPassing } from '@/api/errors';
import { outboxChanged } from './changes';
import {
  EARLIER_WAITS,
  onSameCard,
  ownEffectRefusal,
  REFUSED_AFTER_LOST_ANSWER,
  type Answer,
  type ManagerFlag,
  type ManagerNote,
  type OperationOrder,
  type Outcome,
} from '@/domain/operation';
import { cashOwed, isActive, receiptReference, type Sale } from '@/domain/sale';
import { evolve, type FlowEnv, type FlowStep } from '@/domain/sale-flow';
import type { IDBPTransaction } from 'idb';
import type { Minor } from '@/domain/money';
import type { LoyaltyPayment } from '@/domain/payment';
import { boxDecide, type BoxEvent, type BoxStep, type CardBox } from '@/domain/card-box';
import {
  returnAnswered,
  startReturn,
  type ReturnRefusal,
  type ReturnSettings,
  type SaleReturn,
} from '@/domain/return-flow';
import { dayCount, flaggedIn, startedBetween, type DayCount } from './day-count';
import {
  KEEP_DAYS,
  markRecordsKept,
  type OutboxDb,
  type OutboxSchema,
  type StoredReturn,
  type StoredSale,
  type ZReport,
} from './db';
import { restoreInto, type Restored } from './restore';
import type { OperationRecord, OperationResult, OperationStatus } from './types';

export { onOutboxChange, outboxChanged, recordsToSend, type OutboxChange } from './changes';

export interface OutboxContext {
  scope: string;
  training: boolean;
  operatorId?: string | undefined;
  operatorName?: string | undefined;
  /** The store's and this workstation's numbers, as the server is told them (settings). */
  storeId?: number | undefined;
  workstationId?: number | undefined;
  /** The server's currency: each record keeps it (the journal shows an older record in its own). */
  currency?: string | undefined;
  now?: () => Date;
  newId?: () => string;
  /**
   * Whether the terminal's settings, as whichever window saved them last, still name this scope's
   * server, its currency and this mode (read in the write): a sale, payment, issue, return or box is
   * no longer begun once they do not, or while a window changes them. Answers are still written.
   * Absent: never refused (tests).
   */
  stillCurrent?: () => boolean;
  /**
   * Told after each write whether the records took it: false when they refused it as a full device
   * does (`refusedAsFull`), true when one was kept. Any write, the cashier's or the sender's, says it.
   */
  onWritten?: (ok: boolean) => void;
}

/**
 * What IndexedDB refuses a write with when the device cannot keep it: its quota reached, at the
 * request or at the commit (the transaction aborted, its error the quota's). Nothing else is called
 * a full device: a bug's error (a constraint, a transaction used too late), nor UnknownError (a
 * failing disk, or WebKit's lost connection to its database, which a reload mends).
 */
function refusedAsFull(error: unknown, tx: { error: DOMException | null }): boolean {
  return [error, tx.error].some((e) => e instanceof DOMException && e.name === 'QuotaExceededError');
}

/**
 * A sale, payment, issue, return or box refused before anything was written: the terminal was set
 * to another server, currency or mode since this outbox started (in this window or another), or a
 * window is changing that now.
 */
export class ScopeChanged extends Error {
  override name = 'ScopeChanged';
}

type Operator = Pick<OperationRecord, 'operatorId' | 'operatorName'>;
/** The step that closes a sale still on a window's screen for a till's sale, or null when it may not be closed. */
export type CloseForTill = (onScreen: Sale, env: FlowEnv) => FlowStep | null;
type Store = 'sales' | 'operations' | 'returns' | 'boxes' | 'zReports';
type Tx = IDBPTransaction<OutboxSchema, Store[], 'readwrite'>;

const DAY_MS = 86_400_000;

function statusOf(type: OperationRecord['request']['type'], outcome: Outcome<unknown>): OperationStatus {
  if (outcome.status === 'unknown' && forManager(outcome.code)) return 'attention';
  if (outcome.status === 'passing') return resendsWhenPassing(type) ? 'pending' : 'refused';
  return outcome.status;
}

/**
 * An answer to a resend after an unknown outcome that says nothing of the earlier attempt keeps the
 * outcome unknown (sent again later): a refusal that passes (429 and 401 turn a request away before
 * its key is looked at) and a 4xx without the contract's error body (a proxy's, not the server's
 * word on this key). Only a replay, or the contract's own refusal of the same body, resolves it.
 */
function stillUnknown(before: OperationRecord, outcome: Outcome<OperationResult>): Outcome<OperationResult> {
  if (before.status !== 'unknown') return outcome;
  if (outcome.status === 'passing' || (outcome.status === 'refused' && outcome.code === 'malformed_response'))
    return { status: 'unknown', code: outcome.code, message: outcome.message };
  return outcome;
}

/**
 * A resend after an unknown outcome refused for what the lost attempt would itself have done (no
 * money left: its hold or payment took it, a loyalty payment denied so; already issued: it issued
 * the card), by a server that has not shown it keeps keys, may have let this one go, or is asked
 * with another token: that attempt may have taken effect, so the refusal proves nothing. Taken as
 * refused, the cashier would take the money another way (the customer pays twice) or sell the card
 * again. It goes to a manager with the card read again.
 */
function lostAttemptMayExplain(
  before: OperationRecord,
  outcome: Outcome<OperationResult>,
  keysKept: boolean,
  availableBefore: Minor | undefined,
): ManagerNote | null {
  if (before.status !== 'unknown' || keysKept) return null;
  const reason = ownEffectRefusal(before.request.type, outcome, availableBefore);
  return reason ? { code: 'refusedAfterLostAnswer', reason } : null;
}

const stored = (sale: Sale, scope: string): StoredSale => ({
  ...sale,
  scope: sale.scope ?? scope,
  active: isActive(sale) ? 1 : 0,
  reference: receiptReference(sale.transactionId),
});
/** The notes a refused commit, cancel or void leaves on its record (sale-flow.ts). */
const refusalNotes: ReadonlySet<string> = new Set(['commitRefused', 'cancelRefused', 'voidRefused']);

const plain = ({ active: _active, reference: _reference, ...sale }: StoredSale): Sale => sale;
const plainReturn = ({ scope: _scope, ...r }: StoredReturn): SaleReturn => r;

/**
 * One read-write transaction (strict durability) that keeps what it wrote, so that the write can
 * announce it: the screens take it from the announcement, the sender wakes if something waits.
 */
export class Write {
  readonly sales = new Map<string, Sale>();
  readonly records = new Map<string, OperationRecord>();
  readonly returns = new Map<string, SaleReturn>();
  readonly boxes = new Map<string, CardBox>();
  /** Something was put (not only read, told or deleted): a kept write says the records take writes. */
  put = false;
  constructor(
    readonly tx: Tx,
    private readonly scope: string,
  ) {}
  sale = (transactionId: string) => this.tx.objectStore('sales').get(transactionId);
  record = (id: string) => this.tx.objectStore('operations').get(id);
  async putSale(sale: Sale) {
    await this.tx.objectStore('sales').put(stored(sale, this.scope));
    this.put = true;
    this.sales.set(sale.transactionId, sale);
  }
  /** A sale read here, as it is kept, that the screens may not show yet: announced with what is written. */
  told(sale: Sale) {
    this.sales.set(sale.transactionId, sale);
  }
  async putRecord(record: OperationRecord) {
    await this.tx.objectStore('operations').put(record);
    this.put = true;
    this.records.set(record.id, record);
  }
  async putReturn(r: SaleReturn) {
    await this.tx.objectStore('returns').put({ ...r, scope: r.scope ?? this.scope });
    this.put = true;
    this.returns.set(r.returnId, r);
  }
  async putBox(box: CardBox) {
    await this.tx.objectStore('boxes').put({ ...box, scope: box.scope ?? this.scope });
    this.put = true;
    this.boxes.set(box.boxId, box);
  }
}

/**
 * The outbox's write side: sales and the operations they ask for, written together in one
 * IndexedDB transaction before anything is sent; every answer written back, with the sale it
 * moves, in one transaction too. Reads are in read-model.ts; what starts a write is `perform` (money-path.ts).
 */
export function createOutbox(db: Promise<OutboxDb>, context: OutboxContext) {
  const { scope } = context;
  const zsOfScope = IDBKeyRange.bound([scope, 0], [scope, Number.MAX_SAFE_INTEGER]);
  /**
   * No time this outbox writes is before the close of this server's last Z report: a device clock set
   * back after a close would otherwise stamp an operation's settling inside a closed day, and no report
   * would ever count it. Raised by every write (it reads the last Z in its own transaction, so a close
   * in another window counts too) and by every close.
   */
  let floor = 0;
  const raiseFloor = (z: ZReport | undefined) => {
    if (z) floor = Math.max(floor, Date.parse(z.closedAt));
  };
  const clock = context.now ?? (() => new Date());
  const now = () => {
    const time = clock();
    return time.getTime() < floor ? new Date(floor) : time;
  };
  const env = (): FlowEnv => ({
    now: now(),
    newId: context.newId ?? (() => crypto.randomUUID()),
    currency: context.currency,
  });

  /**
   * `allOrNothing`: work that throws aborts the transaction, and nothing of it is kept. Not the
   * default: an IndexedDB transaction nobody aborts commits what was put before the throw, and an
   * answer's write relies on that. Its record is put before the sale's flow takes the answer; if the
   * flow threw (a bug), rolling the answer back would leave the record to be sent again, and a server
   * that ignores keys would take the money again on every pass.
   */
  async function write(
    work: (w: Write) => Promise<void>,
    { allOrNothing = false, begins = false } = {},
  ): Promise<void> {
    const stores: Store[] = ['sales', 'operations', 'returns', 'boxes', 'zReports'];
    const w = new Write((await db).transaction(stores, 'readwrite', { durability: 'strict' }), scope);
    // Asked once the transaction exists: a change of server marks itself under way, then asks what
    // stays with this scope in a transaction opened after this one, which sees what this one writes
    // (lib/settings/switch-scope.ts). Nothing is begun here once the mark or the change is saved.
    if (begins && context.stillCurrent && !context.stillCurrent()) {
      w.tx.abort();
      await w.tx.done.catch(() => undefined);
      throw new ScopeChanged();
    }
    raiseFloor((await w.tx.objectStore('zReports').openCursor(zsOfScope, 'prev'))?.value);
    try {
      await work(w);
      await w.tx.done;
    } catch (error) {
      if (refusedAsFull(error, w.tx)) context.onWritten?.(false);
      if (allOrNothing) {
        try {
          w.tx.abort();
        } catch {
          // Already aborted (a request of it failed) or finished: the error that says why is the one thrown.
        }
        await w.tx.done.catch(() => undefined);
      }
      throw error;
    }
    if (w.put) context.onWritten?.(true);
    if (w.records.size > 0) markRecordsKept();
    if (w.sales.size > 0 || w.records.size > 0 || w.returns.size > 0 || w.boxes.size > 0)
      outboxChanged({
        sales: [...w.sales.values()],
        records: [...w.records.values()],
        returns: [...w.returns.values()],
        boxes: [...w.boxes.values()],
      });
  }

  /**
   * `by`: whose operation it is. The cashier signed on here, unless it follows from an answer to
   * another operation (a cash-out's commit, the cancel of a sale voided meanwhile): that one's
   * cashier, whichever window or cashier's sender took the answer.
   */
  const recordOf = (
    order: OperationOrder,
    by: Operator = context,
    /** The currency of the sale it belongs to (a void of a sale begun before a change): its amounts are in it. */
    currency = context.currency,
  ): OperationRecord => {
    const at = now().toISOString();
    return {
      ...order,
      scope,
      training: context.training,
      operatorId: by.operatorId,
      operatorName: by.operatorName,
      workstation: { storeId: context.storeId, workstationId: context.workstationId },
      ...(currency && { currency }),
      status: 'pending',
      attempts: 0,
      createdAt: at,
      updatedAt: at,
    };
  };

  async function putStep(w: Write, step: Pick<FlowStep, 'sale' | 'orders' | 'flags'>, by: Operator = context) {
    await w.putSale(step.sale);
    for (const order of step.orders) await w.putRecord(recordOf(order, by, step.sale.currency ?? context.currency));
    await applyFlags(w, step.flags);
  }

  async function applyFlags(w: Write, flags: ManagerFlag[]) {
    for (const flag of flags) {
      const record = await w.record(flag.operationId);
      if (!record) continue;
      const notes: ManagerNote[] = [...(record.notes ?? []), flag.note];
      const at = now().toISOString();
      const settledAt = record.settledAt ?? (flag.settles ? at : undefined);
      await w.putRecord({ ...record, status: 'attention', notes, updatedAt: at, settledAt });
    }
  }

  /**
   * Room on `owner`'s screen for a till's sale (started or taken over), read in the write that brings
   * it there: the steps that close each of the owner's sales still on screen (`close`), or null when
   * one may not be closed (nothing is written then). Two requests at once cannot both find it free.
   */
  async function roomOnScreen(w: Write, owner: string | undefined, close: CloseForTill): Promise<FlowStep[] | null> {
    const steps: FlowStep[] = [];
    for (const onScreen of await onScreenOf(w, owner)) {
      const step = close(onScreen, env());
      if (!step) return null;
      steps.push(step);
    }
    return steps;
  }

  /** `owner`'s sales on its screen (not yet closed), read in the write that is about to add one. */
  async function onScreenOf(w: Write, owner: string | undefined): Promise<Sale[]> {
    const active = await w.tx.objectStore('sales').index('byScopeActive').getAll([scope, 1]);
    return active.filter((stored) => stored.owner === owner && !stored.closed).map(plain);
  }

  return {
    scope,
    env,

    /**
     * The cashier's sale, started only on an empty screen, read in its own write: a till's sale (or
     * one taken over) that got there first, in the same instant, makes it 'busy' and nothing is written.
     */
    async startSale(sale: Sale): Promise<Sale | 'busy'> {
      let out: Sale | 'busy' = sale;
      await write(
        async (w) => {
          const onScreen = await onScreenOf(w, sale.owner);
          // Busy: what is on this window's screen is told to it (a view not read yet after a reload
          // would otherwise show an empty sale screen whose Start does nothing).
          if (onScreen.length === 0) return w.putSale(sale);
          out = 'busy';
          for (const shown of onScreen) w.told(shown);
        },
        { begins: true },
      );
      return out;
    },

    /** A sale that starts with operations to send (a cash-out): the sale and its orders in one transaction. */
    async begin(step: FlowStep) {
      await write((w) => putStep(w, step), { begins: true });
    },

    /**
     * A till's sale, started once per reference: if one with this reference exists (another
     * window, a reload, a repeated message), it is returned and nothing is written. Else its
     * owner's sales still on screen are closed with it (`close`), or, when one may not be, nothing
     * is written: 'busy'.
     */
    async startTillSale(sale: Sale, close: CloseForTill): Promise<{ sale: Sale; started: boolean } | 'busy'> {
      const reference = sale.till?.reference;
      if (!reference) throw new Error('A till sale needs its reference');
      let out: { sale: Sale; started: boolean } | 'busy' = { sale, started: true };
      await write(
        async (w) => {
          const existing = await w.tx.objectStore('sales').index('byTillReference').get([scope, reference]);
          if (existing) {
            out = { sale: plain(existing), started: false };
            return;
          }
          const closing = await roomOnScreen(w, sale.owner, close);
          if (!closing) {
            out = 'busy';
            return;
          }
          for (const step of closing) await putStep(w, step);
          await w.putSale(sale);
        },
        { begins: true },
      );
      return out;
    },

    /** Reads the sale, lets `decide` change it, and writes the sale and its orders, all in one transaction. */
    async act(transactionId: string, decide: (sale: Sale, env: FlowEnv) => FlowStep): Promise<FlowStep | null> {
      let result: FlowStep | null = null;
      await write(
        async (w) => {
          const current = await w.sale(transactionId);
          // Another server's sale (or training's), still on a screen that has not caught up with the
          // change: acted on here, its hold's commit would go to this server and the sale move to it.
          if (!current || current.scope !== scope) return;
          result = decide(plain(current), env());
          if (!result.rejected) await putStep(w, result);
        },
        { begins: true },
      );
      return result;
    },

    /** An operation that belongs to no sale (issue, un-issue): recorded, then sent by the sender. */
    async record(order: OperationOrder): Promise<OperationRecord> {
      let record: OperationRecord | undefined;
      await write(
        async (w) => {
          record = recordOf(order);
          // An un-issue waits for what this terminal still sends on that card, and a card is not
          // issued again while its un-issue waits (sent after, that un-issue's resend would undo the
          // new sale): refused here, in the write that would record it, so no other window can slip
          // one in between.
          const unissue = order.request.type.endsWith('.unissue');
          if (unissue || order.request.type.endsWith('.issue')) {
            const byStatus = w.tx.objectStore('operations').index('byScopeStatus');
            const waiting = [
              ...(await byStatus.getAll([scope, 'pending'])),
              ...(await byStatus.getAll([scope, 'unknown'])),
            ];
            const blocks = (r: OperationRecord) =>
              onSameCard(order.request, r.request) && (unissue || r.request.type.endsWith('.unissue'));
            if (waiting.some(blocks))
              record = {
                ...record,
                status: 'refused',
                settledAt: record.createdAt,
                error: { code: EARLIER_WAITS, message: '' },
              };
          }
          await w.putRecord(record);
        },
        { begins: true },
      );
      return record!;
    },

    /**
     * Just before an attempt is sent: the record marked in flight (durably), with the token's tag on
     * its first attempt. If no answer is written after it (a crash, a closed window), the next pass
     * finds the mark and records the answer as lost (`interrupted`). False: settled meanwhile, not sent.
     */
    async sending(id: string, sentWith: string): Promise<boolean> {
      const tx = (await db).transaction('operations', 'readwrite', { durability: 'strict' });
      try {
        const before = await tx.store.get(id);
        const waits = before !== undefined && (before.status === 'pending' || before.status === 'unknown');
        if (waits)
          await tx.store.put({
            ...before,
            inFlight: now().toISOString(),
            sentWith: before.sentWith ?? (before.attempts === 0 ? sentWith : undefined),
          });
        await tx.done;
        if (waits) context.onWritten?.(true);
        return waits;
      } catch (error) {
        // The mark refused: nothing is sent (a payment never leaves unmarked), and the device is said full.
        if (refusedAsFull(error, tx)) context.onWritten?.(false);
        throw error;
      }
    },

    /**
     * One attempt's outcome, written with what it means for its sale (the flow's `evolve`).
     * `keysKept`: the server has shown it keeps keys, and has not been given time to let this one go
     * nor been asked with another token (the sender knows); only then is a refusal after a lost
     * answer its word on the lost attempt. `sentWith`: the token's tag, kept from the first attempt.
     */
    async answered(
      id: string,
      given: Outcome<OperationResult>,
      { keysKept = false, sentWith }: { keysKept?: boolean; sentWith?: string } = {},
    ): Promise<{ record: OperationRecord; step: FlowStep | null } | null> {
      let done: { record: OperationRecord; step: FlowStep | null } | null = null;
      await write(async (w) => {
        const before = await w.record(id);
        if (!before || (before.status !== 'pending' && before.status !== 'unknown')) return; // settled meanwhile (another window)
        // A loyalty payment recorded before its record kept what the card had: its sale's line has it.
        const availableBefore =
          before.availableBefore ??
          (before.status === 'unknown' && before.request.type === 'loyaltyCard.pay'
            ? (await w.sale(before.transactionId))?.lines.find((l) => l.payOperationId === id)?.availableBefore
            : undefined);
        const lostAttempt = lostAttemptMayExplain(before, given, keysKept, availableBefore);
        const outcome: Outcome<OperationResult> = lostAttempt
          ? {
              status: 'unknown',
              code: REFUSED_AFTER_LOST_ANSWER,
              message: given.status === 'refused' ? given.message : '',
            }
          : stillUnknown(before, given);
        const contradicted = outcome.status === 'unknown' && outcome.code === CONTRADICTORY_ANSWER;
        const keyReused = outcome.status === 'unknown' && outcome.code === 'idempotency_key_reused';
        const status = statusOf(before.request.type, outcome);
        const at = now().toISOString();
        const record: OperationRecord = {
          ...before,
          status,
          sentWith: before.sentWith ?? (before.attempts === 0 ? sentWith : undefined),
          attempts: before.attempts + 1,
          inFlight: undefined,
          updatedAt: at,
          settledAt: before.settledAt ?? (status === 'succeeded' || status === 'refused' ? at : undefined),
          result: outcome.status === 'succeeded' ? outcome.result : undefined,
          answeredNumber: (outcome.status === 'unknown' && outcome.answeredNumber) || before.answeredNumber,
          replayed: outcome.status === 'succeeded' ? outcome.replayed : undefined,
          error:
            outcome.status === 'succeeded'
              ? undefined
              : {
                  code: outcome.code,
                  message: outcome.message,
                  // A 429's wait is the server's, whatever it means for the record: an unknown outcome's
                  // resend turned away (stillUnknown) waits as long as a first attempt would.
                  ...(given.status === 'passing' && { retryAfterSeconds: given.retryAfterSeconds }),
                },
          notes: contradicted
            ? [...(before.notes ?? []), { code: 'contradicted', detail: outcome.message }]
            : keyReused
              ? [...(before.notes ?? []), { code: 'keyReused' }]
              : lostAttempt
                ? [...(before.notes ?? []), lostAttempt]
                : before.notes,
        };
        await w.putRecord(record);
        // A card issued in a series after an unanswered attempt, by a server that has not shown it
        // keeps keys: that attempt may have issued one too, under a number nobody was told, so there
        // is no card to read. Counted as issued once; a manager checks the series.
        const seriesIssue =
          record.request.type === 'giftCard.issueInSeries' || record.request.type === 'storeCredit.issueInSeries';
        if (
          seriesIssue &&
          before.status === 'unknown' &&
          !keysKept &&
          outcome.status === 'succeeded' &&
          !outcome.replayed
        )
          await applyFlags(w, [{ operationId: id, note: { code: 'mayHaveIssuedTwice' } }]);
        // The request's type names the result's type; the record keeps them together.
        const answer = {
          type: record.request.type,
          id,
          request: record.request,
          attempts: record.attempts,
          outcome,
        } as Answer;
        if (before.returnId) {
          // A return's operation (a void goes under the sale's transactionId): the answer is the return's.
          const r = await w.tx.objectStore('returns').get(before.returnId);
          if (r) await w.putReturn(returnAnswered(plainReturn(r), answer, now()));
          done = { record: w.records.get(id) ?? record, step: null };
          return;
        }
        const sale = await w.sale(before.transactionId);
        const step = sale ? evolve(plain(sale), answer, env()) : null;
        if (step) await putStep(w, step, before);
        // A payment restored from another terminal's backup (it carries no sales): money taken or
        // held for a sale nothing here will complete or void is the manager's, named on the report.
        // (A loyalty payment denied is answered 200 with nothing approved: nothing was taken.)
        const took =
          outcome.status === 'succeeded' &&
          (record.request.type !== 'loyaltyCard.pay' || (outcome.result as LoyaltyPayment).approvedAmount > 0);
        if (!sale && before.saleElsewhere && record.request.type.endsWith('.pay') && took)
          await applyFlags(w, [{ operationId: id, note: { code: 'saleNotHere' } }]);
        // A server that has not shown it keeps keys: the flow's check against the card is written with
        // the answer, so a crash before it is made leaves it to the next start, never drops it.
        if (step && !keysKept)
          for (const { operationId, ...check } of step.verify) {
            const checked = w.records.get(operationId) ?? (await w.record(operationId));
            if (checked) await w.putRecord({ ...checked, toCheck: check });
          }
        done = { record: w.records.get(id) ?? record, step };
      });
      return done;
    },

    /**
     * Lines an earlier build left settling for good: their commit, cancel or void was refused, or
     * answered in contradiction, and that answer written, so nothing would send or answer it again
     * and the sale could not finish. Each written answer is given to its sale again, as a late
     * answer is (the flow takes it the same way); the manager's flags it raised then are not raised
     * twice. The sender does this once when it starts.
     */
    async settleLeftOver(): Promise<void> {
      await write(async (w) => {
        const active = await w.tx.objectStore('sales').index('byScopeActive').getAll([scope, 1]);
        for (const stored of active) {
          let sale = plain(stored);
          for (const line of sale.lines) {
            const settling = ['committing', 'canceling', 'voiding'].includes(line.state.name);
            // Queued lines are being sent again, but for a commit an earlier build queued after a
            // contradicted answer: it is never sent again (its record is a manager's).
            const queuedForManager = line.state.name === 'committing' && !line.settleWithManager;
            if (!settling || (line.settleQueued && !queuedForManager) || !line.settleOperationId) continue;
            const record = await w.record(line.settleOperationId);
            const error = record && record.result === undefined ? record.error : undefined;
            const refusedNote = record?.notes?.some((n) => refusalNotes.has(n.code));
            const final =
              record?.status === 'refused' ||
              (record?.status === 'attention' && (refusedNote || (error && forManager(error.code))));
            if (!record || !error || !final) continue;
            const outcome: Outcome<OperationResult> = forManager(error.code)
              ? { status: 'unknown', code: error.code, message: error.message }
              : { status: 'refused', code: error.code, message: error.message };
            const answer = {
              type: record.request.type,
              id: record.id,
              request: record.request,
              attempts: record.attempts,
              outcome,
            };
            const step = evolve(sale, answer as Answer, env());
            sale = step.sale;
            await putStep(w, { ...step, flags: [] }, record);
          }
        }
      });
    },

    async flag(id: string, note: ManagerNote) {
      await write((w) => applyFlags(w, [{ operationId: id, note }]));
    },

    /** A resend's check against the card made (`toCheck`): cleared, with what a manager must know if anything. */
    async checked(id: string, note: ManagerNote | null) {
      await write(async (w) => {
        const record = await w.record(id);
        if (!record?.toCheck) return; // made meanwhile (another window)
        const { toCheck: _made, ...rest } = record;
        await w.putRecord(rest);
        if (note) await applyFlags(w, [{ operationId: id, note }]);
        // A loyalty payment the card says (or cannot say it was not) was applied twice: its line may
        // have a twin, which the sale's void or a return gives back too (`twinUpTo`, tenders.ts).
        if (
          record.request.type === 'loyaltyCard.pay' &&
          (note?.code === 'appliedTwice' || note?.code === 'notChecked')
        ) {
          const sale = await w.sale(record.transactionId);
          if (sale?.lines.some((l) => l.payOperationId === id))
            await w.putSale(
              plain({
                ...sale,
                lines: sale.lines.map((l) => (l.payOperationId === id ? { ...l, mayBeTwice: true } : l)),
              }),
            );
        }
      });
    },

    /**
     * A return of a completed sale, checked against the sale and every earlier return of it in the
     * same transaction as it is written: two windows returning the same sale at once are one after
     * the other here, and the second sees what the first gave back.
     */
    async startReturn(
      saleId: string,
      amount: Minor,
      settings: ReturnSettings,
      requestId?: string,
    ): Promise<SaleReturn | ReturnRefusal | 'no_sale' | 'id_reused'> {
      let out: SaleReturn | ReturnRefusal | 'no_sale' | 'id_reused' = 'no_sale';
      await write(
        async (w) => {
          const sale = await w.sale(saleId);
          if (!sale || sale.scope !== scope) return;
          const earlier = (await w.tx.objectStore('returns').index('bySale').getAll(saleId)).map(plainReturn);
          const again = requestId ? earlier.find((r) => r.requestId === requestId) : undefined;
          if (again) {
            // The same request again is the same return; the same id with another amount is a mistake
            // (two sent at once both passed the till service's check before either was written).
            out = again.amount === amount ? again : 'id_reused';
            return;
          }
          const step = startReturn(plain(sale), earlier, amount, settings, { ...env(), scope });
          if (typeof step === 'string') {
            out = step;
            return;
          }
          if (requestId) step.saleReturn.requestId = requestId;
          await w.putReturn(step.saleReturn);
          for (const order of step.orders) await w.putRecord(recordOf(order));
          out = step.saleReturn;
        },
        { begins: true },
      );
      return out;
    },

    /**
     * Records and closed days from a backup (backup.ts, restore.ts), in one transaction: a crash or a
     * refused write leaves neither (the only write that aborts on a throw).
     */
    async restore(records: OperationRecord[], backupDays?: ZReport[]): Promise<Restored> {
      let restored: Restored = { added: 0, skipped: records.length, zLeftOut: 0, countedToday: 0 };
      await write(
        async (w) => {
          const restoredAt = now().toISOString(); // after the write has raised the floor to the last close
          const notChecked = (operationId: string) => applyFlags(w, [{ operationId, note: { code: 'notChecked' } }]);
          restored = await restoreInto(w, records, backupDays, restoredAt, notChecked);
        },
        { allOrNothing: true },
      );
      return restored;
    },

    /**
     * Closes the day: the next Z number of this server, in one transaction that also checks the
     * day starts where the last one ended (another window closed it meanwhile: nothing is written)
     * and that its span holds what the report counted (an operation that settled, a sale that
     * finished or a cash-out's cash paid out since the report was read: 'changed', nothing is
     * written, read the day again).
     */
    async closeDay(
      z: Omit<ZReport, 'scope' | 'number'>,
      counted: DayCount,
    ): Promise<ZReport | 'already_closed' | 'changed'> {
      const tx = (await db).transaction(['zReports', 'operations', 'sales', 'returns'], 'readwrite', {
        durability: 'strict',
      });
      const zs = tx.objectStore('zReports');
      const last = (await zs.openCursor(zsOfScope, 'prev'))?.value;
      if (last && last.closedAt !== z.from) {
        await tx.done;
        return 'already_closed';
      }
      const span = IDBKeyRange.bound([scope, z.from], [scope, z.closedAt], false, true);
      const inSpan = dayCount(
        await tx.objectStore('operations').index('byScopeSettled').getAll(span),
        await tx.objectStore('sales').index('byScopeFinished').getAll(span),
        startedBetween(await tx.objectStore('returns').getAll(), scope, z.from, z.closedAt),
        (await tx.objectStore('sales').index('byScopeActive').getAll([scope, 1])).filter(cashOwed),
        flaggedIn(
          await tx.objectStore('operations').index('byScopeStatus').getAll([scope, 'attention']),
          z.from,
          z.closedAt,
        ),
      );
      if (
        inSpan.print !== counted.print ||
        inSpan.settled !== counted.settled ||
        inSpan.finished !== counted.finished ||
        inSpan.returns !== counted.returns
      ) {
        await tx.done;
        return 'changed';
      }
      const closed: ZReport = { ...z, scope, number: (last?.number ?? 0) + 1 };
      try {
        await zs.add(closed);
        await tx.done;
      } catch (error) {
        if (refusedAsFull(error, tx)) context.onWritten?.(false); // the day stays open, and why is said
        throw error;
      }
      context.onWritten?.(true);
      raiseFloor(closed);
      outboxChanged({ sales: [], records: [], returns: [] });
      return closed;
    },

    /**
     * A box of gift cards to activate: written before any card of it is checked, unless a box not
     * finished (this window's or another's) holds some of its cards: that one is continued instead,
     * and a second box over them would call them issued elsewhere. Checked in the write itself, so
     * two windows cannot start overlapping boxes together.
     */
    async startBox(box: CardBox): Promise<{ overlaps: CardBox } | null> {
      let overlaps: CardBox | undefined;
      await write(
        async (w) => {
          const wanted = new Set(box.numbers);
          const boxes = await w.tx.objectStore('boxes').index('byScope').getAll(scope);
          overlaps = boxes.find((b) => b.state === 'running' && b.numbers.some((n) => wanted.has(n)));
          if (!overlaps) await w.putBox({ ...box, scope });
        },
        { begins: true },
      );
      return overlaps ? { overlaps } : null;
    },

    /**
     * One step of a box (a card checked, a cancel, the end), decided on the box as stored and
     * written with the card's issue in one transaction: a card already handled by another window
     * or an earlier run is never issued again.
     */
    async boxEvent(boxId: string, event: BoxEvent): Promise<BoxStep | 'no_box'> {
      let out: BoxStep | 'no_box' = 'no_box';
      await write(
        async (w) => {
          const stored = await w.tx.objectStore('boxes').get(boxId);
          if (!stored || stored.scope !== scope) return;
          out = boxDecide(stored, event, env());
          if ('rejected' in out) return;
          await w.putBox(out.box);
          for (const order of out.orders) await w.putRecord(recordOf(order));
        },
        { begins: true },
      );
      return out;
    },

    /**
     * Takes over a sale whose window is gone (a crash, a closed tab), if nobody else took it first.
     * `close`: a till's sale, with room made on this window's screen as when one starts
     * (startTillSale), or 'busy' and nothing written. Without it, only onto an empty screen (read
     * here, not from what the screen showed): else 'busy'.
     */
    async adopt(transactionId: string, from: string | undefined, to: string, close?: CloseForTill) {
      let out: 'busy' | undefined;
      await write(async (w) => {
        const sale = await w.sale(transactionId);
        if (!sale || sale.scope !== scope || sale.owner !== from || sale.closed) return;
        const closing = close ? await roomOnScreen(w, to, close) : (await onScreenOf(w, to)).length > 0 ? null : [];
        if (!closing) {
          out = 'busy';
          return;
        }
        for (const step of closing) await putStep(w, step);
        await w.putSale({ ...plain(sale), owner: to });
      });
      return out;
    },

    /** Training data reset: the simulator forgot these sales, operations and boxes, so the terminal does too. */
    async clearScope() {
      await write(async (w) => {
        const sales = w.tx.objectStore('sales');
        const ops = w.tx.objectStore('operations');
        for (const key of await sales.index('byScopeActive').getAllKeys(IDBKeyRange.bound([scope, 0], [scope, 1]))) {
          const sale = await sales.get(key);
          await sales.delete(key);
          if (sale) w.sales.set(key, { ...plain(sale), closed: true, status: 'voided' });
        }
        for (let c = await w.tx.objectStore('returns').openCursor(); c; c = await c.continue())
          if (c.value.scope === scope) await c.delete();
        for (const key of await ops.index('byScope').getAllKeys(scope)) await ops.delete(key);
        // A box not finished would be continued against the reset data, its cards issued before counted handled.
        const boxes = w.tx.objectStore('boxes');
        for (const box of await boxes.index('byScope').getAll(scope)) {
          await boxes.delete(box.boxId);
          w.boxes.set(box.boxId, { ...box, state: 'cancelled' });
        }
      });
    },

    /**
     * Settled operations (succeeded, refused), finished sales and finished returns older than
     * KEEP_DAYS go, each only once a Z report of its server closed after the day's report counts it
     * (an operation when it settled, a sale when it finished, a return when it started), so no day's
     * figures lose it (a sale's cash is counted from the sale); a return only with its sale (the
     * sale's next return reads the earlier ones). Pending, unknown and flagged operations, those
     * whose check against the card is still to be made, and sales still being worked on, stay
     * however old.
     */
    async prune(keepDays = KEEP_DAYS): Promise<number> {
      const lastClosed = new Map<string, string>();
      for (const z of await (await db).getAll('zReports'))
        if (z.closedAt > (lastClosed.get(z.scope) ?? '')) lastClosed.set(z.scope, z.closedAt);
      // The device's own clock, not the outbox's floor (a Z closed with a clock far ahead must not age
      // every record), but for each server's records never past that server's last Z: a tablet
      // started with its clock a year ahead, and selling so (or a trainee closing a day so), must
      // not take every sale a Z has counted (a return's sale, the journal's detail).
      const now = clock().getTime();
      const cutoffOf = (scope: string | undefined) => {
        const z = lastClosed.get(scope ?? '');
        return new Date(Math.min(now, z === undefined ? now : Date.parse(z)) - keepDays * DAY_MS).toISOString();
      };
      const cutoff = new Date(now - keepDays * DAY_MS).toISOString();
      let removed = 0;
      await write(async ({ tx }) => {
        const range = IDBKeyRange.upperBound(cutoff, true);
        for (
          let c = await tx.objectStore('operations').index('byCreated').openCursor(range);
          c;
          c = await c.continue()
        ) {
          const settled = c.value.settledAt ?? c.value.updatedAt;
          const counted = settled < (lastClosed.get(c.value.scope) ?? '');
          const unchecked = c.value.toCheck !== undefined; // a resend's check still to be made (another server's scope)
          const answered = c.value.status === 'succeeded' || c.value.status === 'refused';
          if (answered && !unchecked && settled < cutoffOf(c.value.scope) && counted) {
            await c.delete();
            removed += 1;
          }
        }
        const countedBy = (scope: string | undefined, at: string) => at < (lastClosed.get(scope ?? '') ?? '');
        const sales = tx.objectStore('sales');
        for (let c = await sales.index('byStarted').openCursor(range); c; c = await c.continue()) {
          const { active, finishedAt, paidOutAt, scope: saleScope } = c.value;
          // A sale without finishedAt (from before it was kept) is on no day's report. A cash-out's
          // cash paid out on a later day is named on that day's report: kept until a Z closed after it.
          // Pruned only where its server closed a day, and by the same cap as the rest.
          const counted =
            finishedAt === undefined
              ? lastClosed.has(saleScope ?? '') && c.value.startedAt < cutoffOf(saleScope)
              : finishedAt < cutoffOf(saleScope) &&
                countedBy(saleScope, paidOutAt !== undefined && paidOutAt > finishedAt ? paidOutAt : finishedAt);
          if (active === 0 && counted) await c.delete();
        }
        for (let c = await tx.objectStore('returns').openCursor(); c; c = await c.continue()) {
          const { finishedAt, startedAt, saleId, scope: returnScope } = c.value;
          if (!finishedAt || finishedAt >= cutoffOf(returnScope) || !countedBy(returnScope, startedAt)) continue;
          if (!(await sales.get(saleId))) await c.delete();
        }
      });
      return removed;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
