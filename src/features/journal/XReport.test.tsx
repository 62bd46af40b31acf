// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Terminal } from '@/lib/terminal-context';
import { outboxChanged } from '@/outbox/changes';
import { openOutboxDb } from '@/outbox/db';
import type { Intent } from '@/outbox/money-path';
import { createReadModel } from '@/outbox/read-model';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { readDay } from './read-day';
import { XReport } from './XReport';

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'training', scope: 'x-report' } as Terminal;

/** The manager's screen over a real (empty) journal, whose every close finds the day changed since it was read. */
function renderChangingDay() {
  const db = openOutboxDb(`x-report-${crypto.randomUUID()}`);
  const closes: Intent[] = [];
  const perform = vi.fn(async (intent: Intent) => {
    if (intent.type !== 'closeDay') throw new Error(`unexpected ${intent.type}`);
    closes.push(intent);
    return 'changed' as const;
  });
  renderWithOutbox(<XReport />, { terminal, perform, reads: createReadModel(() => db, 'x-report') });
  return closes;
}

describe('closing the day while payments keep settling', () => {
  afterEach(cleanup);

  it('reads the day again and tries again, three times, then says so instead of stopping in silence', async () => {
    const closes = renderChangingDay();
    fireEvent.click(screen.getByRole('button', { name: 'Close the day (Z report)' }));
    expect(
      await screen.findByText(
        'Payments kept settling while the day was being closed, so it was not closed. Close the day again.',
      ),
    ).toBeTruthy();
    expect(closes).toHaveLength(4);
    // Each close keeps the currency the day's figures are in (a Z printed after a change stays in it).
    expect(closes.map((c) => c.type === 'closeDay' && c.z.currency)).toEqual(['EUR', 'EUR', 'EUR', 'EUR']);
    // Each try is a fresh read of the day, checked against what that read counted.
    expect(closes.every((c) => c.type === 'closeDay' && c.counted.settled === 0)).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close the day (Z report)' })).toBeTruthy());
  });
});

describe('a second press a moment after a Z report', () => {
  afterEach(cleanup);

  it('closes no empty day: the Z report another window closed just before is shown', async () => {
    const db = openOutboxDb(`x-report-${crypto.randomUUID()}`);
    const reads = createReadModel(() => db, 'x-report');
    const closedAt = new Date(Date.now() - 2_000).toISOString();
    const report = { ...(await readDay(reads, 'EUR', new Date(closedAt))).report, open: [] };
    await (await db).put('zReports', { scope: 'x-report', number: 1, from: '', closedAt, report, carried: [] });
    const perform = vi.fn(async (intent: Intent) => {
      throw new Error(`unexpected ${intent.type}`);
    });
    renderWithOutbox(<XReport />, { terminal, perform, reads });
    // This window's list already shows Z 1 (the other window's, closed 2 s ago) when its manager presses.
    expect(await screen.findByText(/^Z 1 · closed/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close the day (Z report)' }));
    expect(
      await screen.findByText('Another window closed the day first. This is its Z report 1; nothing was closed twice.'),
    ).toBeTruthy();
    expect(perform).not.toHaveBeenCalled();
  });
  it('this window’s own Z a moment ago: a second press closes no empty day, and says why', async () => {
    const db = openOutboxDb(`x-report-${crypto.randomUUID()}`);
    const reads = createReadModel(() => db, 'x-report');
    const closes: Intent[] = [];
    const perform = vi.fn(async (intent: Intent) => {
      if (intent.type !== 'closeDay') throw new Error(`unexpected ${intent.type}`);
      closes.push(intent);
      const z = { ...intent.z, scope: 'x-report', number: closes.length };
      await (await db).put('zReports', z);
      outboxChanged({ sales: [], records: [], returns: [] }); // as the outbox's close announces its write
      return z;
    });
    renderWithOutbox(<XReport />, { terminal, perform, reads });
    fireEvent.click(screen.getByRole('button', { name: 'Close the day (Z report)' }));
    expect(await screen.findByText(/^Z 1 · closed/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close the day (Z report)' }));
    expect(
      await screen.findByText(
        'This window closed the day a moment ago (Z report 1) and nothing has happened since: it is not closed again.',
      ),
    ).toBeTruthy();
    expect(closes).toHaveLength(1);
  });
});
