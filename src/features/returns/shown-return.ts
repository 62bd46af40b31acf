import { create } from 'zustand';
import type { SaleReturn } from '@/domain/return-flow';

/** Whose desk an outcome was on: the server (scope) and the cashier signed on. */
export type Desk = { scope: string; operatorId: string | undefined };

/**
 * The return whose outcome the desk shows (a new store credit's number, its card to print), kept
 * while another screen is on: a till's sale handed over takes the screen to the sale, and back on
 * Returns the outcome is still there until "Next return". One per server, and only for the cashier
 * who gave it back: another signed on after them starts from an empty desk (the card's number and
 * its print are theirs; a manager prints it again from the journal).
 */
export const useShownReturns = create<Record<string, { operatorId: string | undefined; saleReturn: SaleReturn }>>(
  () => ({}),
);

export const useShownReturn = (desk: Desk): SaleReturn | null =>
  useShownReturns((kept) => {
    const shown = kept[desk.scope];
    return shown && shown.operatorId === desk.operatorId ? shown.saleReturn : null;
  });

export const showReturn = (desk: Desk, saleReturn: SaleReturn | null) =>
  useShownReturns.setState({ [desk.scope]: saleReturn ? { operatorId: desk.operatorId, saleReturn } : undefined });
