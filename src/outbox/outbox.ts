import { CONTRADICTORY_ANSWER, resendsWhenPassing } from '@/api/error-policy';
import type { Answer, ManagerFlag, OperationOrder, Outcome } from '@/domain/operation';
import { isActive, type Sale } from '@/domain/sale';
import { evolve, type FlowEnv, type FlowStep } from '@/domain/sale-flow';
import { outboxChanged } from './changes';
import type { IDBPTransaction } from 'idb';
import { openOutboxDb, type OutboxDb, type OutboxSchema, type StoredSale } from './db';
import type { OperationRecord, OperationResult, OperationStatus } from './types';

export interface OutboxContext {
  scope: string;
  training: boolean;
  operatorId?: string | undefined;
  operatorName?: string | undefined;
  now?: () => Date;
  newId?: () => string;
}

type WriteTx = IDBPTransaction<OutboxSchema, ('sales' | 'operations')[], 'readwrite'>;

const DAY_MS = 86_400_000;
/** Settled operations and finished sales are kept this long, then pruned; unsettled ones never are. */
export const KEEP_DAYS = 90;

function statusOf(type: OperationRecord['request']['type'], outcome: Outcome<unknown>): OperationStatus {
  if (outcome.status === 'unknown' && outcome.code === CONTRADICTORY_ANSWER) return 'attention';
  if (outcome.status === 'passing') return resendsWhenPassing(type) ? 'pending' : 'refused';
  return outcome.status;
}

const stored = (sale: Sale, scope: string): StoredSale => ({
  ...sale,
  scope: sale.scope ?? scope,
  active: isActive(sale) ? 1 : 0,
});
const plain = ({ active: _active, ...sale }: StoredSale): Sale => sale;

/**
 * The durable outbox: sales and the operations they ask for, written together in one IndexedDB
 * transaction (strict durability) before anything is sent. The sender reads what waits here;
 * every answer is written back, with the sale it moves, in one transaction too.
 */
export function createOutbox(db: Promise<OutboxDb>, context: OutboxContext) {
  const now = () => (context.now ?? (() => new Date()))();
  const env = (): FlowEnv => ({ now: now(), newId: context.newId ?? (() => crypto.randomUUID()) });
  const { scope } = context;

  const write = async (work: (tx: WriteTx) => Promise<void>) => {
    const tx = (await db).transaction(['sales', 'operations'], 'readwrite', { durability: 'strict' });
    await work(tx);
    await tx.done;
    outboxChanged();
  };

  const recordOf = (order: OperationOrder): OperationRecord => {
    const at = now().toISOString();
    return {
      ...order,
      scope,
      training: context.training,
      operatorId: context.operatorId,
      operatorName: context.operatorName,
      status: 'pending',
      attempts: 0,
      createdAt: at,
      updatedAt: at,
    };
  };

  async function putStep(tx: WriteTx, step: Pick<FlowStep, 'sale' | 'orders' | 'flags'>) {
    await tx.objectStore('sales').put(stored(step.sale, scope));
    for (const order of step.orders) await tx.objectStore('operations').put(recordOf(order));
    await applyFlags(tx, step.flags);
  }

  async function applyFlags(tx: WriteTx, flags: ManagerFlag[]) {
    const ops = tx.objectStore('operations');
    for (const flag of flags) {
      const record = await ops.get(flag.operationId);
      if (record)
        await ops.put({
          ...record,
          status: 'attention',
          note: record.note ? `${record.note} ${flag.note}` : flag.note,
          updatedAt: now().toISOString(),
        });
    }
  }

  return {
    scope,
    env,

    async startSale(sale: Sale) {
      await write(async (tx) => void (await tx.objectStore('sales').put(stored(sale, scope))));
    },

    /**
     * A till's sale, started once per reference: if one with this reference exists (another
     * window, a reload, a repeated message), it is returned and nothing is written.
     */
    async startTillSale(sale: Sale): Promise<{ sale: Sale; started: boolean }> {
      const reference = sale.till?.reference;
      if (!reference) throw new Error('A till sale needs its reference');
      let out = { sale, started: true };
      await write(async (tx) => {
        const existing = await tx.objectStore('sales').index('byTillReference').get([scope, reference]);
        if (existing) out = { sale: plain(existing), started: false };
        else await tx.objectStore('sales').put(stored(sale, scope));
      });
      return out;
    },

    saleByReference: async (reference: string) => {
      const sale = await (await db).getFromIndex('sales', 'byTillReference', [scope, reference]);
      return sale ? plain(sale) : undefined;
    },

    /** Reads the sale, lets `decide` change it, and writes the sale and its orders, all in one transaction. */
    async act(transactionId: string, decide: (sale: Sale, env: FlowEnv) => FlowStep): Promise<FlowStep | null> {
      let result: FlowStep | null = null;
      await write(async (tx) => {
        const current = await tx.objectStore('sales').get(transactionId);
        if (!current) return;
        result = decide(plain(current), env());
        if (!result.rejected) await putStep(tx, result);
      });
      return result;
    },

    /** An operation that belongs to no sale (issue, un-issue): recorded, then sent by the sender. */
    async record(order: OperationOrder): Promise<OperationRecord> {
      const record = recordOf(order);
      await write(async (tx) => void (await tx.objectStore('operations').put(record)));
      return record;
    },

    /** One attempt's outcome, written with what it means for its sale. */
    async answered(
      id: string,
      outcome: Outcome<OperationResult>,
    ): Promise<{ record: OperationRecord; step: FlowStep | null } | null> {
      let done: { record: OperationRecord; step: FlowStep | null } | null = null;
      await write(async (tx) => {
        const ops = tx.objectStore('operations');
        const before = await ops.get(id);
        if (!before || (before.status !== 'pending' && before.status !== 'unknown')) return; // settled meanwhile (another window)
        const record: OperationRecord = {
          ...before,
          status: statusOf(before.request.type, outcome),
          attempts: before.attempts + 1,
          updatedAt: now().toISOString(),
          result: outcome.status === 'succeeded' ? outcome.result : undefined,
          error: outcome.status === 'succeeded' ? undefined : { code: outcome.code, message: outcome.message },
          note: outcome.status === 'unknown' && outcome.code === CONTRADICTORY_ANSWER ? outcome.message : before.note,
        };
        await ops.put(record);
        const sale = await tx.objectStore('sales').get(before.transactionId);
        // The request's type names the result's type; the record keeps them together.
        const answer = {
          type: record.request.type,
          id,
          request: record.request,
          attempts: record.attempts,
          outcome,
        } as Answer;
        const step = sale ? evolve(plain(sale), answer, env()) : null;
        if (step) await putStep(tx, step);
        done = { record: (await ops.get(id)) ?? record, step };
      });
      return done;
    },

    async flag(id: string, note: string) {
      await write((tx) => applyFlags(tx, [{ operationId: id, note }]));
    },

    /** Takes over a sale whose window is gone (a crash, a closed tab), if nobody else took it first. */
    async adopt(transactionId: string, from: string | undefined, to: string) {
      await write(async (tx) => {
        const sale = await tx.objectStore('sales').get(transactionId);
        if (sale && sale.owner === from && !sale.closed) await tx.objectStore('sales').put({ ...sale, owner: to });
      });
    },

    /** Training data reset: the simulator forgot these sales and operations, so the terminal does too. */
    async clearScope() {
      await write(async (tx) => {
        for (const key of await tx
          .objectStore('sales')
          .index('byScopeActive')
          .getAllKeys(IDBKeyRange.bound([scope, 0], [scope, 1])))
          await tx.objectStore('sales').delete(key);
        for (const key of await tx.objectStore('operations').index('byScope').getAllKeys(scope))
          await tx.objectStore('operations').delete(key);
      });
    },

    get: async (id: string) => (await db).get('operations', id),

    /** What the sender must (re)send, oldest first. */
    async waiting(): Promise<OperationRecord[]> {
      const d = await db;
      const [pending, unknown] = await Promise.all([
        d.getAllFromIndex('operations', 'byScopeStatus', [scope, 'pending']),
        d.getAllFromIndex('operations', 'byScopeStatus', [scope, 'unknown']),
      ]);
      return [...pending, ...unknown].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    /** Counted from an index: no record is read. */
    async counts(): Promise<{ waiting: number; attention: number }> {
      const d = await db;
      const count = (status: OperationStatus) => d.countFromIndex('operations', 'byScopeStatus', [scope, status]);
      const [pending, unknown, attention] = await Promise.all([count('pending'), count('unknown'), count('attention')]);
      return { waiting: pending + unknown, attention };
    },

    async activeSales(): Promise<Sale[]> {
      return (await (await db).getAllFromIndex('sales', 'byScopeActive', [scope, 1])).map(plain);
    },

    getSale: async (transactionId: string) => {
      const sale = await (await db).get('sales', transactionId);
      return sale ? plain(sale) : undefined;
    },

    /** A page of the journal, newest first, strictly older than `before` (a createdAt). */
    async page(limit: number, before?: string): Promise<OperationRecord[]> {
      const d = await db;
      const range = IDBKeyRange.bound([scope, ''], [scope, before ?? '\uffff'], false, true);
      const out: OperationRecord[] = [];
      for (
        let cursor = await d.transaction('operations').store.index('byScopeCreated').openCursor(range, 'prev');
        cursor && out.length < limit;
        cursor = await cursor.continue()
      ) {
        out.push(cursor.value);
      }
      return out;
    },

    /** Every record created in [from, to): the day's totals. */
    async between(from: string, to: string): Promise<OperationRecord[]> {
      return (await db).getAllFromIndex(
        'operations',
        'byScopeCreated',
        IDBKeyRange.bound([scope, from], [scope, to], false, true),
      );
    },

    all: async () => (await db).getAllFromIndex('operations', 'byScope', scope),

    /**
     * Settled operations (succeeded, refused) and finished sales older than KEEP_DAYS go; pending,
     * unknown and flagged operations, and sales still being worked on, stay however old.
     */
    async prune(keepDays = KEEP_DAYS): Promise<number> {
      const cutoff = new Date(now().getTime() - keepDays * DAY_MS).toISOString();
      let removed = 0;
      await write(async (tx) => {
        const range = IDBKeyRange.upperBound(cutoff, true);
        for (
          let c = await tx.objectStore('operations').index('byCreated').openCursor(range);
          c;
          c = await c.continue()
        ) {
          if (c.value.status === 'succeeded' || c.value.status === 'refused') {
            await c.delete();
            removed += 1;
          }
        }
        for (let c = await tx.objectStore('sales').index('byStarted').openCursor(range); c; c = await c.continue()) {
          if (c.value.active === 0) await c.delete();
        }
      });
      return removed;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

let shared: Promise<OutboxDb> | null = null;
/** The terminal's one outbox database. */
export function outboxDb(): Promise<OutboxDb> {
  return (shared ??= openOutboxDb('loyalty-terminal-journal'));
}
