import { createContext, useContext, useEffect, useState } from 'react';
import { create } from 'zustand';
import { isActive, type Sale } from '@/domain/sale';
import { onOutboxChange, type OutboxChange } from './changes';
import type { Outbox } from './outbox';

/** What the projection asks of the write side: taking over an orphaned sale. */
type Adopter = Pick<Outbox, 'adopt'>;
import type { Perform } from './money-path';
import type { ReadModel } from './read-model';
import { liveTabs } from './tab';
import type { OperationRecord } from './types';

export interface OutboxHandle {
  /** The one executor: every money operation starts here (`createPerform` in money-path.ts, once that chunk has loaded). */
  perform: Perform;
  reads: ReadModel;
  /** The cashier's "Resolve now": the sender asks again at once, same key, skipping its back-off. */
  resolveNow: (operationId: string) => Promise<void>;
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

/** What the screens read: a projection of the outbox, told by each write in this window, re-read when another writes. */
const useView = create<OutboxView>(() => ({ scope: null, sales: [], counts: { waiting: 0, attention: 0 } }));

let generation = 0;
/** Set when a write of this window was applied while a read was on its way: that read may predate it. */
let appliedSince = false;

/** Reads the projection again (sales from an index, counts from an index: no full scan). */
export async function refreshView(reads: ReadModel, outbox: Adopter, tab: string): Promise<void> {
  const mine = ++generation;
  appliedSince = false;
  const [sales, counts] = await Promise.all([reads.activeSales(), reads.counts()]);
  if (mine !== generation) return; // a newer read is on its way
  if (appliedSince) return refreshView(reads, outbox, tab); // read before a write of ours landed: read again
  useView.setState({ scope: reads.scope, sales, counts });
  await adoptOrphan(outbox, tab, sales);
}

/** A write of this window: its sales go straight to the screens; the counts come from the index. */
export async function applyChange(reads: ReadModel, outbox: Adopter, tab: string, change: OutboxChange): Promise<void> {
  if (change.remote) return refreshView(reads, outbox, tab);
  if (change.sales.length > 0) {
    appliedSince = true;
    const written = new Map(change.sales.map((s) => [s.transactionId, s]));
    useView.setState((v) => {
      const kept = v.sales.filter((s) => !written.has(s.transactionId));
      const active = change.sales.filter((s) => (s.scope ?? v.scope) === v.scope && isActive(s));
      return { sales: [...kept, ...active] };
    });
  }
  if (change.records.length > 0) {
    const mine = generation;
    const counts = await reads.counts();
    if (mine === generation) useView.setState({ counts });
  }
  await adoptOrphan(outbox, tab, useView.getState().sales);
}

/** A sale left open by a window that is gone (a crash, a closed tab) is taken over by a window with none. */
async function adoptOrphan(outbox: Adopter, tab: string, sales: Sale[]) {
  if (sales.some((s) => s.owner === tab && !s.closed)) return;
  const candidates = sales.filter((s) => !s.closed && s.owner !== tab);
  if (candidates.length === 0) return;
  const live = await liveTabs();
  const orphan = candidates.find((s) => live !== null && !live.has(s.owner ?? ''));
  if (orphan) await outbox.adopt(orphan.transactionId, orphan.owner, tab);
}

/** Another server: nothing of the last one's sales or counts may show. The same server keeps its view until read again. */
export function resetView(scope: string) {
  if (useView.getState().scope === scope) return;
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

type LocalChange = Extract<OutboxChange, { remote: false }>;

/**
 * One thing the outbox keeps (an operation's record, a sale), kept current: taken from what this
 * window's writes announce, read again when another window writes. `read` and `written` are
 * module-level functions (stable), so the subscription is made once per id.
 */
function useKept<T extends object>(
  id: string | null,
  read: (reads: ReadModel, id: string) => Promise<T | undefined>,
  written: (change: LocalChange, id: string) => T | undefined,
  idOf: (value: T) => string,
): T | undefined {
  const { reads } = useOutbox();
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    const again = () => void read(reads, id).then((v) => live && setValue(v));
    again();
    const off = onOutboxChange((change) => {
      if (change.remote) return again();
      const mine = written(change, id);
      if (mine) setValue(mine);
    });
    return () => {
      live = false;
      off();
    };
  }, [id, reads, read, written]);
  return value && idOf(value) === id ? value : undefined;
}

const readRecord = (reads: ReadModel, id: string) => reads.get(id);
const writtenRecord = (change: LocalChange, id: string) => change.records.find((r) => r.id === id);
const readSale = (reads: ReadModel, id: string) => reads.getSale(id);
const writtenSale = (change: LocalChange, id: string) => change.sales.find((s) => s.transactionId === id);

/** One operation's record, kept current (issue and un-issue screens show its outcome). */
export const useOperationRecord = (id: string | null): OperationRecord | undefined =>
  useKept(id, readRecord, writtenRecord, (r) => r.id);

/** One sale, kept current whether or not it is still active (a cash-out's screen follows it to the end). */
export const useSaleRecord = (transactionId: string | null): Sale | undefined =>
  useKept(transactionId, readSale, writtenSale, (s) => s.transactionId);
