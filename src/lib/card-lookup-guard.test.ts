// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { defaultGuardRule, isPaused, lifted, missed, openGuard, type GuardState } from './card-lookup';

const rule = defaultGuardRule;
const run = (times: number[], from: GuardState = openGuard) => {
  let state = from;
  const pauses: number[] = [];
  for (const at of times) {
    const next = missed(state, at, rule);
    state = next.state;
    if (next.paused) pauses.push(at);
  }
  return { state, pauses };
};

describe('lookups paused when someone guesses card numbers', () => {
  it('five unknown numbers in five minutes are a cashier mistyping: no pause', () => {
    const { state, pauses } = run([0, 60_000, 120_000, 180_000, 240_000]);
    expect(pauses).toEqual([]);
    expect(isPaused(state, 250_000)).toBe(false);
  });

  it('the sixth within the window pauses lookups for ten minutes, then they go again', () => {
    const { state, pauses } = run([0, 1_000, 2_000, 3_000, 4_000, 5_000]);
    expect(pauses).toEqual([5_000]);
    expect(isPaused(state, 5_000 + 10 * 60_000 - 1)).toBe(true);
    expect(isPaused(state, 5_000 + 10 * 60_000)).toBe(false);
  });

  it('misses older than the window are forgotten', () => {
    const { pauses } = run([0, 1_000, 2_000, 3_000, 4_000, 5 * 60_000 + 1_000]);
    expect(pauses).toEqual([]);
  });

  it('the manager lifts a pause: lookups go and the count starts afresh', () => {
    const { state } = run([0, 1, 2, 3, 4, 5]);
    expect(isPaused(state, 10)).toBe(true);
    const after = lifted();
    expect(isPaused(after, 10)).toBe(false);
    expect(run([20, 21, 22, 23, 24], after).pauses).toEqual([]);
  });

  it('the limit is the unknown number that pauses: with 3, the third pauses and a fourth is never asked', () => {
    let state = openGuard;
    const three = { ...rule, limit: 3 };
    const paused = [0, 1_000, 2_000].map((at) => {
      const next = missed(state, at, three);
      state = next.state;
      return next.paused;
    });
    expect(paused).toEqual([false, false, true]);
    expect(isPaused(state, 3_000)).toBe(true);
  });
});

describe('the guard across the windows of one terminal', () => {
  const KEY = 'loyalty-terminal.lookup-guard';
  /** What another window of this terminal writes when it pauses lookups (its own copy of the store). */
  const anotherWindowPauses = (until: number) => {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? '{"state":{}}') as { state: Record<string, unknown> };
    const state = {
      ...kept.state,
      state: { misses: [], pausedUntil: until },
      pauses: [{ at: until - 600_000, until }],
    };
    localStorage.setItem(KEY, JSON.stringify({ ...kept, state, version: 2 }));
  };

  it('a pause in one window stops this one, and this one’s next miss does not write it away', async () => {
    const { lookupGuard } = await import('./card-lookup');
    const now = Date.now();
    lookupGuard.missed(now); // this window's store exists, with no pause
    expect(lookupGuard.pausedUntil(now)).toBeNull();
    anotherWindowPauses(now + 600_000);
    // What the browser tells this window when another writes the guard.
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(lookupGuard.pausedUntil(now)).toBe(now + 600_000);
    lookupGuard.missed(now + 1);
    expect(lookupGuard.pausedUntil(now + 2)).toBe(now + 600_000);
    // Written before this window heard of it (no event yet): its next miss still does not write it away.
    anotherWindowPauses(now + 900_000);
    lookupGuard.missed(now + 3);
    expect(lookupGuard.pausedUntil(now + 4)).toBe(now + 900_000);
    const kept = JSON.parse(localStorage.getItem(KEY) ?? '{}') as { state: { pauses: unknown[] } };
    expect(kept.state.pauses).toHaveLength(1); // the journal keeps the other window's pause
  });
});
