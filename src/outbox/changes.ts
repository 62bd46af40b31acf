/**
 * Tells every window of this terminal that the outbox changed: listeners in this window at once,
 * other windows through a BroadcastChannel (same origin only, by the browser's own rule).
 */
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;

function open(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('loyalty-terminal-outbox');
  if (channel) {
    // Node keeps a process alive for an open channel; the page does not care.
    (channel as unknown as { unref?: () => void }).unref?.();
    channel.onmessage = () => {
      for (const listener of listeners) listener();
    };
  }
  return channel;
}

export function outboxChanged(): void {
  for (const listener of listeners) listener();
  open()?.postMessage('changed');
}

export function onOutboxChange(listener: () => void): () => void {
  open();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
