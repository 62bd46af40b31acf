import { useMemo } from 'react';
import { create } from 'zustand';
import type { Minor } from '@/domain/money';
import type { SaleAction } from '@/domain/sale-flow';
import { useCurrentSale, useOutbox } from '@/outbox/projection';

/** Set when an action could not even be recorded (storage failed): nothing was sent, the cashier is told. */
const useRecordFailure = create<{ failed: boolean }>(() => ({ failed: false }));

async function recorded(work: () => Promise<unknown>) {
  try {
    await work();
    useRecordFailure.setState({ failed: false });
  } catch (error) {
    useRecordFailure.setState({ failed: true });
    console.warn('could not record', error instanceof Error ? error.name : '');
  }
}

/**
 * The cashier's sale: this window's current sale (a projection of the outbox) and the actions on
 * it, each handed to the one executor (`perform`), which records it and what it must send.
 */
export function useSale() {
  const { perform, resolveNow } = useOutbox();
  const sale = useCurrentSale();
  const notRecorded = useRecordFailure((s) => s.failed);
  const controls = useMemo(
    () => ({
      start: (due: Minor) => recorded(() => perform({ type: 'startSale', due })),
      act: (action: SaleAction) =>
        recorded(async () => {
          if (sale) await perform({ type: 'saleAction', transactionId: sale.transactionId, action });
        }),
      /** Asks again now, same key: the cashier's "Resolve now". */
      resolve: resolveNow,
    }),
    [perform, resolveNow, sale],
  );
  return { sale, controls, notRecorded };
}

export type SaleControls = ReturnType<typeof useSale>['controls'];
