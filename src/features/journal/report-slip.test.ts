import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n';
import type { Terminal } from '@/lib/terminal-context';
import type { ZReport } from '@/outbox/db';
import { dayReport } from './day-report';
import { reportSlipDoc, zSlipDoc } from './report-slip';

describe('a Z report printed again', () => {
  const report = dayReport({
    settled: [],
    unsettled: [],
    sales: [],
    from: '',
    to: '2026-11-27T18:00:00Z',
    currency: 'EUR',
  });
  const z = (currency?: string): ZReport => ({
    scope: 's',
    number: 1,
    from: '',
    closedAt: '2026-11-27T18:00:00Z',
    ...(currency ? { currency } : {}),
    report: { ...report, otherPayments: { count: 1, amount: 5000 } },
    carried: [],
  });
  const printed = (terminalCurrency: string, kept: ZReport) =>
    zSlipDoc(
      translator('en-IE'),
      { currency: terminalCurrency, locale: 'en-IE', mode: 'live' } as Terminal,
      kept,
    ).rows.find((row) => row.label.startsWith('Paid another way'))?.value;

  it('is in the currency the day was closed in, whatever the terminal uses now', () => {
    expect(printed('GBP', z('EUR'))).toBe('€50.00');
    // Kept before Z reports named their currency: the terminal's.
    expect(printed('GBP', z())).toBe('£50.00');
  });
});

describe('a cash-out’s cash on the day’s slip', () => {
  const t = translator('en-IE');
  const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live' } as Terminal;
  const cash = { id: 'c1', maskedNumber: '•••• 0009', amount: 700, takenAt: '2026-11-27T10:00:00Z' };
  const report = {
    ...dayReport({ settled: [], unsettled: [], sales: [], from: '', to: '2026-11-27T18:00:00Z', currency: 'EUR' }),
    cashOwed: [cash],
    paidOutLate: [{ ...cash, id: 'c2', maskedNumber: '•••• 0004', amount: 1250, owedAtZ: 3 }],
  };

  it('names the cash still owed, and the cash paid out that an earlier Z named as owed, by card and amount', () => {
    const rows = reportSlipDoc(t, terminal, report, 'X').rows;
    expect(rows).toEqual(
      expect.arrayContaining([
        { label: 'Cash-out, cash still to pay out', value: 'Gift card •••• 0009 €7.00' },
        { label: 'Cash-out paid out, owed at Z 3', value: 'Gift card •••• 0004 €12.50' },
      ]),
    );
  });
});
