import { describe, expect, it, vi } from 'vitest';
import { recordsWritten, takesPayments, useStorageStore } from '../db';
import { createSender } from '../sender';
import { outboxHarness } from './harness';

/**
 * The device is full: the request leaves, the server takes the payment, and its answer cannot be
 * written. The terminal must say so on every screen and take no new payment, and the answer must
 * not be lost: the operation is sent again (the same key) until its answer is kept, once on the card.
 */
describe('records that refuse a write', () => {
  it('the sender says so, takes no new payment meanwhile, and keeps the answer once a write passes', async () => {
    const t = outboxHarness();
    t.sender.stop();
    await t.start(1200);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 1200, availableBefore: 5000 });
    let full = true;
    const written = vi.fn<(ok: boolean) => void>();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sender = createSender({
      api: t.api,
      outbox: {
        ...t.outbox,
        answered: (...args: Parameters<typeof t.outbox.answered>) =>
          full
            ? Promise.reject(new DOMException('The disk is full', 'QuotaExceededError'))
            : t.outbox.answered(...args),
      },
      reads: t.reads,
      now: t.now,
      elapsed: t.elapsed,
      exclusive: (work) => work(),
      onWritten: written,
    });
    await sender.kick();
    await sender.idle();
    // The server took it; this terminal could not keep the answer.
    expect(t.state().authorizations).toHaveLength(1);
    expect(written).toHaveBeenLastCalledWith(false);
    expect(await t.lineStates()).toEqual(['requesting']);

    // The space is freed: the attempt whose answer was not kept is taken as a lost answer, and sent
    // again after its back-off, as after a crash.
    full = false;
    for (let i = 0; i < 2; i += 1) {
      t.advance(10_000);
      await sender.kick();
      await sender.idle();
    }
    sender.stop();
    expect(written).toHaveBeenLastCalledWith(true);
    expect(await t.lineStates()).toEqual(['authorized']);
    // Sent again with its key: one hold on the card, not two.
    expect(t.state().authorizations).toHaveLength(1);
    warn.mockRestore();
  });

  it('a bug in a pass (no DOMException) is not taken for full records', async () => {
    const t = outboxHarness();
    t.sender.stop();
    await t.start(500);
    await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 500, availableBefore: 5000 });
    const written = vi.fn<(ok: boolean) => void>();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sender = createSender({
      api: t.api,
      outbox: { ...t.outbox, answered: () => Promise.reject(new TypeError('a bug')) },
      reads: t.reads,
      now: t.now,
      elapsed: t.elapsed,
      exclusive: (work) => work(),
      onWritten: written,
    });
    await sender.kick();
    await sender.idle();
    sender.stop();
    expect(written).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('the storage report: only records that open go to "unwritable", and back; no payment starts meanwhile', () => {
    useStorageStore.setState({ usable: 'yes' });
    recordsWritten(false);
    expect(useStorageStore.getState().usable).toBe('unwritable');
    expect(takesPayments('unwritable')).toBe(false);
    recordsWritten(true);
    expect(useStorageStore.getState().usable).toBe('yes');
    // Records the browser closed stay closed: a later pass's write says nothing of them.
    useStorageStore.setState({ usable: 'closed' });
    recordsWritten(false);
    recordsWritten(true);
    expect(useStorageStore.getState().usable).toBe('closed');
  });
});
