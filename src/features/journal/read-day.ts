import { cashOwed, type Sale } from '@/domain/sale';
import type { ZReport } from '@/outbox/db';
import { dayCount, flaggedIn, owedOn, type DayCount } from '@/outbox/day-count';
import type { ReadModel } from '@/outbox/read-model';
import { dayReport, type DayReport } from './day-report';

/** The Z reports of this server, newest first, and the day so far as the next Z would close it. */
export interface Day {
  zs: ZReport[];
  /** From the last Z report (or the beginning) to now. */
  report: DayReport;
  /** What the report read in its span: closing the day checks the span still holds just that. */
  counted: DayCount;
}

/** Past any time a record can carry: the day's reads take everything since the last Z. */
const END = '9999-12-31T23:59:59.999Z';

/**
 * Reads the day since the last Z report: everything that settled, every sale that finished and
 * every return that started since it (nothing of a closed day is counted), what is not settled now, and which
 * operations the earlier Z reports carried. The day ends now, or just after the latest of those if
 * the device clock has been set back, so that each is in this report. Asked for when a manager opens
 * the X report, closes the day or signs a cashier off, never on the journal's first paint.
 */
export async function readDay(reads: ReadModel, currency: string, at = new Date(Date.now() + 1)): Promise<Day> {
  const zs = await reads.zReports();
  const from = zs[0]?.closedAt ?? '';
  const [settled, unsettled, sales, returns, active] = await Promise.all([
    reads.settledBetween(from, END),
    reads.unsettled(),
    reads.salesFinishedBetween(from, END),
    reads.returnsStartedBetween(from, END),
    reads.activeSales(),
  ]);
  // Cash-outs whose cash is owed now (they stay active until paid out), and those the last Z named
  // as owed: paid out since, they are named as paid out late.
  const owed = active.filter(cashOwed);
  const owedBy = new Map(owedOn(zs[0]).map((id) => [id, zs[0]?.number ?? 0] as const));
  const stillOwed = new Set(owed.map((s) => s.transactionId));
  const paidSince = (
    await Promise.all([...owedBy.keys()].filter((id) => !stillOwed.has(id)).map((id) => reads.getSale(id)))
  ).filter((s): s is Sale => s !== undefined);
  const cashOuts = [...owed, ...paidSince];
  // Never before the day's start, even with nothing in it and the clock set back past the last Z.
  let end = Math.max(at.getTime(), from ? Date.parse(from) + 1 : 0);
  for (const r of settled) end = Math.max(end, Date.parse(r.settledAt ?? r.updatedAt) + 1);
  for (const s of sales) if (s.finishedAt) end = Math.max(end, Date.parse(s.finishedAt) + 1);
  for (const r of returns) end = Math.max(end, Date.parse(r.startedAt) + 1);
  for (const s of paidSince) if (s.paidOutAt) end = Math.max(end, Date.parse(s.paidOutAt) + 1);
  const to = new Date(end).toISOString();
  const carriedBy = new Map<string, number>();
  for (const z of [...zs].reverse()) for (const c of z.carried) carriedBy.set(c.id, z.number);
  return {
    zs,
    report: dayReport({ settled, unsettled, sales, returns, from, to, currency, carriedBy, cashOuts, owedBy }),
    counted: dayCount(settled, sales, returns, owed, flaggedIn(unsettled, from, to)),
  };
}

/**
 * The last Z report, when it closed less than a minute ago and nothing has happened since (nothing
 * settled, finished or started, no owed cash paid out, nothing open it did not carry): a press to close the day then is a
 * second press (another window's, its list already showing that Z; a second tap), and would close
 * an empty day. Timed by this device's clock; a clock set back before that Z is not "just after" it.
 */
export function closedJustBefore(day: Day, now = Date.now()): ZReport | null {
  const last = day.zs[0];
  if (!last) return null;
  const carried = new Set(last.carried.map((c) => c.id));
  const { settled, finished, returns } = day.counted;
  const nothing =
    settled + finished + returns === 0 &&
    (day.report.paidOutLate ?? []).length === 0 &&
    day.report.open.every((o) => carried.has(o.id));
  const since = now - Date.parse(last.closedAt);
  return nothing && since >= 0 && since < 60_000 ? last : null;
}
