// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '@/lib/download';
import type { Terminal } from '@/lib/terminal-context';
import { outboxChanged } from '@/outbox/changes';
import { openOutboxDb, type StoredSale } from '@/outbox/db';
import type { Intent } from '@/outbox/money-path';
import { createReadModel } from '@/outbox/read-model';
import type { OperationRecord } from '@/outbox/types';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { readDay } from './read-day';
import { XReport } from './XReport';

vi.mock('@/lib/download', () => ({ downloadFile: vi.fn() }));

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

describe('the question before closing a day with operations not settled, by keyboard alone', () => {
  afterEach(cleanup);

  it('has the focus on "Resolve first"; Escape closes nothing and gives the focus back to Close the day', async () => {
    const user = userEvent.setup();
    const db = openOutboxDb(`x-report-${crypto.randomUUID()}`);
    const pending = {
      id: 'op-1',
      scope: 'x-report',
      training: true,
      transactionId: 't',
      reason: 'Sale',
      status: 'pending',
      attempts: 1,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      updatedAt: new Date(Date.now() - 60_000).toISOString(),
      request: { type: 'giftCard.pay', number: '700100000001', amount: 2000 },
    } as OperationRecord;
    const reads = { ...createReadModel(() => db, 'x-report'), unsettled: async () => [pending] };
    const perform = vi.fn();
    renderWithOutbox(<XReport />, { terminal, perform, reads });
    screen.getByRole('button', { name: 'Close the day (Z report)' }).focus();
    await user.keyboard('{Enter}');
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toContain('1 operation is not settled');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resolve first' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close the day (Z report)' }));
    expect(perform).not.toHaveBeenCalled();
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

describe('the day’s reports on screen and taken away as files', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(downloadFile).mockClear();
  });

  /** Z 1 closed an hour ago; since, a sale paid 32.00 in cash and 25.00 by bank card. */
  async function dayAfterZ1() {
    const db = openOutboxDb(`x-report-${crypto.randomUUID()}`);
    const reads = createReadModel(() => db, 'x-report');
    const closedAt = new Date(Date.now() - 3_600_000).toISOString();
    const report = { ...(await readDay(reads, 'EUR', new Date(closedAt))).report, open: [] };
    await (await db).put('zReports', { scope: 'x-report', number: 1, from: '', closedAt, report, carried: [] });
    const at = new Date(Date.now() - 60_000).toISOString();
    const sale: StoredSale = {
      transactionId: 'paid-two-ways',
      scope: 'x-report',
      active: 0,
      due: 5700,
      status: 'completed',
      startedAt: at,
      finishedAt: at,
      lines: [
        { id: 'c', kind: 'external', number: '', amount: 3200, method: 'cash', state: { name: 'recorded' } },
        { id: 'b', kind: 'external', number: '', amount: 2500, method: 'bankCard', state: { name: 'recorded' } },
      ],
    };
    await (await db).put('sales', sale);
    renderWithOutbox(<XReport />, { terminal, perform: vi.fn(), reads });
    return closedAt;
  }

  it('shows the cash apart from the bank card', async () => {
    await dayAfterZ1();
    fireEvent.click(screen.getByRole('button', { name: 'Show the X report (the day so far)' }));
    const line = await screen.findByText(/^Paid another way/);
    await waitFor(() =>
      expect(line.textContent).toBe(
        'Paid another way (cash, bank card): 2 · €57.00 (of which cash: 1 · €32.00, of which bank card: 1 · €25.00) — ' +
          'Given back another way (returns): 0 · €0.00 (of which cash: 0 · €0.00, of which bank card: 0 · €0.00) — ' +
          'Voided sales: 0 · €0.00',
      ),
    );
  });

  it('names training or live in every file’s name, and a CSV says which report it is, its span and its mode', async () => {
    const closedAt = await dayAfterZ1();
    fireEvent.click(await screen.findByRole('button', { name: 'Z report 1 as CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Z report 1 as JSON' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show the X report (the day so far)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Export X report (CSV)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export X report (JSON)' }));
    const files = vi.mocked(downloadFile).mock.calls;
    expect(files.map(([name]) => name.replace(/\d{4}-\d{2}-\d{2}/, 'DAY'))).toEqual([
      'z-report-training-1.csv',
      'z-report-training-1.json',
      'x-report-training-DAY.csv',
      'x-report-training-DAY.json',
    ]);
    const [z, x] = [files[0]![1].split('\r\n'), files[2]![1].split('\r\n')];
    expect(z.slice(0, 7)).toEqual([
      'report,Z',
      'number,1',
      'from,',
      `to,${closedAt}`,
      'mode,training',
      '',
      'cashier,kind,line,count,amount,currency',
    ]);
    expect(x.slice(0, 3)).toEqual(['report,X', 'number,', `from,${closedAt}`]);
    expect(x[4]).toBe('mode,training');
  });
});
