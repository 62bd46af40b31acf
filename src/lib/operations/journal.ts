import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OperationRecord } from './types';

interface JournalSchema extends DBSchema {
  operations: {
    key: string;
    value: OperationRecord;
    indexes: { byScope: string; byTransaction: string; byStatus: string };
  };
}

export interface Journal {
  put(record: OperationRecord): Promise<void>;
  get(id: string): Promise<OperationRecord | undefined>;
  list(scope: string): Promise<OperationRecord[]>;
  byTransaction(transactionId: string): Promise<OperationRecord[]>;
  /** Called after every write: the header's waiting count listens here. */
  subscribe(listener: () => void): () => void;
}

const listeners = new Set<() => void>();

/**
 * The terminal's durable journal (IndexedDB, strict durability): an operation is written here
 * before its request leaves, and updated when the answer comes.
 */
export function openJournal(name = 'loyalty-terminal-journal'): Journal {
  let db: Promise<IDBPDatabase<JournalSchema>> | null = null;
  const database = () =>
    (db ??= openDB<JournalSchema>(name, 1, {
      upgrade(d) {
        const store = d.createObjectStore('operations', { keyPath: 'id' });
        store.createIndex('byScope', 'scope');
        store.createIndex('byTransaction', 'transactionId');
        store.createIndex('byStatus', 'status');
      },
    }));

  return {
    async put(record) {
      const tx = (await database()).transaction('operations', 'readwrite', { durability: 'strict' });
      await Promise.all([tx.store.put(record), tx.done]);
      for (const listener of listeners) listener();
    },
    async get(id) {
      return (await database()).get('operations', id);
    },
    async list(scope) {
      return (await database()).getAllFromIndex('operations', 'byScope', scope);
    },
    async byTransaction(transactionId) {
      return (await database()).getAllFromIndex('operations', 'byTransaction', transactionId);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let shared: Journal | null = null;
export function journal(): Journal {
  return (shared ??= openJournal());
}
