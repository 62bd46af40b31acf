import type { ZReport } from '@/outbox/db';
import type { ReadModel } from '@/outbox/read-model';
import { dayReport, type DayReport } from './day-report';

/** The Z reports of this server, newest first, and the day so far as the next Z would close it. */
export interface Day {
  zs: ZReport[];
  /** From the last Z report (or the beginning) to now. */
  report: DayReport;
}

/**
 * Reads the day since the last Z report: what settled in it, what is not settled now, the sales that
 * finished in it (three index ranges: nothing of a closed day is read), and which operations the
 * earlier Z reports carried. Asked for when a manager opens the X report, closes the day or signs a
 * cashier off, never on the journal's first paint.
 */
export async function readDay(reads: ReadModel, currency: string, at = new Date(Date.now() + 1)): Promise<Day> {
  const zs = await reads.zReports();
  const from = zs[0]?.closedAt ?? '';
  const to = at.toISOString();
  const [settled, unsettled, sales] = await Promise.all([
    reads.settledBetween(from, to),
    reads.unsettled(),
    reads.salesFinishedBetween(from, to),
  ]);
  const carriedBy = new Map<string, number>();
  for (const z of [...zs].reverse()) for (const c of z.carried) carriedBy.set(c.id, z.number);
  return { zs, report: dayReport({ settled, unsettled, sales, from, to, currency, carriedBy }) };
}
