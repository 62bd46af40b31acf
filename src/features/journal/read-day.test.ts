import { describe, expect, it } from 'vitest';
import type { ZReport } from '@/outbox/db';
import { closedJustBefore, type Day } from './read-day';

const closedAt = '2026-11-28T18:00:00.000Z';
const z = (carried: string[] = []): ZReport =>
  ({ scope: 's', number: 1, from: '', closedAt, report: {}, carried: carried.map((id) => ({ id })) }) as ZReport;
const day = (last: ZReport, open: string[] = [], settled = 0): Day =>
  ({
    zs: [last],
    report: { open: open.map((id) => ({ id })) },
    counted: { settled, finished: 0, returns: 0, print: '' },
  }) as unknown as Day;
const at = (ms: number) => Date.parse(closedAt) + ms;

describe('a press to close the day just after a Z report', () => {
  it('is a second press while nothing happened since, for a minute', () => {
    expect(closedJustBefore(day(z()), at(2_000))).not.toBeNull();
    expect(closedJustBefore(day(z()), at(61_000))).toBeNull(); // a quiet day, closed as ever
    expect(closedJustBefore(day(z(), [], 1), at(2_000))).toBeNull(); // something settled since
  });

  it('counts what the Z carried as nothing new, and anything else open as something', () => {
    expect(closedJustBefore(day(z(['op-1']), ['op-1']), at(2_000))).not.toBeNull();
    expect(closedJustBefore(day(z(['op-1']), ['op-1', 'op-2']), at(2_000))).toBeNull();
  });

  it('is not "just after" on a clock set back before that Z: the day is closed as asked', () => {
    expect(closedJustBefore(day(z()), at(-3_600_000))).toBeNull();
  });
});
