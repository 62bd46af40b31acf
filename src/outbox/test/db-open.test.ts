import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The terminal's database, as outboxDb opens it (once per page: each test imports db.ts afresh). */
const DB_NAME = 'loyalty-terminal-journal';
const freshDb = () => import('../db');

/** A database as the first version of the terminal left it, held open by a window that does not let go. */
function firstVersionHeldOpen(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('operations', { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
}

describe('records kept here that this window cannot open', () => {
  beforeEach(() => vi.resetModules());
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    await deleteDB(DB_NAME);
  });

  it('at a newer version than this build (a rollback deploy): "olderVersion", not the private-window advice, and no payment', async () => {
    const { OUTBOX_DB_VERSION } = await freshDb();
    (await openDB(DB_NAME, OUTBOX_DB_VERSION + 1)).close();
    const { outboxDb, takesPayments, useStorageStore } = await freshDb();
    await expect(outboxDb()).rejects.toMatchObject({ name: 'VersionError' });
    expect(useStorageStore.getState().usable).toBe('olderVersion');
    expect(takesPayments('olderVersion')).toBe(false);
  });

  it('an open the browser never answers (WebKit, first launch): "unanswered" after the time-out, and no payment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A request that fires nothing: no success, no error, no upgrade, no block.
    vi.stubGlobal('indexedDB', { open: () => new IDBOpenDBRequest() });
    const { outboxDb, OPEN_ANSWER_MS, takesPayments, useStorageStore } = await freshDb();
    const opening = outboxDb();
    opening.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(OPEN_ANSWER_MS - 1);
    expect(useStorageStore.getState().usable).toBe('checking');
    await vi.advanceTimersByTimeAsync(1);
    expect(useStorageStore.getState().usable).toBe('unanswered');
    await expect(opening).rejects.toThrow();
    expect(takesPayments('unanswered')).toBe(false);
  });

  it('an open that waits for an older window is answered: no time-out, and it opens once that window lets go', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const older = await firstVersionHeldOpen(DB_NAME);
    const { outboxDb, OPEN_ANSWER_MS, useStorageStore } = await freshDb();
    const opening = outboxDb();
    await vi.waitFor(() => expect(useStorageStore.getState().usable).toBe('olderWindow'));
    await vi.advanceTimersByTimeAsync(OPEN_ANSWER_MS * 2);
    expect(useStorageStore.getState().usable).toBe('olderWindow');
    older.close();
    (await opening).close();
    expect(useStorageStore.getState().usable).toBe('yes');
  });

  it('closed by the browser while the terminal runs (site data cleared): "closed", and no payment', async () => {
    // The browser says so with a `close` event on the connection: the listener the terminal put there is called.
    const listen = vi.spyOn(IDBDatabase.prototype, 'addEventListener');
    const { outboxDb, takesPayments, useStorageStore } = await freshDb();
    const db = await outboxDb();
    expect(useStorageStore.getState().usable).toBe('yes');
    const onClose = listen.mock.calls.find(([type]) => type === 'close')?.[1];
    expect(onClose).toBeTypeOf('function');
    db.close();
    (onClose as () => void)();
    expect(useStorageStore.getState().usable).toBe('closed');
    expect(takesPayments('closed')).toBe(false);
  });
});
