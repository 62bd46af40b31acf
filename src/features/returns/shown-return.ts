import { create } from 'zustand';
import type { SaleReturn } from '@/domain/return-flow';

/**
 * The return whose outcome the desk shows (a new store credit's number, its card to print), kept
 * while another screen is on: a till's sale handed over takes the screen to the sale, and back on
 * Returns the outcome is still there until "Next return". Per window and per server (scope).
 */
export const useShownReturn = create<{ shown: { scope: string; saleReturn: SaleReturn } | null }>(() => ({
  shown: null,
}));
