// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'loyalty-terminal.lookup-guard';

describe('the lookup guard kept by an earlier version', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('a limit kept when the number after it paused is one more now, so the terminal pauses where it did', async () => {
    const rule = { limit: 5, windowMs: 300_000, pauseMs: 600_000 };
    localStorage.setItem(
      KEY,
      JSON.stringify({ state: { state: { misses: [], pausedUntil: 0 }, rule, pauses: [] }, version: 1 }),
    );
    const { lookupGuard } = await import('./card-lookup');
    // Five unknown numbers went by without a pause then; the sixth paused.
    for (let i = 0; i < 5; i += 1) lookupGuard.missed(1_000 + i);
    expect(lookupGuard.pausedUntil(2_000)).toBeNull();
    lookupGuard.missed(1_010);
    expect(lookupGuard.pausedUntil(2_000)).toBe(1_010 + rule.pauseMs);
  });

  it('a limit saved by this version stays as it is', async () => {
    const rule = { limit: 3, windowMs: 300_000, pauseMs: 600_000 };
    localStorage.setItem(
      KEY,
      JSON.stringify({ state: { state: { misses: [], pausedUntil: 0 }, rule, pauses: [] }, version: 2 }),
    );
    const { lookupGuard } = await import('./card-lookup');
    lookupGuard.missed(1_000);
    lookupGuard.missed(1_001);
    expect(lookupGuard.pausedUntil(2_000)).toBeNull();
    lookupGuard.missed(1_002);
    expect(lookupGuard.pausedUntil(2_000)).toBe(1_002 + rule.pauseMs);
  });
});
