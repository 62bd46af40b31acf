import { createContext, useContext, useEffect, useState } from 'react';
import { create } from 'zustand';
import type { Sale } from '@/domain/sale';
import { onOutboxChange } from './changes';
import type { Outbox } from './outbox';
import type { Sender } from './sender';
import { liveTabs } from './tab';
import type { OperationRecord } from './types';

export interface OutboxHandle {
  outbox: Outbox;
  sender: Sender;
  /** This window: the sales it started are its own. */
  tab: string;
}

export const OutboxContext = createContext<OutboxHandle | null>(null);

export function useOutbox(): OutboxHandle {
  const handle = useContext(OutboxContext);
  if (!handle) throw new Error('useOutbox outside OutboxProvider');
  return handle;
}

interface OutboxView {
  scope: string | null;
  /** Sales still being worked on (this window's current one among them). */
  sales: Sale[];
  counts: { waiting: number; attention: number };
}

/** What the screens read: a projection of the outbox, refreshed whenever any window changes it. */
const useView = create<OutboxView>(() => ({ scope: null, sales: [], counts: { waiting: 0, attention: 0 } }));

let generation = 0;

/** Reads the projection again (sales from an index, counts from an index: no full scan). */
export async function refreshView(outbox: Outbox, tab: string): Promise<void> {
  const mine = ++generation;
  const [sales, counts] = await Promise.all([outbox.activeSales(), outbox.counts()]);
  if (mine !== generation) return; // a newer read is on its way
  useView.setState({ scope: outbox.scope, sales, counts });
  if (!sales.some((s) => s.owner === tab && !s.closed)) await adoptOrphan(outbox, tab, sales);
}

/** A sale left open by a window that is gone (a crash, a closed tab) is taken over by a window with none. */
async function adoptOrphan(outbox: Outbox, tab: string, sales: Sale[]) {
  const candidates = sales.filter((s) => !s.closed && s.owner !== tab);
  if (candidates.length === 0) return;
  const live = await liveTabs();
  const orphan = candidates.find((s) => live !== null && !live.has(s.owner ?? ''));
  if (orphan) await outbox.adopt(orphan.transactionId, orphan.owner, tab);
}

export function resetView(scope: string) {
  generation += 1;
  useView.setState({ scope, sales: [], counts: { waiting: 0, attention: 0 } });
}

/** This window's sale in progress (or just finished, until the cashier moves on). */
export function useCurrentSale(): Sale | null {
  const { tab } = useOutbox();
  return useView((v) => {
    const mine = v.sales.filter((s) => s.owner === tab && !s.closed);
    return mine.length === 0 ? null : mine.reduce((a, b) => (a.startedAt >= b.startedAt ? a : b));
  });
}

/** Every sale still being worked on, in every window (a till's sales are watched until they finish). */
export const useActiveSales = () => useView((v) => v.sales);

/** Operations still to reach the server, and those that need a manager. */
export const useWaitingCounts = () => useView((v) => v.counts);

/** One operation's record, kept current (issue and un-issue screens show its outcome). */
export function useOperationRecord(id: string | null): OperationRecord | undefined {
  const { outbox } = useOutbox();
  const [record, setRecord] = useState<OperationRecord | undefined>(undefined);
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    const read = () => void outbox.get(id).then((r) => live && setRecord(r));
    read();
    const off = onOutboxChange(read);
    return () => {
      live = false;
      off();
    };
  }, [id, outbox]);
  return record?.id === id ? record : undefined;
}
