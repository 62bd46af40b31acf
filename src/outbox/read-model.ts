import type { CardBox } from '@/domain/card-box';
import type { SaleReturn } from '@/domain/return-flow';
import { cashOwed, moneyOnItsWay, type Sale } from '@/domain/sale';
import { hadRecords, useStorageStore, type OutboxDb, type StoredSale, type ZReport } from './db';
import { flaggedIn, owedOn, startedBetween } from './day-count';
import type { OperationRecord, OperationStatus } from './types';

const plain = ({ active: _active, reference: _reference, ...sale }: StoredSale): Sale => sale;

/**
 * The outbox's read side: what waits, the counts in the header, the sales being worked on, and the
 * journal a page or a day at a time. Every read goes through an index; nothing here writes.
 */
/** `db` opens the database at the first read (the terminal's one is opened once: db.ts, `outboxDb`). */
/** Where a page of the journal ends: its last row's creation time and id. */
export type JournalPlace = Pick<OperationRecord, 'createdAt' | 'id'>;

export function createReadModel(db: () => Promise<OutboxDb>, scope: string) {
  return {
    scope,

    get: async (id: string) => (await db()).get('operations', id),

    /** What the sender must (re)send, oldest first. */
    async waiting(): Promise<OperationRecord[]> {
      const d = await db();
      const [pending, unknown] = await Promise.all([
        d.getAllFromIndex('operations', 'byScopeStatus', [scope, 'pending']),
        d.getAllFromIndex('operations', 'byScopeStatus', [scope, 'unknown']),
      ]);
      return [...pending, ...unknown].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    /** Resends whose check against the card is still to be made (`toCheck`): found from an index that holds only them. */
    async toCheck(): Promise<OperationRecord[]> {
      const range = IDBKeyRange.bound([scope], [scope, []]); // every card number of this scope
      return (await db()).getAllFromIndex('operations', 'byScopeToCheck', range);
    },

    /** Counted from an index: no record is read. */
    async counts(): Promise<{ waiting: number; attention: number }> {
      const d = await db();
      const count = (status: OperationStatus) => d.countFromIndex('operations', 'byScopeStatus', [scope, status]);
      const [pending, unknown, attention] = await Promise.all([count('pending'), count('unknown'), count('attention')]);
      return { waiting: pending + unknown, attention };
    },

    async activeSales(): Promise<Sale[]> {
      return (await (await db()).getAllFromIndex('sales', 'byScopeActive', [scope, 1])).map(plain);
    },

    getSale: async (transactionId: string) => {
      const sale = await (await db()).get('sales', transactionId);
      return sale ? plain(sale) : undefined;
    },

    /** A till's sale, by the till's own reference. */
    saleByReference: async (reference: string) => {
      const sale = await (await db()).getFromIndex('sales', 'byTillReference', [scope, reference]);
      return sale ? plain(sale) : undefined;
    },

    /**
     * A till's sale by its reference, kept for another server (or training): one the till started
     * before the terminal's server or mode changed. Looked up per scope the sales are kept under.
     */
    tillSaleElsewhere: async (reference: string, origin: string) => {
      const store = (await db()).transaction('sales').store;
      const scopes = new Set<string>();
      const index = store.index('byScopeActive');
      for (let cursor = await index.openKeyCursor(null, 'nextunique'); cursor; cursor = await cursor.continue())
        scopes.add(cursor.key[0]);
      let latest: StoredSale | undefined;
      for (const other of scopes) {
        if (other === scope) continue;
        const sale = await store.index('byTillReference').get([other, reference]);
        // This till's (another till's reference is not its), the latest of them.
        if (sale?.till?.origin === origin && (!latest || sale.startedAt > latest.startedAt)) latest = sale;
      }
      return latest ? plain(latest) : undefined;
    },

    /** A completed sale by the reference its receipt prints (text and barcode). */
    saleByReceipt: async (reference: string) => {
      const sale = await (await db()).getFromIndex('sales', 'byReference', [scope, reference.toUpperCase()]);
      return sale ? plain(sale) : undefined;
    },

    /** Sales started in [from, to), newest first: the journal's search for a sale to take back. */
    salesStartedBetween: async (from: string, to: string): Promise<Sale[]> =>
      (await (await db()).getAllFromIndex('sales', 'byStarted', IDBKeyRange.bound(from, to, false, true)))
        .filter((s) => s.scope === scope)
        .map(plain)
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt)),

    /** Every return made of a sale, oldest first (`of`: the sale's scope, when not this one). */
    returnsOf: async (saleId: string, of: string = scope): Promise<SaleReturn[]> =>
      (await (await db()).getAllFromIndex('returns', 'bySale', saleId))
        .filter((r) => r.scope === of)
        .map(({ scope: _scope, ...r }) => r)
        .sort((a, b) => a.startedAt.localeCompare(b.startedAt)),

    /** The boxes of gift cards of this server, newest first (card-box.ts). */
    boxes: async (): Promise<CardBox[]> =>
      (await (await db()).getAllFromIndex('boxes', 'byScope', scope)).sort((a, b) =>
        b.startedAt.localeCompare(a.startedAt),
      ),

    box: async (boxId: string): Promise<CardBox | undefined> => (await db()).get('boxes', boxId),

    /** The Z reports of this server, newest first. */
    zReports: async (): Promise<ZReport[]> =>
      (
        await (await db()).getAll('zReports', IDBKeyRange.bound([scope, 0], [scope, Number.MAX_SAFE_INTEGER]))
      ).reverse(),

    /**
     * Whether the next Z report would count anything: an operation settled, a sale finished, a
     * return started or owed cash paid out since the last Z (or ever, before the first).
     */
    async dayHasFigures(): Promise<boolean> {
      const last = (await this.zReports())[0];
      const from = last?.closedAt ?? '';
      const to = '\uffff';
      const [settled, sales, returns, owedAtLast, unsettled] = await Promise.all([
        this.settledBetween(from, to),
        this.salesFinishedBetween(from, to),
        this.returnsStartedBetween(from, to),
        Promise.all(owedOn(last).map((id) => this.getSale(id))),
        this.unsettled(),
      ]);
      // Cash the last Z named as owed, paid out since: named on this day's report, in its currency.
      const paidOutLate = owedAtLast.some((s) => s?.paidOutAt !== undefined);
      // An earlier day's payment flagged for a manager since: only this server's next Z names it.
      const flagged = flaggedIn(unsettled, from, to).length;
      return settled.length + sales.length + returns.length + flagged > 0 || paidOutLate;
    },

    /** Every Z report of every server: what a backup carries. */
    allZReports: async (): Promise<ZReport[]> => (await db()).getAll('zReports'),

    /** Operations not settled (still to send, unknown, or flagged for a manager), however old. */
    async unsettled(): Promise<OperationRecord[]> {
      const d = await db();
      const lists = await Promise.all(
        (['pending', 'unknown', 'attention'] as const).map((s) =>
          d.getAllFromIndex('operations', 'byScopeStatus', [scope, s]),
        ),
      );
      return lists.flat();
    },

    /**
     * A page of the journal, newest first, after the row `after` (the last one of the page before).
     * Rows written in the same millisecond come in the order of their ids, so none is skipped
     * between two pages.
     */
    async page(limit: number, after?: JournalPlace): Promise<OperationRecord[]> {
      const d = await db();
      const range = IDBKeyRange.bound([scope, ''], [scope, after?.createdAt ?? '\uffff']);
      const out: OperationRecord[] = [];
      const index = d.transaction('operations').store.index('byScopeCreated');
      for (
        let cursor = await index.openCursor(range, 'prev');
        cursor && out.length < limit;
        cursor = await cursor.continue()
      ) {
        const { createdAt, id } = cursor.value;
        if (after && createdAt === after.createdAt && id >= after.id) continue; // on the page before
        out.push(cursor.value);
      }
      return out;
    },

    /** Every record that settled in [from, to): what a day's report counts. */
    async settledBetween(from: string, to: string): Promise<OperationRecord[]> {
      const range = IDBKeyRange.bound([scope, from], [scope, to], false, true);
      return (await db()).getAllFromIndex('operations', 'byScopeSettled', range);
    },

    /** Sales that finished (completed, voided or reversed) in [from, to): a day's payments another way and voided sales. */
    salesFinishedBetween: async (from: string, to: string): Promise<Sale[]> =>
      (
        await (
          await db()
        ).getAllFromIndex('sales', 'byScopeFinished', IDBKeyRange.bound([scope, from], [scope, to], false, true))
      ).map(plain),

    /**
     * Returns started in [from, to): a day's money given back another way (given at the counter when
     * the return starts). Read whole (a store makes few returns; the 90 days' pruning keeps it short).
     */
    returnsStartedBetween: async (from: string, to: string): Promise<SaleReturn[]> =>
      startedBetween(await (await db()).getAll('returns'), scope, from, to),

    /** Every record created in [from, to): the day's totals. */
    async between(from: string, to: string): Promise<OperationRecord[]> {
      const range = IDBKeyRange.bound([scope, from], [scope, to], false, true);
      return (await db()).getAllFromIndex('operations', 'byScopeCreated', range);
    },

    all: async () => (await db()).getAllFromIndex('operations', 'byScope', scope),

    /** Every record of every server (training and live): what a backup carries. */
    everything: async () => (await db()).getAll('operations'),
  };
}

export type ReadModel = ReturnType<typeof createReadModel>;

/**
 * What keeps the terminal with a server, asked before it stops sending to it (another server,
 * another currency, training): records waiting to be sent or a sale's money held or in flight
 * (`unsettled`), a cash-out's cash still owed (`cashOwed`), or records this window cannot read
 * (`unreadable`: another window may hold them, and send them). A browser that keeps no records here
 * has none to leave.
 */
export async function whatStaysWith(reads: ReadModel): Promise<'unsettled' | 'cashOwed' | 'unreadable' | null> {
  try {
    const [{ waiting }, sales] = await Promise.all([reads.counts(), reads.activeSales()]);
    if (waiting > 0 || sales.some(moneyOnItsWay)) return 'unsettled';
    return sales.some(cashOwed) ? 'cashOwed' : null;
  } catch {
    return keepsNoRecords() ? null : 'unreadable';
  }
}

/**
 * This browser keeps no records here: no storage, or storage refused where it never kept any (a
 * database refused after it kept records, one a newer version upgraded say, may hold unsent ones).
 */
export function keepsNoRecords(): boolean {
  const { usable } = useStorageStore.getState();
  return usable === 'missing' || (usable === 'refused' && !hadRecords());
}
