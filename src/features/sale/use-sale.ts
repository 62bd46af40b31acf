import { useMemo } from 'react';
import { create } from 'zustand';
import type { Minor } from '@/domain/money';
import { decide, startSale, type SaleAction } from '@/domain/sale-flow';
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
 * it. Each action is decided by the pure sale flow and written, with what it must send, in one
 * transaction; the sender does the rest.
 */
export function useSale() {
  const { outbox, sender, tab } = useOutbox();
  const sale = useCurrentSale();
  const notRecorded = useRecordFailure((s) => s.failed);
  const controls = useMemo(
    () => ({
      start: (due: Minor) =>
        recorded(() => outbox.startSale(startSale(due, { scope: outbox.scope, owner: tab }, outbox.env()))),
      act: (action: SaleAction) =>
        recorded(async () => {
          if (!sale) return;
          const step = await outbox.act(sale.transactionId, (current, env) => decide(current, action, env));
          if (step && step.orders.length > 0) void sender.kick();
        }),
      /** Asks again now, same key: the cashier's "Resolve now". */
      resolve: (operationId: string) => sender.kick(operationId),
    }),
    [outbox, sender, tab, sale],
  );
  return { sale, controls, notRecorded };
}

export type SaleControls = ReturnType<typeof useSale>['controls'];
