import { useEffect, useRef } from 'react';
import { useTerminal } from '@/lib/terminal-context';
import { useTrainingResets } from '@/lib/training-events';
import { useSaleStore } from './sale-store';
import { useSaleService } from './use-sale-service';

const RETRY_MS = 4000;

function hasPending(scope: string): boolean {
  const sales = useSaleStore.getState().byScope[scope];
  return [sales?.current, ...(sales?.recent ?? [])].some((sale) =>
    sale?.lines.some((l) => ['unknown', 'requesting', 'committing', 'canceling', 'voiding'].includes(l.state.name)),
  );
}

/**
 * Always mounted: on start it resolves what a reload or crash cut off, then keeps sending the
 * commits, cancels and voids that have not landed yet (same key each time) until they do.
 */
export function SaleRecovery() {
  const service = useSaleService();
  const { scope } = useTerminal();
  const resets = useTrainingResets();
  const seenResets = useRef(resets);

  // A reset simulator has none of the training sale's holds: that sale is gone with them.
  useEffect(() => {
    if (resets === seenResets.current) return;
    seenResets.current = resets;
    useSaleStore.getState().actions.scopeCleared('training');
  }, [resets]);
  const started = useRef<string | null>(null);

  useEffect(() => {
    let stopped = false;
    const afterRestart = started.current !== scope;
    started.current = scope;
    const run = async (first: boolean) => {
      if (stopped || !hasPending(scope)) return;
      await service.settlePending(first).catch((error: unknown) => console.warn('recovery pass failed', error instanceof Error ? error.name : ''));
    };
    void run(afterRestart);
    const timer = setInterval(() => void run(false), RETRY_MS);
    const online = () => void run(false);
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [service, scope]);
  return null;
}
