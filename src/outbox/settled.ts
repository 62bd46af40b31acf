import { onOutboxChange } from './changes';
import type { ReadModel } from './read-model';
import type { OperationRecord } from './types';

const POLL_MS = 1_000;

/**
 * Resolves once the operation's outcome is known (succeeded, refused, or with a manager): told by
 * the write that settles it in this window, read again when another window writes, and once a
 * second in case the news was missed. Never resolves while it is pending or unknown: the sender
 * keeps sending it with the same key. `signal` gives up waiting (the operation goes on).
 */
export function settledRecord(
  reads: ReadModel,
  id: string,
  signal?: AbortSignal,
): Promise<OperationRecord | undefined> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (record: OperationRecord | undefined) => {
      if (done) return;
      done = true;
      off();
      clearInterval(timer);
      signal?.removeEventListener('abort', aborted);
      resolve(record);
    };
    const check = async () => {
      const record = await reads.get(id);
      if (!record || (record.status !== 'pending' && record.status !== 'unknown')) finish(record);
    };
    const off = onOutboxChange((change) => {
      const mine = change.remote ? undefined : change.records.find((r) => r.id === id);
      if (mine && mine.status !== 'pending' && mine.status !== 'unknown') finish(mine);
      else if (change.remote) void check();
    });
    const timer = setInterval(() => void check(), POLL_MS);
    const aborted = () => {
      if (done) return;
      done = true;
      off();
      clearInterval(timer);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', aborted, { once: true });
    void check();
  });
}
