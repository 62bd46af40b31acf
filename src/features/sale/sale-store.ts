import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { lineAdded, lineChanged, lineRemoved, newSale, saleStatusChanged, type Sale, type SaleStatus } from '@/domain/sale';
import type { TenderEvent, TenderLine } from '@/domain/tender-line';

interface ScopeSales {
  current: Sale | null;
  /** Finished sales, newest first: receipts to reprint and settlements still being delivered. */
  recent: Sale[];
}

interface SaleStoreState {
  byScope: Record<string, ScopeSales>;
  actions: {
    saleStarted: (scope: string, due: number) => void;
    tenderAdded: (scope: string, line: TenderLine) => void;
    tenderChanged: (scope: string, transactionId: string, lineId: string, event: TenderEvent) => void;
    tenderNoted: (scope: string, transactionId: string, lineId: string, note: Partial<Pick<TenderLine, 'balanceAfter' | 'settleOperationId'>>) => void;
    tenderRemoved: (scope: string, lineId: string) => void;
    saleStatusChanged: (scope: string, transactionId: string, status: SaleStatus) => void;
    saleClosed: (scope: string) => void;
    scopeCleared: (scope: string) => void;
  };
}

const empty: ScopeSales = { current: null, recent: [] };
const KEEP_RECENT = 20;

/** Applies `change` to the sale with this transactionId, current or recent. */
function updateSale(sales: ScopeSales, transactionId: string, change: (sale: Sale) => Sale): ScopeSales {
  if (sales.current?.transactionId === transactionId) return { ...sales, current: change(sales.current) };
  return { ...sales, recent: sales.recent.map((s) => (s.transactionId === transactionId ? change(s) : s)) };
}

/**
 * The sale in progress per server scope (training and live never share one), persisted so a
 * reload or crash loses nothing. Actions are named for what happened.
 */
export const useSaleStore = create<SaleStoreState>()(
  persist(
    (set) => {
      const inScope = (scope: string, change: (sales: ScopeSales) => ScopeSales) =>
        set((state) => ({ byScope: { ...state.byScope, [scope]: change(state.byScope[scope] ?? empty) } }));
      return {
        byScope: {},
        actions: {
          saleStarted: (scope, due) => inScope(scope, (s) => ({ ...s, current: newSale(crypto.randomUUID(), due, new Date()) })),
          tenderAdded: (scope, line) => inScope(scope, (s) => (s.current ? { ...s, current: lineAdded(s.current, line) } : s)),
          tenderChanged: (scope, transactionId, lineId, event) => inScope(scope, (s) => updateSale(s, transactionId, (sale) => lineChanged(sale, lineId, event))),
          tenderNoted: (scope, transactionId, lineId, note) =>
            inScope(scope, (s) => updateSale(s, transactionId, (sale) => ({ ...sale, lines: sale.lines.map((l) => (l.id === lineId ? { ...l, ...note } : l)) }))),
          tenderRemoved: (scope, lineId) => inScope(scope, (s) => (s.current ? { ...s, current: lineRemoved(s.current, lineId) } : s)),
          saleStatusChanged: (scope, transactionId, status) => inScope(scope, (s) => updateSale(s, transactionId, (sale) => saleStatusChanged(sale, status, new Date()))),
          scopeCleared: (scope) => set((state) => ({ byScope: { ...state.byScope, [scope]: empty } })),
          saleClosed: (scope) =>
            inScope(scope, (s) => (s.current ? { current: null, recent: [s.current, ...s.recent].slice(0, KEEP_RECENT) } : s)),
        },
      };
    },
    { name: 'loyalty-terminal.sales', version: 1, partialize: ({ byScope }) => ({ byScope }) },
  ),
);

export const useCurrentSale = (scope: string) => useSaleStore((s) => s.byScope[scope]?.current ?? null);
export const useSaleActions = () => useSaleStore((s) => s.actions);
export const saleSnapshot = (scope: string) => useSaleStore.getState().byScope[scope] ?? empty;
