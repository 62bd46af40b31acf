import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { afterFailure, FREE_TRIES, hashPin, noAttempts, pinMatches, type PinAttempts, type PinRecord } from './pin';

/** How long a manager's unlock lasts (or until "Lock" is pressed, or the page reloads). */
const UNLOCK_MS = 5 * 60_000;

interface ManagerState {
  pin: PinRecord | null;
  attempts: PinAttempts;
  /** Kept in memory only: a reload asks for the PIN again. */
  unlockedUntil: number;
}

const useManagerStore = create<ManagerState>()(
  persist((): ManagerState => ({ pin: null, attempts: noAttempts, unlockedUntil: 0 }), {
    name: 'loyalty-terminal.manager',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ pin, attempts }) => ({ pin, attempts }),
  }),
);

/**
 * The PIN and its tries as every window of the terminal left them, read again from localStorage
 * (synchronous) before each change: no window writes its older copy over a PIN another chose, or
 * over another's lock-out. This window's unlock stays its own (memory only).
 */
const fresh = () => {
  void useManagerStore.persist.rehydrate();
  return useManagerStore.getState();
};

// Another window's PIN or lock-out shows here at once (the gate asks for the PIN, or says locked).
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === useManagerStore.persist.getOptions().name) void useManagerStore.persist.rehydrate();
  });

export type PinResult =
  { ok: true } | { ok: false; reason: 'wrong'; triesLeft: number } | { ok: false; reason: 'locked'; until: number };

/**
 * Whether a PIN that passes opens the manager's screens for UNLOCK_MS, or approves only the one
 * action that asked for it (a cash-out, a link's refund: `ManagerGate everyTime`). Either way its
 * tries count the same.
 */
export interface PinUse {
  unlock: boolean;
}
const unlocking: PinUse = { unlock: true };

/** This window's unlock after a PIN passed: a new one, or the one it had (an action's PIN extends nothing). */
const unlockAfter = ({ unlock }: PinUse, had: number) => (unlock ? Date.now() + UNLOCK_MS : had);

/** The manager's actions, named for what happened. */
export const managerActions = {
  /** A first PIN; false if another window chose one first (this window then asks for that one). */
  async pinChosen(pin: string, use: PinUse = unlocking): Promise<boolean> {
    if (fresh().pin) return false;
    const record = await hashPin(pin);
    if (fresh().pin) return false;
    useManagerStore.setState((s) => ({
      pin: record,
      attempts: noAttempts,
      unlockedUntil: unlockAfter(use, s.unlockedUntil),
    }));
    return true;
  },
  async pinEntered(pin: string, use: PinUse = unlocking): Promise<PinResult> {
    const { pin: record, attempts } = fresh();
    const now = Date.now();
    if (!record) return { ok: false, reason: 'wrong', triesLeft: 0 };
    if (attempts.lockedUntil > now) return { ok: false, reason: 'locked', until: attempts.lockedUntil };
    if (await pinMatches(pin, record)) {
      useManagerStore.setState((s) => ({ attempts: noAttempts, unlockedUntil: unlockAfter(use, s.unlockedUntil) }));
      return { ok: true };
    }
    const next = afterFailure(fresh().attempts, now);
    useManagerStore.setState({ attempts: next });
    return next.lockedUntil > now
      ? { ok: false, reason: 'locked', until: next.lockedUntil }
      : { ok: false, reason: 'wrong', triesLeft: FREE_TRIES - next.failures };
  },
  locked: () => useManagerStore.setState({ unlockedUntil: 0 }),
};

export const useHasPin = () => useManagerStore((s) => s.pin !== null);
export const useUnlockedUntil = () => useManagerStore((s) => s.unlockedUntil);
export const useLockedUntil = () => useManagerStore((s) => s.attempts.lockedUntil);
