import { afterEach, describe, expect, it } from 'vitest';
import { LoyaltyApiError } from '@/api/errors';
import { getInstrument } from '@/api/loyalty-api';
import { boxSummary, cardRange, type CardBox, type CardFound } from '@/domain/card-box';
import { runBox, type BoxRunnerDeps } from '@/features/issuing/box-runner';
import { onOutboxChange, recordsToSend } from '../outbox';
import { settledRecord } from '../settled';
import { outboxHarness } from './harness';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

/** A box started (none overlapping it is running): the box as written. */
async function startedBox(
  t: ReturnType<typeof outboxHarness>,
  start: { numbers: string[]; amount: number | undefined },
): Promise<CardBox> {
  const box = await t.perform({ type: 'startBox', ...start });
  if ('overlaps' in box) throw new Error('a box not finished holds these cards');
  return box;
}

/** The outbox, its sender woken by each write (as OutboxProvider does), and the runner's dependencies. */
function desk(options: Parameters<typeof outboxHarness>[0] = {}) {
  const t = outboxHarness(options);
  const off = onOutboxChange((change) => {
    if (recordsToSend(change)) void t.sender.kick();
  });
  cleanups.push(off, () => t.sender.stop());
  const deps: BoxRunnerDeps = {
    perform: t.perform,
    reads: t.reads,
    check: async (number): Promise<CardFound | 'unreachable'> => {
      try {
        const card = await getInstrument(t.api, 'giftCard', number);
        return { kind: card.kind, status: card.kind === 'loyaltyCard' ? undefined : card.status };
      } catch (error) {
        if (error instanceof LoyaltyApiError && error.code === 'not_found') return null;
        return 'unreachable';
      }
    },
    settled: (id, signal) => settledRecord(t.reads, id, signal),
  };
  return { t, deps };
}

const numbers = (count: number) => {
  const range = cardRange('700100001001', { count });
  if (!range.ok) throw new Error(range.problem);
  return range.numbers;
};

const issuedAtServer = (t: ReturnType<typeof outboxHarness>) =>
  t
    .state()
    .instruments.filter(
      (i) => i.number.startsWith('70010000') && i.number >= '700100001001' && 'status' in i && i.status === 'issued',
    );

describe('a box of gift cards through the outbox, against the simulator', () => {
  it('issues every card once with its own key, leaves an issued one alone, and sums the box', async () => {
    const { t, deps } = desk();
    // One card of the box was sold at the desk before: the box must not touch it.
    await t.perform({
      type: 'operation',
      request: { type: 'giftCard.issue', number: '700100001003', amount: 1000 },
      reason: 'Gift card sold',
    });
    await t.run();
    const box = await startedBox(t, { numbers: numbers(6), amount: 2500 });
    expect(await runBox(box.boxId, deps, new AbortController().signal)).toBe('finished');
    const issued = issuedAtServer(t);
    expect(issued.map((i) => [i.number, i.amountNet])).toEqual([
      ['700100001001', 25],
      ['700100001002', 25],
      ['700100001003', 10],
      ['700100001004', 25],
      ['700100001005', 25],
      ['700100001006', 25],
    ]);
    const stored = await t.reads.box(box.boxId);
    expect(stored?.state).toBe('finished');
    expect(stored?.skipped).toEqual({ '700100001003': 'alreadyIssued' });
    const keys = Object.values(stored?.issued ?? {});
    expect(new Set(keys).size).toBe(5);
    const records = await Promise.all(keys.map((id) => t.reads.get(id)));
    expect(records.every((r) => r?.transactionId === box.boxId && r.status === 'succeeded')).toBe(true);
    const summary = boxSummary(stored!, (id) => {
      const r = records.find((x) => x?.id === id);
      return { state: r?.status === 'succeeded' ? 'issued' : 'waiting', amount: 2500 };
    });
    expect(summary).toMatchObject({ issued: 5, amount: 12500, first: '700100001001', last: '700100001006', done: 6 });
  });

  it('stops when a card’s issue is turned away unread (rate limited): that card is asked for again, not left out', async () => {
    const { t, deps } = desk();
    const box = await startedBox(t, { numbers: numbers(4), amount: 1000 });
    t.app.faults.replace({ next: { count: 1, kind: 'rateLimited', path: '/_issue' } });
    expect(await runBox(box.boxId, deps, new AbortController().signal)).toBe('unreachable');
    expect(Object.keys((await t.reads.box(box.boxId))?.issued ?? {})).toEqual([]);
    t.advance(2_000);
    expect(await runBox(box.boxId, deps, new AbortController().signal)).toBe('finished');
    expect(issuedAtServer(t).map((i) => i.number)).toEqual(numbers(4));
  });

  it('stops at the first card refused for what every card would meet (the amount): not 200 requests for 200 refusals', async () => {
    const { t, deps } = desk();
    const box = await startedBox(t, { numbers: numbers(5), amount: 1000 });
    const issues: string[] = [];
    const inner = t.api.config.fetch!;
    t.api.config.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.endsWith('/_issue')) return inner(request);
      issues.push(request.url);
      return new Response(JSON.stringify({ error: { code: 'invalid_amount', message: 'Not this amount.' } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    };
    expect(await runBox(box.boxId, deps, new AbortController().signal)).toEqual({ refused: 'invalid_amount' });
    expect(issues).toHaveLength(1);
    // The box waits, not finished: continued once put right (that card asked for again), or stopped there.
    expect((await t.reads.box(box.boxId))?.state).toBe('running');
    t.api.config.fetch = inner;
    expect(await runBox(box.boxId, deps, new AbortController().signal)).toBe('finished');
    expect(issuedAtServer(t).map((i) => i.number)).toEqual(numbers(5));
  });

  it('frees a card turned away while no runner waited for it (the screen left): continued, the box issues it', async () => {
    const { t, deps } = desk();
    const box = await startedBox(t, { numbers: numbers(3), amount: 1000 });
    t.app.faults.replace({ next: { count: 1, kind: 'rateLimited', path: '/_issue' } });
    // The first card's issue recorded, then answered 429 with no runner on the screen.
    await t.perform({
      type: 'boxEvent',
      boxId: box.boxId,
      event: { type: 'checked', number: '700100001001', found: { kind: 'giftCard', status: 'notIssued' } },
    });
    await t.run();
    const [first] = Object.values((await t.reads.box(box.boxId))?.issued ?? {});
    expect((await t.reads.get(first!))?.error?.code).toBe('rate_limited');
    t.advance(2_000);
    expect(await runBox(box.boxId, deps, new AbortController().signal)).toBe('finished');
    expect(issuedAtServer(t).map((i) => i.number)).toEqual(numbers(3));
  });

  it('a training reset forgets a box not finished, as the simulator forgot its cards: a new box over them starts afresh', async () => {
    const { t } = desk();
    const range = cardRange('700100001001', { last: '700100001003' });
    if (!range.ok) throw new Error('no range');
    const { numbers } = range;
    await startedBox(t, { numbers, amount: 1000 });
    await t.outbox.clearScope();
    expect(await t.reads.boxes()).toEqual([]);
    const again = await t.perform({ type: 'startBox', numbers, amount: 1000 });
    expect('overlaps' in again).toBe(false);
  });

  it('refuses a box over the cards of a box not finished, in the write itself (two windows at once start one)', async () => {
    const { t, deps } = desk();
    const first = await startedBox(t, { numbers: numbers(4), amount: 1500 });
    const [a, b] = await Promise.all([
      t.perform({ type: 'startBox', numbers: numbers(6).slice(2), amount: 1500 }),
      t.perform({ type: 'startBox', numbers: numbers(6).slice(3), amount: 1500 }),
    ]);
    expect([a, b]).toEqual([
      { overlaps: expect.objectContaining({ boxId: first.boxId }) },
      { overlaps: expect.objectContaining({ boxId: first.boxId }) },
    ]);
    expect((await t.reads.boxes()).map((x) => x.boxId)).toEqual([first.boxId]);
    // Two new boxes over the same cards, started at once (two windows): one is written, the other refused.
    const [c, d] = await Promise.all([
      t.perform({ type: 'startBox', numbers: numbers(12).slice(8), amount: 1500 }),
      t.perform({ type: 'startBox', numbers: numbers(12).slice(10), amount: 1500 }),
    ]);
    expect([c, d].filter((x) => 'overlaps' in x)).toHaveLength(1);
    expect((await t.reads.boxes()).filter((x) => x.numbers.includes(numbers(12)[11]!))).toHaveLength(1);
    // Finished, its cards are no box's: a new box over them may start (each card is checked as it comes).
    expect(await runBox(first.boxId, deps, new AbortController().signal)).toBe('finished');
    expect(await t.perform({ type: 'startBox', numbers: numbers(6).slice(2), amount: 1500 })).toHaveProperty('boxId');
  });

  it('stops between cards when cancelled, and a second run after a "crash" issues only the rest, none twice', async () => {
    const { t, deps } = desk();
    const box = await startedBox(t, { numbers: numbers(8), amount: 1500 });
    const first = new AbortController();
    let cards = 0;
    // The first run is cut off after a few cards, as a reload would (its last issue may still be on its way).
    const ended = await runBox(box.boxId, deps, first.signal, () => {
      cards += 1;
      if (cards === 5) first.abort();
    });
    expect(ended).toBe('stopped');
    const before = issuedAtServer(t).length;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(8);
    // The same box run again, from another sender (a reloaded page).
    expect(await runBox(box.boxId, deps, new AbortController().signal)).toBe('finished');
    expect(issuedAtServer(t)).toHaveLength(8);
    // Eight issues at the server, no more: each card once.
    expect(t.state().journal.filter((j) => j.operation === 'issue' && j.kind === 'giftCard')).toHaveLength(8);

    const other = await startedBox(t, { numbers: ['700100001101', '700100001102'], amount: 1500 });
    await t.perform({ type: 'boxEvent', boxId: other.boxId, event: { type: 'cancel' } });
    expect(await runBox(other.boxId, deps, new AbortController().signal)).toBe('cancelled');
    expect(t.state().instruments.find((i) => i.number === '700100001101')).toMatchObject({ status: 'notIssued' });
  });

  it('is not finished by a window while a card another window issued still waits for its answer', async () => {
    // Window B started the box before window A recorded card 1's issue; by B's next read, A has.
    const box = {
      boxId: 'b1',
      numbers: ['700100001001'],
      state: 'running' as const,
      startedAt: '2026-11-28T10:00:00Z',
      issued: {} as Record<string, string>,
      skipped: {},
    };
    const reads = [box, { ...box, issued: { '700100001001': 'op-a' } }];
    const happened: string[] = [];
    const deps = {
      reads: { box: async () => reads.shift() ?? reads.at(-1) ?? box },
      perform: async (intent: { type: string; event?: { type: string } }) => {
        happened.push(`perform ${intent.event?.type ?? intent.type}`);
        return 'no_box' as const;
      },
      check: async () => null,
      settled: async (id: string) => {
        happened.push(`settled ${id}`);
        return undefined;
      },
    } as unknown as BoxRunnerDeps;
    expect(await runBox('b1', deps, new AbortController().signal)).toBe('finished');
    expect(happened).toEqual(['settled op-a', 'perform finish']);
  });
});
