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
