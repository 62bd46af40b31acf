import type { CardBox } from '@/domain/card-box';
import type { SaleReturn } from '@/domain/return-flow';
import type { Sale } from '@/domain/sale';
import type { OperationRecord } from './types';

/**
 * What one write put in the outbox, told by the write itself: the screens take the sales and
 * records from it without reading them back, and the sender wakes when something waits to be sent.
 * Another window hears only that something changed (`remote`) and reads what it needs.
 */
export type OutboxChange =
  | {
      remote: false;
      sales: readonly Sale[];
      records: readonly OperationRecord[];
      returns: readonly SaleReturn[];
      boxes: readonly CardBox[];
    }
  | { remote: true };

const listeners = new Set<(change: OutboxChange) => void>();
let channel: BroadcastChannel | null | undefined;

function open(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  // Same origin only, by the browser's own rule.
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('loyalty-terminal-outbox');
  if (channel) {
    // Node keeps a process alive for an open channel; the page does not care.
    (channel as unknown as { unref?: () => void }).unref?.();
    channel.onmessage = () => {
      for (const listener of listeners) listener({ remote: true });
    };
  }
  return channel;
}

export function outboxChanged(change: {
  sales: readonly Sale[];
  records: readonly OperationRecord[];
  returns: readonly SaleReturn[];
  boxes?: readonly CardBox[];
}): void {
  for (const listener of listeners) listener({ remote: false, boxes: [], ...change });
  open()?.postMessage('changed');
}

export function onOutboxChange(listener: (change: OutboxChange) => void): () => void {
  open();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a change recorded something the sender must send (a remote one may have: the window that wrote it sends it). */
export const recordsToSend = (change: OutboxChange): boolean =>
  !change.remote && change.records.some((r) => r.status === 'pending' || r.status === 'unknown');
