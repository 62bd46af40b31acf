import 'fake-indexeddb/auto';
import { openDB } from 'idb';
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

describe('version 10', () => {
  it('marks the till sales an earlier build closed as answered (their result went), not the ones still open', async () => {
    const name = `outbox-${crypto.randomUUID()}`;
    // Version 9's records: a till sale closed with its commit still without an answer, and one not closed yet.
    const v9 = await openOutboxDbAt(name, 9);
    const till = { reference: 'R-1', origin: 'https://till.example', transport: 'url', currency: 'EUR' };
    const sale = { due: 1000, lines: [], status: 'completed', startedAt: '2026-11-27T10:00:00Z', scope: 's' };
    await v9.put('sales', { ...sale, transactionId: 'a', till, closed: true, active: 1 });
    await v9.put('sales', { ...sale, transactionId: 'b', till: { ...till, reference: 'R-2' }, active: 1 });
    v9.close();

    const db = await openOutboxDb(name);
    expect((await db.get('sales', 'a'))?.till?.answered).toBe(true);
    expect((await db.get('sales', 'b'))?.till?.answered).toBeUndefined();
    db.close();
  });
});

/** The database as the terminal of `version` left it (its stores and indexes, no records). */
async function openOutboxDbAt(name: string, version: number) {
  return openDB(name, version, {
    upgrade(db) {
      const ops = db.createObjectStore('operations', { keyPath: 'id' });
      for (const [index, path] of [
        ['byScope', 'scope'],
        ['byTransaction', 'transactionId'],
        ['byStatus', 'status'],
        ['byScopeStatus', ['scope', 'status']],
        ['byScopeCreated', ['scope', 'createdAt']],
        ['byCreated', 'createdAt'],
        ['byScopeSettled', ['scope', 'settledAt']],
        ['byScopeToCheck', ['scope', 'toCheck.number']],
      ] as const)
        ops.createIndex(index, path as string | string[]);
      const sales = db.createObjectStore('sales', { keyPath: 'transactionId' });
      for (const [index, path] of [
        ['byScopeActive', ['scope', 'active']],
        ['byStarted', 'startedAt'],
        ['byTillReference', ['scope', 'till.reference']],
        ['byReference', ['scope', 'reference']],
        ['byScopeFinished', ['scope', 'finishedAt']],
      ] as const)
        sales.createIndex(index, path as string | string[]);
      db.createObjectStore('returns', { keyPath: 'returnId' }).createIndex('bySale', 'saleId');
      db.createObjectStore('zReports', { keyPath: ['scope', 'number'] });
      db.createObjectStore('boxes', { keyPath: 'boxId' }).createIndex('byScope', 'scope');
    },
  });
}
