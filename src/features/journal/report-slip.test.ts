import { describe, expect, it } from 'vitest';
import type { Sale } from '@/domain/sale';
import { translator } from '@/lib/i18n';
import { loadCatalog } from '@/lib/i18n/translate';
import type { Terminal } from '@/lib/terminal-context';
import type { ZReport } from '@/outbox/db';
import type { OperationRecord } from '@/outbox/types';
import { dayReport } from './day-report';
import { cashierSlipDoc, reportSlipDoc, zSlipDoc } from './report-slip';

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

  it('names the cash owed since an earlier day with the Z that counted it: the drawer holds an earlier day’s cash', () => {
    const rows = reportSlipDoc(t, terminal, { ...report, cashOwed: [{ ...cash, owedAtZ: 2 }] }, 'X').rows;
    expect(rows).toContainEqual({
      label: 'Cash-out, cash still to pay out, owed at Z 2',
      value: 'Gift card •••• 0009 €7.00',
    });
  });
});

describe('a cashier’s X report as they sign off', () => {
  const t = translator('en-IE');
  const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live' } as Terminal;
  const time = (at: string) => new Date(at).toLocaleString('en-IE');
  const figures = dayReport({ settled: [], unsettled: [], sales: [], from: '', to: '', currency: 'EUR' }).byKind;

  it('says where its figures begin (the last Z, not the shift) and end: two slips of one day are not two shifts', () => {
    const doc = cashierSlipDoc(t, terminal, 'Casey (c7)', figures, {
      from: '2026-11-26T18:00:00Z',
      to: '2026-11-27T12:00:00Z',
    });
    expect(doc.title).toBe('X report: Casey (c7)');
    expect(doc.rows.slice(0, 2)).toEqual([
      { label: 'From', value: time('2026-11-26T18:00:00Z') },
      { label: 'To', value: time('2026-11-27T12:00:00Z') },
    ]);
    expect(
      cashierSlipDoc(t, terminal, 'Casey (c7)', figures, { from: '', to: '2026-11-27T12:00:00Z' }).rows[0],
    ).toEqual({ label: 'From', value: 'the start of the records' });
  });
});

describe('money another way on the day’s slip', () => {
  const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live' } as Terminal;
  const paid = (transactionId: string, amount: number, method: 'cash' | 'bankCard'): Sale => ({
    transactionId,
    due: amount,
    status: 'completed',
    startedAt: '2026-11-27T09:00:00Z',
    finishedAt: '2026-11-27T09:01:00Z',
    lines: [{ id: 'x', kind: 'external', number: '', amount, method, state: { name: 'recorded' } }],
  });
  const report = dayReport({
    settled: [],
    unsettled: [],
    sales: [paid('A', 3200, 'cash'), paid('B', 2500, 'bankCard')],
    from: '',
    to: '2026-11-27T18:00:00Z',
    currency: 'EUR',
  });

  it('prints the cash apart from the bank card, under their total (the drawer is counted against the cash)', async () => {
    const rows = reportSlipDoc(translator('en-IE'), terminal, report, 'X').rows;
    const at = rows.findIndex((row) => row.label.startsWith('Paid another way'));
    expect(rows.slice(at, at + 3)).toEqual([
      { label: 'Paid another way (cash, bank card) (2)', value: '€57.00' },
      { label: 'of which cash (1)', value: '€32.00' },
      { label: 'of which bank card (1)', value: '€25.00' },
    ]);
    await loadCatalog('de-DE');
    expect(reportSlipDoc(translator('de-DE'), terminal, report, 'X').rows).toContainEqual({
      label: 'davon bar (1)',
      value: '€32.00',
    });
  });
});

describe('a Z report’s span on paper', () => {
  const t = translator('en-IE');
  const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live' } as Terminal;
  const z = (from: string): ZReport => ({
    scope: 's',
    number: 2,
    from,
    closedAt: '2026-11-27T18:00:00Z',
    currency: 'EUR',
    report: dayReport({ settled: [], unsettled: [], sales: [], from, to: '2026-11-27T18:00:00Z', currency: 'EUR' }),
    carried: [],
  });
  const time = (at: string) => new Date(at).toLocaleString('en-IE');

  it('prints where the day began as well as where it closed', () => {
    expect(zSlipDoc(t, terminal, z('2026-11-26T18:00:00Z')).rows.slice(0, 2)).toEqual([
      { label: 'From', value: time('2026-11-26T18:00:00Z') },
      { label: 'To', value: time('2026-11-27T18:00:00Z') },
    ]);
    // The first Z: no Z before it, the day began with the records.
    expect(zSlipDoc(t, terminal, z('')).rows[0]).toEqual({ label: 'From', value: 'the start of the records' });
  });
});

describe('a loyalty card’s payments on the day’s slip', () => {
  const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live' } as Terminal;
  const account = { net: 0, original: 0, floor: 0, authorized: 0 };
  const pay = (id: string, number: string, amount: number, approved: number): OperationRecord => ({
    id,
    scope: 's',
    training: false,
    transactionId: 't',
    reason: 'Sale',
    status: 'succeeded',
    attempts: 1,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:01.000Z',
    request: { type: 'loyaltyCard.pay', number, amount },
    result: {
      result: approved === amount ? 'approved' : 'partiallyApproved',
      requestedAmount: amount,
      approvedAmount: approved,
      transactionId: 't',
      account,
    },
  });
  const report = dayReport({
    settled: [pay('a', '710100000001', 800, 800), pay('b', '710100000002', 900, 500)],
    unsettled: [],
    sales: [],
    from: '',
    to: '2026-11-27T18:00:00Z',
    currency: 'EUR',
  });

  it('prints how they were answered under "Paid with it", as parts of it: its rows do not add up to more than was paid', () => {
    const rows = reportSlipDoc(translator('en-IE'), terminal, report, 'X').rows;
    const at = rows.findIndex((row) => row.label.startsWith('Loyalty card: Paid with it'));
    expect(rows.slice(at, at + 3)).toEqual([
      { label: 'Loyalty card: Paid with it (2)', value: '€13.00' },
      { label: 'Loyalty card: of which approved in full (1)', value: '€8.00' },
      { label: 'Loyalty card: of which partly approved (1)', value: '€5.00' },
    ]);
  });
});
