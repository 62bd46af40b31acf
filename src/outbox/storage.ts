import { openOutboxDb, type OutboxDb } from './db';
import { hadRecords, useStorageStore } from './storage-report';

const DB_NAME = 'loyalty-terminal-journal';

let shared: Promise<OutboxDb> | null = null;

/**
 * The terminal's one outbox database, opened once. A browser without IndexedDB, or one that
 * refuses it, rejects here (never throws synchronously), and the report says which.
 */
export function outboxDb(): Promise<OutboxDb> {
  shared ??= Promise.resolve().then(() => {
    if (typeof indexedDB === 'undefined' || indexedDB === null) throw new StorageMissing();
    let created = false;
    return openOutboxDb(DB_NAME, () => (created = true)).then(async (db) => {
      // A new database where this browser had records: the browser cleared them.
      const empty = created || (await db.count('operations')) === 0;
      useStorageStore.setState({ usable: 'yes', evicted: empty && hadRecords() });
      return db;
    });
  });
  shared.catch((error: unknown) =>
    useStorageStore.setState({ usable: error instanceof StorageMissing ? 'missing' : 'refused' }),
  );
  return shared;
}

class StorageMissing extends Error {}
