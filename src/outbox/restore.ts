import { owedOn, startedBetween } from './day-count';
import type { ZReport } from './db';
import type { Write } from './outbox';
import type { OperationRecord } from './types';

/** What a restore did, as Settings tells the manager. */
export interface Restored {
  added: number;
  skipped: number;
  /** The backup's closed days this terminal does not take (the same one again is not left out). */
  zLeftOut: number;
  /** The backup's open day from before this terminal's last close, counted in this terminal's day. */
  countedToday: number;
}

/**
 * A backup's records and closed days (backup.ts) written into this terminal's outbox, inside the
 * caller's one transaction (outbox.ts `restore`): a crash or a refused write leaves neither, since
 * records without the day that counted them would be counted again by this terminal's next Z.
 */
export async function restoreInto(
  w: Write,
  records: OperationRecord[],
  /** The backup's closed days; undefined for a file made before backups carried them. */
  backupDays: ZReport[] | undefined,
  restoredAt: string,
  /** Names a record for a manager: a resend's check the other device had not made. */
  notChecked: (operationId: string) => Promise<void>,
): Promise<Restored> {
  const days = new BackupDays(w, backupDays);
  const { added, countedToday } = await takeRecords(w, records, days, restoredAt, notChecked);
  const zLeftOut = await takeClosedDays(w, records, backupDays ?? []);
  return { added, skipped: records.length - added, zLeftOut, countedToday };
}

/** Where this terminal's closed days end, per server, read before anything of the backup is written; and which days the backup counted. */
class BackupDays {
  private readonly closedHere = new Map<string, string>();
  constructor(
    private readonly w: Write,
    readonly fromBackup: ZReport[] | undefined,
  ) {}
  /** Whether one of the backup's closed days counted what settled at `at` (a day is [from, closedAt)). */
  counted(of: string, at: string) {
    return (this.fromBackup ?? []).some((z) => z.scope === of && z.from <= at && at < z.closedAt);
  }
  async lastCloseHere(of: string) {
    if (!this.closedHere.has(of)) {
      const range = IDBKeyRange.bound([of, 0], [of, Number.MAX_SAFE_INTEGER]);
      const last = await this.w.tx.objectStore('zReports').openCursor(range, 'prev');
      this.closedHere.set(of, last?.value.closedAt ?? '');
    }
    return this.closedHere.get(of) ?? '';
  }
}

/**
 * Each record written only if this terminal has no record with its id, so a waiting operation is
 * never added twice, and keeps its id, its Idempotency-Key.
 */
async function takeRecords(
  w: Write,
  records: OperationRecord[],
  days: BackupDays,
  restoredAt: string,
  notChecked: (operationId: string) => Promise<void>,
) {
  let added = 0;
  let countedToday = 0;
  for (const record of records) {
    const here = await w.record(record.id);
    if (here) {
      // Moved into this terminal's day by an earlier import (below), and counted since by a day the
      // old terminal closed (this later backup holds it): not counted here too, unless a Z here has
      // already closed over it (left alone: both reports have it).
      const elsewhere = here.settledElsewhereAt;
      if (
        elsewhere !== undefined &&
        days.counted(here.scope, elsewhere) &&
        here.settledAt !== undefined &&
        here.settledAt >= (await days.lastCloseHere(here.scope))
      ) {
        const { settledElsewhereAt: _moved, ...back } = here;
        await w.putRecord({ ...back, settledAt: elsewhere });
      }
      continue;
    }
    // A backup from before settledAt: a settled record counts on the day its answer was written.
    const settled = record.status === 'succeeded' || record.status === 'refused';
    const { toCheck, ...asBackedUp } =
      settled && !record.settledAt ? { ...record, settledAt: record.updatedAt } : record;
    let kept = asBackedUp;
    // The backup's open day (no Z of the backup's counts it) from before this terminal's last close:
    // that Z did not count it (it was not here), and no later one here would read that time. It
    // counts in this terminal's day now (never before that close, whatever the clock says: the
    // outbox's own floor is its own server's); when it settled stays on it. A file made before
    // backups carried their days cannot say which days counted what: nothing moves.
    const at = kept.settledAt;
    const closed = await days.lastCloseHere(kept.scope);
    if (days.fromBackup && at !== undefined && at < closed && !days.counted(kept.scope, at)) {
      kept = {
        ...kept,
        settledAt: restoredAt > closed ? restoredAt : closed,
        settledElsewhereAt: kept.settledElsewhereAt ?? at,
      };
      countedToday += 1;
    }
    await w.putRecord((await w.sale(record.transactionId)) ? kept : { ...kept, saleElsewhere: true });
    // A resend's check the other device had not made: the backup masks the card's number, so it
    // cannot be made here. Named for a manager, never taken as paid once.
    if (toCheck) await notChecked(record.id);
    added += 1;
  }
  return { added, countedToday };
}

/**
 * The backup's closed days come along where they continue this terminal's own chain of that
 * server's days (none yet on a new or reset tablet; an earlier backup's on one that took that), each
 * starting where the last one here closed, with the next number. Not when this terminal has
 * anything of its own in that day's time (an operation settled, a sale finished, a return started
 * or a cash-out's owed cash paid out, that the backup does not hold): that Z did not count it, and
 * once it closed that time here no report would. A day that does not continue the chain here is not taken either: another chain
 * mixed in could take a day's start back before its own last close, and what settled since would
 * count twice. Returns how many were left out.
 */
async function takeClosedDays(w: Write, records: OperationRecord[], zReports: ZReport[]): Promise<number> {
  const tx = w.tx;
  const inBackup = new Set(records.map((r) => r.id));
  const ownIn = async (z: ZReport, last: ZReport | undefined) => {
    const span = IDBKeyRange.bound([z.scope, z.from], [z.scope, z.closedAt], false, true);
    const settled = await tx.objectStore('operations').index('byScopeSettled').getAllKeys(span);
    if (settled.some((id) => !inBackup.has(id))) return true;
    if ((await tx.objectStore('sales').index('byScopeFinished').count(span)) > 0) return true;
    // Cash a cash-out owed at the last Z here paid out in that day: named on no report of the backup's.
    for (const id of owedOn(last)) {
      const paidOutAt = (await tx.objectStore('sales').get(id))?.paidOutAt;
      if (paidOutAt !== undefined && paidOutAt >= z.from && paidOutAt < z.closedAt) return true;
    }
    return startedBetween(await tx.objectStore('returns').getAll(), z.scope, z.from, z.closedAt).length > 0;
  };
  const inOrder = [...zReports].sort((a, b) => a.scope.localeCompare(b.scope) || a.number - b.number);
  const stopped = new Set<string>(); // servers whose chain a day left out has broken: no later day follows it
  let leftOut = 0;
  for (const z of inOrder) {
    const here = await tx.objectStore('zReports').get([z.scope, z.number]);
    if (here?.closedAt === z.closedAt) continue;
    const range = IDBKeyRange.bound([z.scope, 0], [z.scope, Number.MAX_SAFE_INTEGER]);
    const last = (await tx.objectStore('zReports').openCursor(range, 'prev'))?.value;
    // With no day here, the chain starts at the beginning (a day from elsewhere, on its own, would
    // close the time before it that no report here counted).
    const continues = last ? z.number === last.number + 1 && z.from === last.closedAt : z.from === '';
    if (!here && !stopped.has(z.scope) && continues && !(await ownIn(z, last))) await tx.objectStore('zReports').add(z);
    else {
      leftOut += 1;
      stopped.add(z.scope);
    }
  }
  return leftOut;
}
