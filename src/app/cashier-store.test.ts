// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPin, noAttempts, type PinRecord } from '@/lib/manager/pin';
import { managerActions } from '@/lib/manager/store';
import { useManagerUnlocked } from '@/lib/manager/use-unlocked';
import { cashierActions, useCashier } from './cashier-store';

const KEY = 'loyalty-terminal.cashier';
const ann = { operatorId: 'ann', name: 'Ann' };
const bob = { operatorId: 'bob', name: 'Bob' };
let pin: PinRecord;
beforeAll(async () => void (pin = await hashPin('2468')));

/** What another window of the terminal leaves in localStorage, and the event that tells this one. */
const savedElsewhere = (cashier: typeof ann | null) =>
  act(() => {
    localStorage.setItem(KEY, JSON.stringify({ state: { cashier }, version: 1 }));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
  });

/** This window: Ann signed on, and a manager unlocked here. */
async function annAtTheTill() {
  const seen = renderHook(() => ({ cashier: useCashier(), unlocked: useManagerUnlocked() }));
  act(() => cashierActions.signedOn(ann));
  localStorage.setItem(
    'loyalty-terminal.manager',
    JSON.stringify({ state: { pin, attempts: noAttempts }, version: 1 }),
  );
  await act(async () => void (await managerActions.pinEntered('2468')));
  expect(seen.result.current).toEqual({ cashier: ann, unlocked: true });
  return seen;
}

describe('the cashier across the terminal’s windows', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    managerActions.locked();
  });

  it('another window’s sign-off signs off here too, and locks the manager here', async () => {
    const { result } = await annAtTheTill();
    savedElsewhere(null);
    expect(result.current).toEqual({ cashier: null, unlocked: false });
  });

  it('someone else signed on in another window is the cashier here (their id goes out), the manager locked', async () => {
    const { result } = await annAtTheTill();
    savedElsewhere(bob);
    expect(result.current).toEqual({ cashier: bob, unlocked: false });
  });

  it('the same cashier saved again elsewhere leaves this window’s manager unlocked', async () => {
    const { result } = await annAtTheTill();
    savedElsewhere(ann);
    expect(result.current).toEqual({ cashier: ann, unlocked: true });
  });
});
