import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CardBox } from '@/domain/card-box';
import type { SaleReturn } from '@/domain/return-flow';
import { receiptReference, type Sale } from '@/domain/sale';
import { create } from 'zustand';
import { browserFeatures, recordsKeeping } from '@/lib/browser-features';
import type { OperationRecord, OperationStatus } from './types';

// ─── Whether the browser keeps the records ───

/**
 * Whether this browser keeps the terminal's records, and for how long: the only record of a
 * payment under way, of commits waiting for the server and of the day's journal is here.
 * - usable: IndexedDB opens. When it does not (missing, refused by a locked-down or private
 *   browser, or RecordsNotOpen below), the terminal still opens, says why, and takes no money.
 * - persisted: the browser agreed not to evict the records under disk pressure (persist()).
 * - evicted: this terminal had records (a marker outside IndexedDB says so) and now finds none.
 * - usage / quota: how full the storage is (estimate()).
 */
/**
 * The records held by another version of the terminal: an older window keeps them open while this
 * one upgrades them (olderWindow: this one waits), or a newer window upgraded them (updatedElsewhere:
 * this one let go of them and must be reloaded).
 */
export type RecordsElsewhere = 'olderWindow' | 'updatedElsewhere';

/**
 * The records are kept here, but this window cannot use them; a reload is the way out of each, and
 * none is the private-window advice of `refused`:
 * - olderVersion: a newer build upgraded them, and this older one (a deploy rolled back, a page
 *   left open) cannot read them (VersionError);
 * - unanswered: the browser never answered the open (WebKit may not, on a first launch);
 * - closed: the browser closed them while the terminal ran (its site data cleared, say).
 */
export type RecordsNotOpen = 'olderVersion' | 'unanswered' | 'closed';

/**
 * The records open, but the last write was refused as a full device refuses it. Nothing is sent that
 * was not written first, so a payment refused its record is never sent; an answer that came back and
 * could not be written is a lost answer, and its operation is sent again (the same key) once a write
 * passes. Payments may still be started: the next write that passes (the cashier's or the sender's)
 * ends it (`recordsWritten`, money-path.ts), where a terminal that took none would wait for ever.
 */
export type RecordsNotWritten = 'unwritable';

/** Whether payments may start: the records open here, in this version. */
export const takesPayments = (usable: StorageReport['usable']) =>
  usable === 'yes' || usable === 'checking' || usable === 'unwritable';

export interface StorageReport {
  usable: 'checking' | 'yes' | 'missing' | 'refused' | RecordsElsewhere | RecordsNotOpen | RecordsNotWritten;
  persisted: boolean | null;
  evicted: boolean;
  usage: number | null;
  quota: number | null;
}

export const useStorageStore = create<StorageReport>(() => ({
  usable: 'checking',
  persisted: null,
  evicted: false,
  usage: null,
  quota: null,
}));

export const useStorageReport = () => useStorageStore((s) => s);
export const useRecordsUsable = () => useStorageStore((s) => s.usable);
/** Whether the browser keeps the records, from its answer and what it can do (lib/browser-features.ts). */
export const useRecordsKeeping = () => useStorageStore((s) => recordsKeeping(s.persisted, browserFeatures()));

/** Settled operations and finished sales are kept this long, then pruned; unsettled ones never are. */
export const KEEP_DAYS = 90;

/** Above this share of the quota the header warns the manager (before writes start failing). */
export const NEARLY_FULL = 0.8;

export const nearlyFull = (r: Pick<StorageReport, 'usage' | 'quota'>) =>
  r.usage !== null && r.quota !== null && r.quota > 0 && r.usage / r.quota >= NEARLY_FULL;

const MARKER = 'loyalty-terminal.records';

/** Set once this browser has held a record: kept in localStorage, so an emptied IndexedDB is noticed. */
export function markRecordsKept(): void {
  try {
    if (localStorage.getItem(MARKER) === null) localStorage.setItem(MARKER, new Date().toISOString());
  } catch {
    // No localStorage: nothing to compare with later.
  }
}

export function hadRecords(): boolean {
  try {
    return localStorage.getItem(MARKER) !== null;
  } catch {
    return false;
  }
}

let asked: Promise<void> | null = null;

/**
 * Asks the browser to keep the records, and reads how full the storage is: once per page, however
 * often the outbox's provider mounts (StrictMode, Fast Refresh, a changed server).
 */
export function askToKeepRecords(): Promise<void> {
  asked ??= ask();
  return asked;
}

async function ask(): Promise<void> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage) return;
  try {
    const persisted = (await storage.persisted?.()) || ((await storage.persist?.()) ?? false);
    useStorageStore.setState({ persisted });
  } catch {
    useStorageStore.setState({ persisted: false });
  }
  await measureStorage();
}

/** How full the storage is (usage and quota in bytes, as the browser estimates them). */
export async function measureStorage(): Promise<void> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate) useStorageStore.setState({ usage: estimate.usage ?? null, quota: estimate.quota ?? null });
  } catch {
    // Not told: no warning rather than a wrong one.
  }
}

/** A backup was imported (or a manager saw the notice): the emptied store is no longer news. */
export function evictionAcknowledged(): void {
  useStorageStore.setState({ evicted: false });
}

// ─── The database ───

/**
 * A sale as stored: `active` (1 or 0) and `reference` (the receipt's, receiptReference) are derived
 * on every write, so indexes find the sales still being worked on and a sale by its receipt.
 */
export type StoredSale = Sale & { scope: string; active: 0 | 1; reference?: string };

/** A box as stored, found by its server. */
export type StoredBox = CardBox & { scope: string };

/** A return as stored, found by its sale. */
export type StoredReturn = SaleReturn & { scope: string };

export interface OutboxSchema extends DBSchema {
  operations: {
    key: string;
    value: OperationRecord;
    indexes: {
      byScope: string;
      byTransaction: string;
      byStatus: OperationStatus;
      byScopeStatus: [string, OperationStatus];
      byScopeCreated: [string, string];
      byCreated: string;
      byScopeSettled: [string, string];
      byScopeToCheck: [string, string];
    };
  };
  sales: {
    key: string;
    value: StoredSale;
    indexes: {
      byScopeFinished: [string, string];
      byScopeActive: [string, number];
      byStarted: string;
      byTillReference: [string, string];
      byReference: [string, string];
    };
  };
  returns: {
    key: string;
    value: StoredReturn;
    indexes: { bySale: string };
  };
  /** Boxes of gift cards being activated (card-box.ts): which card has its issue, written with it. */
  boxes: {
    key: string;
    value: StoredBox;
    indexes: { byScope: string };
  };
  /** Z reports, numbered per server (scope): what each closed day counted, as it was when closed. */
  zReports: {
    key: [string, number];
    value: ZReport;
  };
}

/** A day closed: its number, the span it covers, and the report as computed then (it never changes). */
export interface ZReport {
  scope: string;
  number: number;
  from: string;
  closedAt: string;
  /** The currency its amounts are in (ISO code); absent on Z reports kept before it was. */
  currency?: string;
  /** The report itself (day-report.ts), kept as data. */
  report: unknown;
  /** Operations not settled when the day closed, carried into the next day: masked, named. */
  carried: { id: string; type: string; maskedNumber: string; status: string; createdAt: string }[];
}

export type OutboxDb = IDBPDatabase<OutboxSchema>;

/**
 * One IndexedDB database holds the sales and the operations they ask for, so that both are written
 * in one transaction. Version 1 had the operations only; version 2 adds the sales and the indexes
 * that let counts and journal pages be read without reading every record; version 3 finds a
 * till's sale by the till's reference (sales without one are not in that index); version 4 names
 * that field `till` (it was `host`: one name for the till everywhere); version 5 finds a sale by
 * its receipt's reference and keeps the returns made of sales; version 6 keeps the Z reports;
 * version 7 the boxes of gift cards being activated; version 8 finds what settled and what finished
 * in a span (the day's reports count each operation on the day it settled, each sale on the day it
 * finished); version 9 finds the resends whose check against the card is still to be made (only
 * those records are in that index); version 10 marks the till sales closed before as answered.
 */
/** What opening the database tells its caller besides the database itself. */
interface OpenEvents {
  /** There was no database: this opening created it. */
  created?: () => void;
  /** The browser answered with an upgrade: under way, however long its records take. */
  upgrading?: () => void;
  /** Another window holds an older version open: this one waits for it to close or reload. */
  blocked?: () => void;
  /** A newer version of the terminal, in another window, waits for this one to let go. */
  blocking?: () => void;
  /** The browser closed the database (not this code): nothing more can be read or written. */
  terminated?: () => void;
}

/** The records' version: raised with each change to the stores or their indexes (above). */
export const OUTBOX_DB_VERSION = 10;

export function openOutboxDb(name: string, on: OpenEvents = {}): Promise<OutboxDb> {
  return openDB<OutboxSchema>(name, OUTBOX_DB_VERSION, {
    blocked: () => on.blocked?.(),
    blocking: () => on.blocking?.(),
    terminated: () => on.terminated?.(),
    async upgrade(db, oldVersion, _newVersion, tx) {
      on.upgrading?.();
      if (oldVersion === 0) on.created?.();
      const ops = oldVersion < 1 ? db.createObjectStore('operations', { keyPath: 'id' }) : tx.objectStore('operations');
      if (oldVersion < 1) {
        ops.createIndex('byScope', 'scope');
        ops.createIndex('byTransaction', 'transactionId');
        ops.createIndex('byStatus', 'status');
      }
      if (oldVersion < 2) {
        ops.createIndex('byScopeStatus', ['scope', 'status']);
        ops.createIndex('byScopeCreated', ['scope', 'createdAt']);
        ops.createIndex('byCreated', 'createdAt');
        const sales = db.createObjectStore('sales', { keyPath: 'transactionId' });
        sales.createIndex('byScopeActive', ['scope', 'active']);
        sales.createIndex('byStarted', 'startedAt');
      }
      if (oldVersion < 4) {
        const sales = tx.objectStore('sales');
        // Version 3's index, on the old field name (the schema's types know only the new one).
        const old = 'byHostReference' as 'byTillReference';
        if (sales.indexNames.contains(old)) sales.deleteIndex(old);
        sales.createIndex('byTillReference', ['scope', 'till.reference']);
        for (let c = await sales.openCursor(); c; c = await c.continue()) {
          const { host, ...sale } = c.value as StoredSale & { host?: Sale['till'] };
          if (host) await c.update({ ...sale, till: host });
        }
      }
      if (oldVersion < 5) {
        const sales = tx.objectStore('sales');
        sales.createIndex('byReference', ['scope', 'reference']);
        for (let c = await sales.openCursor(); c; c = await c.continue())
          await c.update({ ...c.value, reference: receiptReference(c.value.transactionId) });
        db.createObjectStore('returns', { keyPath: 'returnId' }).createIndex('bySale', 'saleId');
      }
      if (oldVersion < 6) db.createObjectStore('zReports', { keyPath: ['scope', 'number'] });
      if (oldVersion < 7) db.createObjectStore('boxes', { keyPath: 'boxId' }).createIndex('byScope', 'scope');
      if (oldVersion < 8) {
        ops.createIndex('byScopeSettled', ['scope', 'settledAt']);
        tx.objectStore('sales').createIndex('byScopeFinished', ['scope', 'finishedAt']);
        // Records answered before: settled when their answer was written.
        for (let c = await ops.openCursor(); c; c = await c.continue())
          if ((c.value.status === 'succeeded' || c.value.status === 'refused') && !c.value.settledAt)
            await c.update({ ...c.value, settledAt: c.value.updatedAt });
      }
      if (oldVersion < 9) ops.createIndex('byScopeToCheck', ['scope', 'toCheck.number']);
      if (oldVersion < 10) {
        // A till's sale closed by an earlier build had its result sent back (it was sent, then the
        // sale closed): marked so, or it would be sent again, its URL till's callback opened anew.
        const sales = tx.objectStore('sales');
        for (let c = await sales.openCursor(); c; c = await c.continue())
          if (c.value.till && c.value.closed && !c.value.till.answered)
            await c.update({ ...c.value, till: { ...c.value.till, answered: true } });
      }
    },
  });
}

const DB_NAME = 'loyalty-terminal-journal';

let shared: Promise<OutboxDb> | null = null;

/**
 * How long the browser has to answer the open (the database, an upgrade or a block): WebKit's
 * first-launch bug leaves it unanswered for good, and the terminal would say "checking" forever.
 */
export const OPEN_ANSWER_MS = 10_000;

/**
 * The terminal's one outbox database, opened once. A browser without IndexedDB, or one that
 * refuses it, rejects here (never throws synchronously), and the report says which.
 */
export function outboxDb(): Promise<OutboxDb> {
  shared ??= Promise.resolve().then(() => {
    if (typeof indexedDB === 'undefined' || indexedDB === null) throw new StorageMissing();
    let created = false;
    let opened: OutboxDb | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gaveUp = false;
    const answered = () => clearTimeout(timer);
    const events: OpenEvents = {
      created: () => (created = true),
      // An upgrade over many records, or an older window not letting go, may take longer: answered all the same.
      upgrading: answered,
      blocked: () => {
        answered();
        useStorageStore.setState({ usable: 'olderWindow' });
      },
      // A newer terminal in another window upgrades the records: this window lets go of them and
      // takes nothing more until it is reloaded (every record is durable; the newer window's sender sends it).
      blocking: () => {
        opened?.close();
        useStorageStore.setState({ usable: 'updatedElsewhere' });
      },
      // Every write from now on would fail: said at once, and no payment starts until a reload.
      terminated: () => useStorageStore.setState({ usable: 'closed' }),
    };
    const unanswered = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        gaveUp = true;
        reject(new OpenUnanswered());
      }, OPEN_ANSWER_MS);
    });
    const opening = openOutboxDb(DB_NAME, events).then(
      (db) => {
        answered();
        // Answered after this window said to reload: let go of it, nothing here uses it.
        if (gaveUp) db.close();
        return db;
      },
      (error: unknown) => {
        answered();
        throw error;
      },
    );
    return Promise.race([opening, unanswered]).then(async (db) => {
      opened = db;
      // A new database where this browser had records: the browser cleared them.
      const empty = created || (await db.count('operations')) === 0;
      useStorageStore.setState({ usable: 'yes', evicted: empty && hadRecords() });
      return db;
    });
  });
  shared.catch((error: unknown) => useStorageStore.setState({ usable: whyNotOpen(error) }));
  return shared;
}

class StorageMissing extends Error {}
class OpenUnanswered extends Error {}

function whyNotOpen(error: unknown): StorageReport['usable'] {
  if (error instanceof StorageMissing) return 'missing';
  if (error instanceof OpenUnanswered) return 'unanswered';
  // Records at a higher version than this build knows: they are there, and not this build's to read.
  if ((error as { name?: unknown } | null)?.name === 'VersionError') return 'olderVersion';
  return 'refused';
}
