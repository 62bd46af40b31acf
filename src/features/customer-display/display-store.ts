import { create } from 'zustand';

/** Whether the cashier opened a customer display from this window (the feed starts at once). */
export const useDisplayStore = create<{ opened: boolean }>(() => ({ opened: false }));
