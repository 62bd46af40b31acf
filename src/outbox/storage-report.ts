import { create } from 'zustand';
import { browserFeatures, recordsKeeping } from '@/lib/browser-features';

/**
 * Whether this browser keeps the terminal's records, and for how long: the only record of a
 * payment under way, of commits waiting for the server and of the day's journal is here.
 * - usable: IndexedDB opens. When it does not (missing, refused by a locked-down or private
 *   browser), the terminal still opens, says why, and takes no money.
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

/** Whether payments may start: the records open here, in this version. */
export const takesPayments = (usable: StorageReport['usable']) => usable === 'yes' || usable === 'checking';

export interface StorageReport {
  usable: 'checking' | 'yes' | 'missing' | 'refused' | RecordsElsewhere;
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
