// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { hashPin, noAttempts } from './pin';
import { managerActions } from './store';

const KEY = 'loyalty-terminal.manager';
/** What another window of the terminal leaves in localStorage when it saves the PIN or its tries. */
const otherWindowSaved = (state: object) => localStorage.setItem(KEY, JSON.stringify({ state, version: 1 }));
const kept = () => JSON.parse(localStorage.getItem(KEY) ?? '{}').state;

describe('the manager PIN across the terminal’s windows', () => {
  beforeEach(() => localStorage.clear());

  it('a PIN another window chose first is not written over: this window asks for it', async () => {
    // This window loaded before any PIN existed; another then chose 1234.
    otherWindowSaved({ pin: await hashPin('1234'), attempts: noAttempts });
    expect(await managerActions.pinChosen('9999')).toBe(false);
    expect((await managerActions.pinEntered('9999')).ok).toBe(false);
    expect((await managerActions.pinEntered('1234')).ok).toBe(true);
  });

  it('a lock-out another window reached holds here, and a wrong PIN here does not lift it', async () => {
    const until = Date.now() + 60_000;
    otherWindowSaved({ pin: await hashPin('1234'), attempts: { failures: 5, lockedUntil: until } });
    expect(await managerActions.pinEntered('0000')).toEqual({ ok: false, reason: 'locked', until });
    expect(await managerActions.pinEntered('1234')).toEqual({ ok: false, reason: 'locked', until });
    expect(kept().attempts).toEqual({ failures: 5, lockedUntil: until });
  });

  it('wrong tries count across windows: the other window’s four and this one’s fifth lock the pad', async () => {
    otherWindowSaved({ pin: await hashPin('1234'), attempts: { failures: 4, lockedUntil: 0 } });
    const result = await managerActions.pinEntered('0000');
    expect(result).toMatchObject({ ok: false, reason: 'locked' });
    expect(kept().attempts.failures).toBe(5);
  });

  it('a PIN asked for one action only counts its tries as any other: wrong ones lock, the right one clears them', async () => {
    const once = { unlock: false };
    otherWindowSaved({ pin: await hashPin('1234'), attempts: { failures: 3, lockedUntil: 0 } });
    expect(await managerActions.pinEntered('0000', once)).toEqual({ ok: false, reason: 'wrong', triesLeft: 1 });
    expect(await managerActions.pinEntered('1234', once)).toEqual({ ok: true });
    expect(kept().attempts).toEqual(noAttempts);
    otherWindowSaved({ pin: await hashPin('1234'), attempts: { failures: 4, lockedUntil: 0 } });
    expect(await managerActions.pinEntered('0000', once)).toMatchObject({ ok: false, reason: 'locked' });
    expect(kept().attempts.failures).toBe(5);
  });
});
