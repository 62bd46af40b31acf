import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { OUTBOX_DB_VERSION, openOutboxDb } from '../db';

/** A database as the first version of the terminal left it, held open by a window that does not let go. */
function firstVersionHeldOpen(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      const ops = request.result.createObjectStore('operations', { keyPath: 'id' });
      ops.createIndex('byScope', 'scope');
      ops.createIndex('byTransaction', 'transactionId');
      ops.createIndex('byStatus', 'status');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
}

describe('the records held by another version of the terminal', () => {
  it('an older window holding them open: this one is told, waits, and opens them once it lets go', async () => {
    const name = `outbox-${crypto.randomUUID()}`;
    const older = await firstVersionHeldOpen(name);
    const blocked = vi.fn();
    let opened = false;
    const upgrading = openOutboxDb(name, { blocked }).then((db) => {
      opened = true;
      return db;
    });
    await vi.waitFor(() => expect(blocked).toHaveBeenCalledTimes(1));
    expect(opened).toBe(false);
    older.close();
    const db = await upgrading;
    expect(db.version).toBe(OUTBOX_DB_VERSION);
    expect([...db.objectStoreNames]).toContain('zReports');
    db.close();
  });

  it('a newer window upgrading them: this one is told, so it can let go', async () => {
    const name = `outbox-${crypto.randomUUID()}`;
    const blocking = vi.fn();
    const db = await openOutboxDb(name, { blocking: () => (blocking(), db.close()) });
    const newer = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, OUTBOX_DB_VERSION + 1);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    expect(blocking).toHaveBeenCalledTimes(1);
    expect(newer.version).toBe(OUTBOX_DB_VERSION + 1);
    newer.close();
  });
});
