import { afterEach, describe, expect, it, vi } from 'vitest';
import { takesPayments, useStorageStore } from '../db';
import { recordsWritten, WRITE_NEWS_CHANNEL } from '../money-path';
import { outboxHarness } from './harness';

/**
 * The device is full: a write to the records is refused. The terminal must say so on every screen,
 * send nothing it has not written, and lose no answer: an operation whose answer could not be written
 * is sent again (the same key) once a write passes, and the card is charged once.
 */
const realPut = IDBObjectStore.prototype.put;
/** Every write refused from now, as a full device refuses it (or with another DOMException's name). */
const refuseWrites = (name = 'QuotaExceededError') => {
  IDBObjectStore.prototype.put = () => {
    throw new DOMException('The device refused the write', name);
  };
};
const allowWrites = () => {
  IDBObjectStore.prototype.put = realPut;
};
afterEach(allowWrites);

describe('records that refuse a write', () => {
  it('an answer that cannot be written: said at once, and kept once a write passes, the card charged once', async () => {
    const written = vi.fn<(ok: boolean) => void>();
    let full = false;
    const t = outboxHarness({
      onWritten: written,
      // The request has left (marked in flight); the device fills before its answer is written.
      onSend: () => {
        if (full) refuseWrites();
      },
    });
    t.sender.stop();
    await t.start(1200);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 1200, availableBefore: 5000 });
    expect(written).toHaveBeenLastCalledWith(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    full = true;
    t.sender.start();
    await t.sender.idle();
    t.sender.stop();
    expect(t.state().authorizations).toHaveLength(1); // the server took it
    expect(written).toHaveBeenLastCalledWith(false);
    expect(await t.lineStates()).toEqual(['requesting']);

    // Space is freed: the attempt whose answer was not kept is a lost answer, sent again after its
    // back-off, as after a crash.
    full = false;
    allowWrites();
    t.sender.start();
    for (let i = 0; i < 2; i += 1) {
      t.advance(10_000);
      await t.run();
    }
    t.sender.stop();
    expect(written).toHaveBeenLastCalledWith(true);
    expect(await t.lineStates()).toEqual(['authorized']);
    expect(t.state().authorizations).toHaveLength(1); // sent again with its key: one hold, not two
    warn.mockRestore();
  });

  it('the cashier’s own write refused: said, nothing sent; the next write kept ends it', async () => {
    const written = vi.fn<(ok: boolean) => void>();
    const t = outboxHarness({ onWritten: written });
    t.sender.stop();
    refuseWrites();
    await expect(t.start(500)).rejects.toThrow();
    expect(written).toHaveBeenLastCalledWith(false);
    expect(t.state().authorizations).toHaveLength(0);
    allowWrites();
    await t.start(500);
    expect(written).toHaveBeenLastCalledWith(true);
  });

  it('the in-flight mark refused (the device full before the request leaves): said, and nothing is sent', async () => {
    const written = vi.fn<(ok: boolean) => void>();
    const t = outboxHarness({ onWritten: written });
    t.sender.stop();
    await t.start(1200);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 1200, availableBefore: 5000 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    refuseWrites();
    t.sender.start();
    await t.sender.idle();
    t.sender.stop();
    expect(written).toHaveBeenLastCalledWith(false);
    expect(t.state().authorizations).toHaveLength(0);
    allowWrites();
    t.sender.start();
    await t.sender.idle();
    t.sender.stop();
    expect(written).toHaveBeenLastCalledWith(true);
    expect(await t.lineStates()).toEqual(['authorized']);
    expect(t.state().authorizations).toHaveLength(1);
    warn.mockRestore();
  });

  it('a write that puts nothing (a refusal by the flow, a prune) says nothing of the device', async () => {
    const written = vi.fn<(ok: boolean) => void>();
    const t = outboxHarness({ onWritten: written });
    t.sender.stop();
    await t.outbox.prune();
    expect(written).not.toHaveBeenCalled();
  });

  it.each(['ConstraintError', 'UnknownError'])(
    'a refusal that is not the quota’s (%s: a bug, a lost connection) is not said to be a full device',
    async (name) => {
      const written = vi.fn<(ok: boolean) => void>();
      const t = outboxHarness({ onWritten: written });
      t.sender.stop();
      refuseWrites(name);
      await expect(t.start(500)).rejects.toThrow();
      expect(written).not.toHaveBeenCalledWith(false);
    },
  );

  it('the storage report: only records that open go to "unwritable", and back; a payment may start (its write ends it)', () => {
    useStorageStore.setState({ usable: 'yes' });
    recordsWritten(false);
    expect(useStorageStore.getState().usable).toBe('unwritable');
    expect(takesPayments('unwritable')).toBe(true);
    recordsWritten(true);
    expect(useStorageStore.getState().usable).toBe('yes');
    // Records the browser closed stay closed: a later write says nothing of them.
    useStorageStore.setState({ usable: 'closed' });
    recordsWritten(false);
    recordsWritten(true);
    expect(useStorageStore.getState().usable).toBe('closed');
  });

  it('every window of the terminal says it: another window hears each outcome, and an older one heard late changes nothing', async () => {
    const other = new BroadcastChannel(WRITE_NEWS_CHANNEL); // another window of the terminal
    const heard: unknown[] = [];
    other.onmessage = (event: MessageEvent) => heard.push(event.data);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
    try {
      useStorageStore.setState({ usable: 'yes' });
      recordsWritten(false);
      await settle();
      expect(heard).toEqual([{ written: false, at: expect.any(Number) as number }]);

      // The other window's write passed: this one's alert ends.
      const passedAt = (heard[0] as { at: number }).at + 5;
      other.postMessage({ written: true, at: passedAt });
      await settle();
      expect(useStorageStore.getState().usable).toBe('yes');
      // A refusal from before that, heard late, and what is not a write's news, change nothing.
      other.postMessage({ written: false, at: passedAt - 1 });
      other.postMessage({ written: 'no', at: passedAt + 10 });
      other.postMessage('unwritable');
      await settle();
      expect(useStorageStore.getState().usable).toBe('yes');
      // Crossing at the same moment: a kept write does not undo a refusal of that moment, a refusal does.
      const moment = Date.now() + 30_000;
      other.postMessage({ written: false, at: moment });
      await settle();
      other.postMessage({ written: true, at: moment });
      await settle();
      expect(useStorageStore.getState().usable).toBe('unwritable');
      other.postMessage({ written: true, at: moment + 1 });
      await settle();
      expect(useStorageStore.getState().usable).toBe('yes');
      // The other window's write refused: said here too, until a write passes.
      const ahead = Date.now() + 60_000; // that window's clock a minute ahead of this one's
      other.postMessage({ written: false, at: ahead });
      await settle();
      expect(useStorageStore.getState().usable).toBe('unwritable');
      recordsWritten(true);
      await settle();
      expect(useStorageStore.getState().usable).toBe('yes');
      expect(heard.at(-1)).toEqual({ written: true, at: ahead + 1 }); // after all it heard, whatever this clock says
    } finally {
      other.close();
    }
  });
});
