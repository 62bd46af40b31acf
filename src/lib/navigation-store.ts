import { create } from 'zustand';
import type { InstrumentKind } from '@/domain/instrument';

export type Screen = 'sale' | 'returns' | 'issue' | 'lookup' | 'journal' | 'training' | 'settings';

interface NavigationState {
  screen: Screen;
  /** A look-up asked for from elsewhere (a scenario card), taken by the lookup screen. */
  pendingLookup: { kind: InstrumentKind; number: string; at: number } | null;
  /** A sale to take back, chosen in the journal, taken by the returns screen. */
  pendingReturn: string | null;
  /** The cashier asked to sign off: their X report is offered first. */
  signOffAsked: boolean;
  actions: {
    screenChosen: (screen: Screen) => void;
    lookupRequested: (kind: InstrumentKind, number: string) => void;
    pendingLookupTaken: () => void;
    returnRequested: (reference: string) => void;
    pendingReturnTaken: () => void;
    signOffAsked: (asked: boolean) => void;
  };
}

const useNavigationStore = create<NavigationState>()((set) => ({
  screen: 'sale',
  pendingLookup: null,
  pendingReturn: null,
  signOffAsked: false,
  actions: {
    screenChosen: (screen) => set({ screen }),
    lookupRequested: (kind, number) => set({ screen: 'lookup', pendingLookup: { kind, number, at: Date.now() } }),
    pendingLookupTaken: () => set({ pendingLookup: null }),
    returnRequested: (reference) => set({ screen: 'returns', pendingReturn: reference }),
    pendingReturnTaken: () => set({ pendingReturn: null }),
    signOffAsked: (signOffAsked) => set({ signOffAsked }),
  },
}));

export const useScreen = () => useNavigationStore((s) => s.screen);
export const usePendingLookup = () => useNavigationStore((s) => s.pendingLookup);
export const usePendingReturn = () => useNavigationStore((s) => s.pendingReturn);
export const useSignOffAsked = () => useNavigationStore((s) => s.signOffAsked);
export const useNavigationActions = () => useNavigationStore((s) => s.actions);
