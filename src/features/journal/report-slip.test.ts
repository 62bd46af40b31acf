import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n';
import type { Terminal } from '@/lib/terminal-context';
import type { ZReport } from '@/outbox/db';
import { dayReport } from './day-report';
import { zSlipDoc } from './report-slip';

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
