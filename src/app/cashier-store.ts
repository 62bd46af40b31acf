import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { managerActions } from '@/lib/manager/store';

/** The cashier signed on at this terminal: named in the journal, sent as workstationData.operatorId. */
export interface Cashier {
  operatorId: string;
  name: string;
}

const KEY = 'loyalty-terminal.cashier';

/** Until 2026-11-24 the cashier was kept with the manager's PIN: a till signed on then stays signed on. */
function signedOnBefore(): Cashier | null {
  try {
    if (localStorage.getItem(KEY)) return null;
    const legacy = JSON.parse(localStorage.getItem('loyalty-terminal.manager') ?? 'null') as {
      state?: { cashier?: Cashier | null };
    } | null;
    return legacy?.state?.cashier ?? null;
  } catch {
    return null;
  }
}

const useCashierStore = create<{ cashier: Cashier | null }>()(
  persist(() => ({ cashier: signedOnBefore() }), {
    name: KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
  }),
);

/**
 * The same person still signed on: their record saved again. A sign-off (even with nobody signed on
 * here) or someone else's sign-on is not, and locks the manager, as signing off here does.
 */
const stillSignedOn = (before: Cashier | null, after: Cashier | null) =>
  before !== null && after !== null && before.operatorId === after.operatorId && before.name === after.name;

// A sign-off or sign-on in another window of the terminal is this window's too: else this one goes
// on sending the cashier who left as operatorId, and keeps a manager unlocked for the next person.
// The manager's unlock is each window's own (memory only), so it is locked here as signedOff does.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key !== useCashierStore.persist.getOptions().name) return;
    const before = useCashierStore.getState().cashier;
    // localStorage is read synchronously: the new cashier is in the store once this returns, and the
    // lock comes with it (no moment where the next person sees the manager's screens open).
    void useCashierStore.persist.rehydrate();
    if (!stillSignedOn(before, useCashierStore.getState().cashier)) managerActions.locked();
  });

export const useCashier = () => useCashierStore((s) => s.cashier);

export const cashierActions = {
  signedOn: (cashier: Cashier) => useCashierStore.setState({ cashier }),
  /** Signing off also locks the manager's screens: the next person starts from nothing. */
  signedOff: () => {
    useCashierStore.setState({ cashier: null });
    managerActions.locked();
  },
};
