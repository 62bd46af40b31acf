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

export const useCashier = () => useCashierStore((s) => s.cashier);

export const cashierActions = {
  signedOn: (cashier: Cashier) => useCashierStore.setState({ cashier }),
  /** Signing off also locks the manager's screens: the next person starts from nothing. */
  signedOff: () => {
    useCashierStore.setState({ cashier: null });
    managerActions.locked();
  },
};
