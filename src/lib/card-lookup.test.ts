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

describe('the guard of each scope, and the single guard an earlier version kept', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });
  const live = 'live|https://loyalty.example|demo|M1';
  const rule = { limit: 2, windowMs: 300_000, pauseMs: 600_000 };

  const server = { baseUrl: 'https://loyalty.example', loyaltyGroup: 'demo', merchantId: 'M1', currency: 'EUR' };
  const keptSingleGuard = (pause: { at: number; until: number }) =>
    localStorage.setItem(
      KEY,
      JSON.stringify({
        state: { state: { misses: [], pausedUntil: pause.until }, rule, pauses: [pause] },
        version: 2,
      }),
    );

  it('a pause kept by the single guard holds after the upgrade in training and on the live server set up then, not on another', async () => {
    const now = Date.now();
    const pause = { at: now - 1_000, until: now + 599_000 };
    keptSingleGuard(pause);
    // The terminal is in training now, a live server set up: the single guard counted for both.
    localStorage.setItem(
      'loyalty-terminal.settings',
      JSON.stringify({ state: { mode: 'training', server }, version: 2 }),
    );
    const { guardOf } = await import('./card-lookup');
    expect(guardOf(live).pausedUntil(now)).toBe(pause.until);
    expect(guardOf('training').pausedUntil(now)).toBe(pause.until);
    // Another live server configured later starts with a guard of its own.
    expect(guardOf('live|https://other.example|demo|M1').pausedUntil(now)).toBeNull();
    // The live server's manager lifts it: live goes again, its journal keeps the pause as lifted; training's stays.
    guardOf(live).lifted(now);
    expect(guardOf(live).pausedUntil(now)).toBeNull();
    expect(guardOf('training').pausedUntil(now)).toBe(pause.until);
    const kept = JSON.parse(localStorage.getItem(KEY) ?? '{}') as {
      state: { scopes: Record<string, { pauses: unknown[] }> };
    };
    expect(kept.state.scopes[live]?.pauses).toEqual([{ ...pause, liftedAt: now }]);
    expect(Object.keys(kept.state.scopes)).toEqual([live]);
  });

  it('an earlier build’s window still open writes the guard back as it read it: each server’s guard and pauses stay', async () => {
    const now = Date.now();
    localStorage.setItem('loyalty-terminal.settings', JSON.stringify({ state: { mode: 'live', server }, version: 2 }));
    const { guardOf, lookupGuard } = await import('./card-lookup');
    lookupGuard.ruleSaved(rule);
    guardOf(live).missed(now);
    guardOf(live).missed(now + 1);
    const other = 'live|https://other.example|demo|M1';
    guardOf(other).missed(now + 2);
    expect(guardOf(live).pausedUntil(now + 3)).toBe(now + 1 + rule.pauseMs);
    // The earlier build (version 2, no guard per scope) rehydrates, merges what it read over its own
    // state and writes the whole of it back: `scopes` included, as zustand's persist does.
    const written = localStorage.getItem(KEY)!;
    const { state } = JSON.parse(written) as { state: Record<string, unknown> };
    const rewritten = JSON.stringify({ state: { ...state }, version: 2 });
    localStorage.setItem(KEY, rewritten);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: rewritten }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(guardOf(live).pausedUntil(now + 3)).toBe(now + 1 + rule.pauseMs);
    expect(guardOf(other).pausedUntil(now + 3)).toBeNull();
    guardOf(other).missed(now + 4); // its count was kept: the second pauses it
    expect(guardOf(other).pausedUntil(now + 5)).toBe(now + 4 + rule.pauseMs);
    expect(JSON.parse(localStorage.getItem(KEY)!).version).toBe(2); // nothing for the earlier build to migrate
  });

  it('with no live server set up at the upgrade, the single guard was training’s alone', async () => {
    const now = Date.now();
    keptSingleGuard({ at: now - 1_000, until: now + 599_000 });
    const { guardOf } = await import('./card-lookup');
    expect(guardOf('training').pausedUntil(now)).toBe(now + 599_000);
    expect(guardOf(live).pausedUntil(now)).toBeNull();
  });

  it('each scope counts its own unknown numbers, and a lift lifts its own pause only', async () => {
    const { guardOf, lookupGuard } = await import('./card-lookup');
    lookupGuard.ruleSaved(rule);
    guardOf('training').missed(1_000);
    guardOf(live).missed(1_001);
    expect(guardOf('training').pausedUntil(2_000)).toBeNull();
    expect(guardOf(live).pausedUntil(2_000)).toBeNull();
    guardOf('training').missed(1_002);
    expect(guardOf('training').pausedUntil(2_000)).toBe(1_002 + rule.pauseMs);
    expect(guardOf(live).pausedUntil(2_000)).toBeNull();
    guardOf(live).missed(1_003);
    guardOf('training').lifted(2_000);
    expect(guardOf('training').pausedUntil(2_000)).toBeNull();
    expect(guardOf(live).pausedUntil(2_000)).toBe(1_003 + rule.pauseMs);
  });

  it('a caller that names no scope (a box of cards) counts against the scope the settings name: the live server', async () => {
    localStorage.setItem('loyalty-terminal.settings', JSON.stringify({ state: { mode: 'live', server }, version: 2 }));
    const { guardOf, lookupGuard } = await import('./card-lookup');
    lookupGuard.ruleSaved(rule);
    lookupGuard.missed(1_000);
    lookupGuard.missed(1_001);
    expect(guardOf(live).pausedUntil(2_000)).toBe(1_001 + rule.pauseMs);
    expect(guardOf('training').pausedUntil(2_000)).toBeNull();
    expect(lookupGuard.pausedUntil(2_000)).toBe(1_001 + rule.pauseMs);
  });
});
