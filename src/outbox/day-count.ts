import type { Sale } from '@/domain/sale';
import type { OperationRecord } from './types';

/**
 * What a day's report read in its span, as closing the day checks it: how many operations settled
 * and sales finished, and a print of which, in what state and when (FNV-1a, in index order). A sale
 * reversed or a record flagged between the read and the close changes the print though not the
 * counts, so the close answers 'changed' and the day is read again.
 */
export interface DayCount {
  settled: number;
  finished: number;
  print: string;
}

type Settled = Pick<OperationRecord, 'id' | 'status' | 'settledAt' | 'updatedAt'>;
type Finished = Pick<Sale, 'transactionId' | 'status' | 'finishedAt'>;

export function dayCount(settled: readonly Settled[], finished: readonly Finished[]): DayCount {
  let hash = 0x811c9dc5;
  const add = (text: string) => {
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  };
  for (const r of settled) add(`${r.id}|${r.status}|${r.settledAt ?? r.updatedAt};`);
  for (const s of finished) add(`${s.transactionId}|${s.status}|${s.finishedAt ?? ''};`);
  return { settled: settled.length, finished: finished.length, print: (hash >>> 0).toString(16) };
}
