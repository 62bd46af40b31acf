import { describe, expect, it, vi } from 'vitest';
import { createLoyaltyApi } from '@/api/loyalty-api';
import { createSender } from '../sender';
import { notesInEnglish, outboxHarness } from './harness';

/**
 * The window that sends a payment dies after the server put the hold on the card and before the
 * answer was written (a crash, a reload, a closed tab). The next start must know that attempt may
 * have taken effect: to it, the answer was lost. Sent again as if it had never left, a refusal for
 * lack of funds would read as final (the cashier takes the money another way: the customer pays
 * twice) and, on a server that does not keep keys, a second hold would go unseen.
 */
type Harness = ReturnType<typeof outboxHarness>;

/** A gift card payment of `amount` on 7001 0000 0001 (50.00 on it), sent by a window that dies with it in flight. */
async function cutOff(t: Harness, amount: number) {
  t.sender.stop();
  await t.start(amount);
  await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount, availableBefore: 5000 });
  const fetch = t.api.config.fetch ?? globalThis.fetch;
  const dying = createSender({
    // The request reaches the server and is applied; its answer never comes back to this window.
    api: createLoyaltyApi({
      ...t.api.config,
      timeoutMs: 3_600_000,
      fetch: async (input, init) => {
        await fetch(input, init);
        return new Promise<Response>(() => undefined);
      },
    }),
    outbox: t.outbox,
    reads: t.reads,
    now: t.now,
    elapsed: t.elapsed,
    exclusive: (work) => work(),
  });
  void dying.kick();
  await vi.waitFor(() => expect(t.state().authorizations).toHaveLength(1));
  dying.stop();
  expect(await t.lineStates()).toEqual(['requesting']);
  return (await t.sale()).lines[0]?.payOperationId ?? '';
}

/** The next start: the sender over the same database, with the clock past each back-off. */
async function nextStart(t: Harness) {
  const sender = t.secondSender();
  for (let i = 0; i < 2; i += 1) {
    await sender.kick();
    await sender.idle();
    t.advance(2000);
  }
  sender.stop();
}

describe('a payment cut off in flight by a crash', () => {
  it('on a server that keeps keys: recorded as an unknown outcome, sent again, and the server’s replay puts the line on hold', async () => {
    const t = outboxHarness({ keys: 'kept' });
    const id = await cutOff(t, 4000);
    await nextStart(t);

    expect(await t.lineStates()).toEqual(['authorized']);
    expect(await t.reads.get(id)).toMatchObject({ status: 'succeeded', attempts: 2, replayed: true });
    expect((await t.reads.get(id))?.inFlight).toBeUndefined();
    expect(t.state().authorizations.map((a) => [a.amount, a.status])).toEqual([[40, 'pending']]);
  });

  it('refused for lack of funds by a server that does not keep keys: the cut-off attempt took them, so a manager looks; never refused', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    const id = await cutOff(t, 4000);
    await nextStart(t);

    expect(t.state().authorizations.map((a) => [a.amount, a.status])).toEqual([[40, 'pending']]);
    const after = await t.reads.get(id);
    expect(after).toMatchObject({ status: 'attention', error: { code: 'refused_after_lost_answer' } });
    expect(after?.notes).toEqual([
      { code: 'refusedAfterLostAnswer', reason: 'insufficient_funds' },
      { code: 'readAgain', available: 1000, onHold: 4000 },
    ]);
    expect(notesInEnglish(after)).toContain('the earlier attempt may have taken the money');
    // The money stays blocked: the cashier cannot take it another way.
    expect(await t.lineStates()).toEqual(['unknown']);
  });

  it('held a second time by a server that does not keep keys: the line is on hold, and the manager is told more left the card', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    const id = await cutOff(t, 2000);
    await nextStart(t);

    // What such a server did: two holds, of which the terminal knows one.
    expect(t.state().authorizations.map((a) => [a.amount, a.status])).toEqual([
      [20, 'pending'],
      [20, 'pending'],
    ]);
    expect(await t.lineStates()).toEqual(['authorized']);
    const after = await t.reads.get(id);
    expect(after?.status).toBe('attention');
    expect(after?.notes).toEqual([{ code: 'appliedTwice', available: 1000, expectedAtLeast: 3000 }]);
  });

  it('while on its way, is the outbox’s: marked in flight before it left, with the unknown outcome’s words for the journal', async () => {
    const t = outboxHarness({ keys: 'kept' });
    const id = await cutOff(t, 1000);
    const marked = await t.reads.get(id);
    expect(marked).toMatchObject({ status: 'pending', attempts: 0, inFlight: '2026-11-22T12:00:00.000Z' });

    const sender = t.secondSender();
    await sender.kick();
    await sender.idle();
    sender.stop();
    expect(await t.reads.get(id)).toMatchObject({
      status: 'unknown',
      attempts: 1,
      inFlight: undefined,
      error: { code: 'interrupted' },
    });
    expect(await t.lineStates()).toEqual(['unknown']);
  });
});

/**
 * A resend is answered by a server that has not shown it keeps keys, and the window dies while it
 * reads the card to check that the payment went through once (a crash, a reload, a closed tab).
 */
async function diesBeforeTheCheck(
  t: Harness,
  firstAttempt: 'drop' | 'unavailable',
  meanwhile?: () => Promise<unknown>,
) {
  t.sender.stop();
  await t.start(2000);
  t.app.faults.replace({ next: { count: 1, kind: firstAttempt, path: '/_pay' } });
  await t.act({ type: 'tender', kind: 'giftCard', number: '700100000001', amount: 2000, availableBefore: 5000 });
  const fetch = t.api.config.fetch ?? globalThis.fetch;
  const dying = createSender({
    // Payments reach the server and come back; the card's read after the resend never does.
    api: createLoyaltyApi({
      ...t.api.config,
      timeoutMs: 3_600_000,
      fetch: (input, init) => (init?.method === 'GET' ? new Promise<Response>(() => undefined) : fetch(input, init)),
    }),
    outbox: t.outbox,
    reads: t.reads,
    now: t.now,
    elapsed: t.elapsed,
    exclusive: (work) => work(),
  });
  await dying.kick(); // the first attempt: its answer lost, or a 503
  await meanwhile?.();
  t.advance(2000);
  void dying.kick(); // the resend, answered; then the read that hangs
  const id = (await t.sale()).lines[0]?.payOperationId ?? '';
  await vi.waitFor(async () => expect((await t.reads.get(id))?.attempts).toBe(2));
  dying.stop();
  return id;
}

const cardReads = (t: Harness) =>
  t.sent.filter((r) => r.method === 'GET' && r.url.endsWith('/giftcards/700100000001')).length;

describe('a resend’s check against the card, cut off by a crash', () => {
  it('is made at the next start: a server that applied the resend again is caught', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    const id = await diesBeforeTheCheck(t, 'drop');
    expect(t.state().authorizations.map((a) => a.amount)).toEqual([20, 20]); // what such a server did
    await nextStart(t);

    const after = await t.reads.get(id);
    expect(after?.status).toBe('attention');
    expect(after?.notes).toEqual([{ code: 'appliedTwice', available: 1000, expectedAtLeast: 3000 }]);
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 1 });
  });

  it('is made before the voided sale’s cancel gives the hold back, which would hide the second payment', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    // The cashier voids the sale while the payment's outcome is unknown: its answer will release the hold.
    const id = await diesBeforeTheCheck(t, 'drop', () => t.act({ type: 'void' }));
    await nextStart(t);

    expect(await t.reads.get(id)).toMatchObject({
      status: 'attention',
      notes: [{ code: 'appliedTwice', available: 1000, expectedAtLeast: 3000 }],
    });
    const order = t.sent.map((r) => `${r.method} ${new URL(r.url).pathname.split('/').pop() ?? ''}`);
    expect(order.slice(-2)).toEqual(['GET 700100000001', 'POST _cancel']);
    // The terminal's hold is given back; the one it never knew of stays, for the manager.
    expect(t.state().authorizations.map((a) => [a.amount, a.status])).toEqual([
      [20, 'pending'],
      [20, 'canceled'],
    ]);
  });

  it('is made once: a payment that went through once stays paid, and the card is not read again on later passes', async () => {
    const t = outboxHarness({ keys: 'ignored' });
    const id = await diesBeforeTheCheck(t, 'unavailable');
    expect(t.state().authorizations.map((a) => a.amount)).toEqual([20]);
    const readsBefore = cardReads(t); // none: the dying window's read never reached the server
    await nextStart(t);

    expect(await t.reads.get(id)).toMatchObject({ status: 'succeeded', notes: undefined });
    expect(await t.reads.counts()).toEqual({ waiting: 0, attention: 0 });
    expect(cardReads(t)).toBe(readsBefore + 1);
    await nextStart(t);
    expect(cardReads(t)).toBe(readsBefore + 1);
  });
});
