import type { SaleReturn } from '@/domain/return-flow';
import type { Sale } from '@/domain/sale';
import type { StoredReturn, ZReport } from './db';
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
  /** Returns started in the span (their money given back another way counts there). */
  returns: number;
  /** Also in the print: which cash-outs' cash is owed (a payout since the read changes the report's list). */
  print: string;
}

type Settled = Pick<OperationRecord, 'id' | 'status' | 'settledAt' | 'updatedAt'>;
type Finished = Pick<Sale, 'transactionId' | 'status' | 'finishedAt'>;
type Started = Pick<SaleReturn, 'returnId' | 'startedAt'>;

export function dayCount(
  settled: readonly Settled[],
  finished: readonly Finished[],
  returns: readonly Started[] = [],
  owed: readonly Pick<Sale, 'transactionId'>[] = [],
  /** Records counted by an earlier day and flagged in this one (`flaggedIn`): the report names them. */
  flagged: readonly Pick<OperationRecord, 'id' | 'updatedAt'>[] = [],
): DayCount {
  let hash = 0x811c9dc5;
  const add = (text: string) => {
    for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  };
  for (const r of settled) add(`${r.id}|${r.status}|${r.settledAt ?? r.updatedAt};`);
  for (const s of finished) add(`${s.transactionId}|${s.status}|${s.finishedAt ?? ''};`);
  for (const r of returns) add(`${r.returnId}|${r.startedAt};`);
  for (const s of owed) add(`owed|${s.transactionId};`);
  for (const r of flagged) add(`flagged|${r.id}|${r.updatedAt};`);
  return {
    settled: settled.length,
    finished: finished.length,
    returns: returns.length,
    print: (hash >>> 0).toString(16),
  };
}

/**
 * Records counted on an earlier day (settled before `from`) and flagged for a manager in [from, to):
 * the day's report names them (day-report.ts), so a flag between the read and the close changes it.
 */
export const flaggedIn = <R extends Pick<OperationRecord, 'id' | 'status' | 'settledAt' | 'updatedAt'>>(
  records: readonly R[],
  from: string,
  to: string,
): R[] =>
  records
    .filter((r) => r.status === 'attention' && r.settledAt !== undefined && r.settledAt < from)
    .filter((r) => r.updatedAt >= from && r.updatedAt < to)
    .sort((a, b) => a.id.localeCompare(b.id));

/** The returns of a server started in [from, to), oldest first: what a day reads and its close checks. */
export const startedBetween = (returns: StoredReturn[], scope: string, from: string, to: string): SaleReturn[] =>
  returns
    .filter((r) => r.scope === scope && r.startedAt >= from && r.startedAt < to)
    .map(({ scope: _scope, ...r }) => r)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.returnId.localeCompare(b.returnId));

/**
 * The cash-outs a Z report named as owed (their transaction ids; day-report.ts, `cashOwed`): none on
 * one kept before it named them, and only well-formed entries of one that came in a backup.
 */
export function owedOn(z: ZReport | undefined): string[] {
  const named: unknown = (z?.report as { cashOwed?: unknown } | undefined)?.cashOwed;
  if (!Array.isArray(named)) return [];
  return named.flatMap((c: unknown) => {
    const id = typeof c === 'object' && c !== null ? (c as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? [id] : [];
  });
}
