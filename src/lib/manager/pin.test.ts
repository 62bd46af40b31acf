import { describe, expect, it } from 'vitest';
import { afterFailure, hashPin, noAttempts, pinMatches } from './pin';

describe('the manager PIN', () => {
  it('is kept as a salted hash: never the PIN, and two hashes of one PIN differ', async () => {
    const a = await hashPin('4821');
    const b = await hashPin('4821');
    expect(JSON.stringify(a)).not.toContain('4821');
    expect(a.hash).not.toBe(b.hash);
    expect(await pinMatches('4821', a)).toBe(true);
    expect(await pinMatches('4822', a)).toBe(false);
  });

  it('locks after five wrong tries, for a minute, then longer with every wrong try', () => {
    let attempts = noAttempts;
    const now = 1_000_000;
    for (let i = 0; i < 4; i += 1) attempts = afterFailure(attempts, now);
    expect(attempts).toEqual({ failures: 4, lockedUntil: 0 });
    attempts = afterFailure(attempts, now);
    expect(attempts.lockedUntil).toBe(now + 60_000);
    attempts = afterFailure(attempts, now);
    expect(attempts.lockedUntil).toBe(now + 120_000);
    for (let i = 0; i < 10; i += 1) attempts = afterFailure(attempts, now);
    expect(attempts.lockedUntil).toBe(now + 30 * 60_000);
  });
});
