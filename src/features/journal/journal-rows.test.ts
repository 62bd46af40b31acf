import { describe, expect, it, vi } from 'vitest';
import type { OperationRecord } from '@/outbox/types';
import { CASH_OUT_REASON } from '@/domain/sale';
import { dayReport } from './day-report';
import { csvCell, localDate, toCsv, toRow, totalsForDay, totalsInCurrency } from './journal-rows';

const base = {
  scope: 's',
  training: false,
  transactionId: 't',
  reason: 'Sale',
  operatorId: 'op, "one"',
  attempts: 1,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:01.000Z',
};
const account = { net: 0, original: 2000, floor: 0, authorized: 0 };

describe('journal rows', () => {
  const records: OperationRecord[] = [
    {
      ...base,
      id: '1',
      status: 'succeeded',
      request: { type: 'giftCard.pay', number: '700100000001', amount: 1250 },
      result: {
        authCode: 'AB12',
        instrumentId: '700100000001',
        amount: 1250,
        status: 'pending',
        created: '',
        expires: '',
        account,
      },
    },
    {
      ...base,
      id: '2',
      status: 'succeeded',
      request: { type: 'giftCard.commit', number: '700100000001', authCode: 'AB12', amount: 1250 },
      result: {
        authCode: 'AB12',
        instrumentId: '700100000001',
        amount: 1250,
        status: 'committed',
        created: '',
        expires: '',
        account,
      },
    },
    {
      ...base,
      id: '3',
      status: 'succeeded',
      request: { type: 'loyaltyCard.pay', number: '710100000002', amount: 2000 },
      result: { result: 'partiallyApproved', requestedAmount: 2000, approvedAmount: 500, transactionId: 't', account },
    },
    {
      ...base,
      id: '4',
      status: 'succeeded',
      request: { type: 'giftCard.issueInSeries', series: 'GC3', amount: 2000 },
      result: {
        kind: 'giftCard',
        number: '700300000001',
        seriesNumber: 'GC3',
        status: 'issued',
        account,
        customer: null,
      },
    },
    {
      ...base,
      id: '5',
      status: 'unknown',
      request: { type: 'storeCredit.pay', number: '720100000001', amount: 300 },
      error: { code: 'timeout', message: 'x' },
    },
    {
      ...base,
      id: '6',
      createdAt: '2026-11-21T10:00:00.000Z',
      status: 'succeeded',
      request: { type: 'giftCard.commit', number: '700100000007', authCode: 'Z', amount: 999 },
    },
    {
      ...base,
      id: '7',
      createdAt: '2026-11-21T11:00:00.000Z',
      status: 'attention',
      note: 'More left this card',
      request: { type: 'giftCard.pay', number: '700100000007', amount: 500 },
      result: {
        authCode: 'QQ',
        instrumentId: '700100000007',
        amount: 500,
        status: 'pending',
        created: '',
        expires: '',
        account,
      },
    },
  ];
  const rows = records.map((r) => toRow(r, 'EUR'));

  it('masks every number and says what each operation did', () => {
    expect(rows.map((r) => [r.operation, r.maskedNumber, r.amount, r.reference, r.outcome])).toEqual([
      ['pay', '•••• 0001', 1250, 'AB12', 'succeeded'],
      ['commit', '•••• 0001', 1250, 'AB12', 'succeeded'],
      ['pay', '•••• 0002', 2000, 'partiallyApproved 5.00', 'succeeded'],
      ['issueInSeries', '•••• 0001', 2000, 'issued', 'succeeded'],
      ['pay', '•••• 0001', 300, 'timeout', 'unknown'],
      ['commit', '•••• 0007', 999, 'Z', 'succeeded'],
      ['pay', '•••• 0007', 500, 'QQ', 'attention'],
    ]);
  });

  it('totals the day per kind: payments taken (commits, loyalty approvals) and amounts issued', () => {
    expect(totalsForDay(rows, '2026-11-22')).toEqual({
      giftCard: { operations: 3, paid: 1250, issued: 2000, returned: 0, unissued: 0, cashedOut: 0 },
      loyaltyCard: { operations: 1, paid: 500, issued: 0, returned: 0, unissued: 0, cashedOut: 0 },
      storeCredit: { operations: 1, paid: 0, issued: 0, returned: 0, unissued: 0, cashedOut: 0 },
    });
  });

  it('the day’s totals in one currency: a morning in euros before a midday Z and a change to yen is left out and named', () => {
    const morning = records.map((r) => toRow({ ...r, currency: 'EUR' }, 'JPY'));
    const afternoon = toRow(
      {
        ...base,
        id: 'y1',
        status: 'succeeded',
        currency: 'JPY',
        request: { type: 'giftCard.commit', number: '700100000001', authCode: 'Y', amount: 500 },
        result: {
          authCode: 'Y',
          instrumentId: 'x',
          amount: 500,
          status: 'committed',
          created: '',
          expires: '',
          account,
        },
      },
      'JPY',
    );
    const { totals, leftOut } = totalsInCurrency([...morning, afternoon], 'JPY');
    expect(totals.giftCard).toEqual({ operations: 1, paid: 500, issued: 0, returned: 0, unissued: 0, cashedOut: 0 });
    expect(leftOut).toEqual({ count: morning.length, currencies: ['EUR'] });
  });

  it('names an exported file by the store’s own date, not UTC’s', () => {
    vi.stubEnv('TZ', 'America/New_York'); // 20:00 there is already tomorrow in UTC
    try {
      expect(localDate(new Date('2026-11-29T01:00:00Z'))).toBe('2026-11-28');
      expect(localDate(new Date(2026, 0, 5, 0, 10))).toBe('2026-01-05');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('a return is its own kind, named by the sale it gives back money of, and apart from sales in the totals', () => {
    const saleId = '3f2a9c01-b4d7-4e11-9c3a-0123456789ab';
    const returned: OperationRecord[] = [
      {
        ...base,
        id: 'r1',
        status: 'succeeded',
        transactionId: saleId,
        returnId: 'ret-1',
        returnOf: saleId,
        request: { type: 'loyaltyCard.voidPayment', number: '710100000001', amount: 800 },
        result: { result: 'voided', transactionId: saleId, voidedAmount: 800, account },
      },
      {
        ...base,
        id: 'r2',
        status: 'succeeded',
        returnId: 'ret-1',
        returnOf: saleId,
        request: { type: 'storeCredit.issueInSeries', series: 'SC1', amount: 2000 },
        result: {
          kind: 'storeCredit',
          number: '720100000009',
          seriesNumber: 'SC1',
          status: 'issued',
          account,
          customer: null,
        },
      },
    ];
    const rows = returned.map((r) => toRow(r, 'EUR'));
    expect(rows.map((r) => [r.operation, r.reference, r.returned, r.paid, r.issued])).toEqual([
      ['return', 'S3F2A9C01B4D7', 800, 0, 0],
      ['return', 'S3F2A9C01B4D7', 2000, 0, 0],
    ]);
    expect(totalsForDay(rows)).toMatchObject({
      loyaltyCard: { returned: 800 },
      storeCredit: { returned: 2000, issued: 0 },
    });
  });

  it('"Today" agrees with the X report: an un-issue and a cash-out are figures of their own', () => {
    const card = (original: number) => ({
      kind: 'giftCard' as const,
      number: '700100000003',
      seriesNumber: 'GC1',
      status: original > 0 ? ('issued' as const) : ('notIssued' as const),
      account: { ...account, original, net: original },
      customer: null,
    });
    const day: OperationRecord[] = [
      // A gift card sold for 30.00 and un-issued the same day: 30.00 issued, 30.00 taken back.
      {
        ...base,
        id: 'i1',
        status: 'succeeded',
        request: { type: 'giftCard.issue', number: '700100000003', amount: 3000 },
        result: card(3000),
      },
      {
        ...base,
        id: 'u1',
        status: 'succeeded',
        loaded: 3000,
        request: { type: 'giftCard.unissue', number: '700100000003' },
        result: card(0),
      },
      // A 7.00 balance cashed out: 7.00 left the drawer, no payment was taken.
      {
        ...base,
        id: 'c1',
        status: 'succeeded',
        reason: CASH_OUT_REASON,
        request: { type: 'giftCard.commit', number: '700100000009', authCode: 'C', amount: 700 },
        result: {
          authCode: 'C',
          instrumentId: '700100000009',
          amount: 700,
          status: 'committed',
          created: '',
          expires: '',
          account,
        },
      },
    ];
    const today = totalsForDay(day.map((r) => toRow(r, 'EUR'))).giftCard;
    expect(today).toEqual({ operations: 3, paid: 0, issued: 3000, returned: 0, unissued: 3000, cashedOut: 700 });
    const x = dayReport({
      settled: day,
      unsettled: [],
      sales: [],
      from: '',
      to: '2026-11-23T00:00:00Z',
      currency: 'EUR',
    });
    expect([today.issued, today.unissued, today.cashedOut, today.paid]).toEqual([
      x.byKind.giftCard.sold.amount,
      x.byKind.giftCard.unissued.amount,
      x.byKind.giftCard.cashedOut.amount,
      x.byKind.giftCard.taken.amount,
    ]);
  });

  it('exports CSV with quoting and no full card number', () => {
    const csv = toCsv(rows);
    expect(csv.split('\r\n')[0]).toBe(
      'time,operator,operation,kind,number,amount,currency,reference,outcome,note,training,settledAt',
    );
    expect(csv.split('\r\n')[1]).toBe(
      '2026-11-22T10:00:00.000Z,"op, ""one""",pay,giftCard,•••• 0001,12.50,EUR,AB12,succeeded,,no,2026-11-22T10:00:01.000Z',
    );
    expect(csv).not.toMatch(/7001000000/);
  });

  it('exports when each operation settled, last: the time the Z report counts it by, empty while it has not', () => {
    const late: OperationRecord = {
      ...records[1]!,
      id: 'late',
      // Begun before a Z closed at 18:00, its answer came after: the next Z counts it.
      createdAt: '2026-11-22T17:59:59.000Z',
      updatedAt: '2026-11-22T18:00:05.000Z',
      settledAt: '2026-11-22T18:00:05.000Z',
    };
    // Flagged for a manager later: still counted where it settled, not when it was flagged.
    const flagged: OperationRecord = {
      ...late,
      id: 'flagged',
      status: 'attention',
      updatedAt: '2026-11-23T09:00:00.000Z',
    };
    const lines = toCsv([late, flagged, records[4]!].map((r) => toRow(r, 'EUR'))).split('\r\n');
    const settled = lines.slice(1, 4).map((line) => line.split(',').at(-1));
    expect(settled).toEqual(['2026-11-22T18:00:05.000Z', '2026-11-22T18:00:05.000Z', '']);
    expect(lines[1]?.startsWith('2026-11-22T17:59:59.000Z,')).toBe(true);
  });

  it('an older record in another currency (kept before the currency changed) is shown and exported in its own', () => {
    const krona: OperationRecord = {
      ...base,
      id: '9',
      status: 'succeeded',
      currency: 'ISK',
      request: { type: 'giftCard.pay', number: '700100000007', amount: 5000 },
    };
    const [row] = [toRow(krona, 'EUR')];
    expect(row?.currency).toBe('ISK');
    expect(toCsv([row!]).split('\r\n')[1]).toContain(',5000,ISK,');
    // A record kept before records kept their currency: the terminal's, as before.
    expect(toRow({ ...krona, currency: undefined }, 'EUR').currency).toBe('EUR');
  });

  it('neutralises cells a spreadsheet would run as a formula (OWASP), and keeps plain negative numbers', () => {
    const evil: OperationRecord = {
      ...base,
      id: '8',
      operatorId: '=HYPERLINK("http://x.test","click")',
      status: 'attention',
      note: '+cmd|calc',
      request: { type: 'giftCard.pay', number: '700100000007', amount: 500 },
    };
    const [row] = [toRow(evil, 'EUR')];
    const line = toCsv([{ ...row!, reference: '@SUM(A1)' }]).split('\r\n')[1] ?? '';
    expect(line).toContain(`"'=HYPERLINK(""http://x.test"",""click"")"`);
    expect(line).toContain(`'@SUM(A1)`);
    expect(line).toContain(`'+cmd|calc`);
    expect(line.split(',').every((cell) => !/^[=+@]/.test(cell))).toBe(true);
    expect(csvCell('-5.00')).toBe('-5.00');
    expect(csvCell('-1+2')).toBe(`'-1+2`);
    expect(csvCell('\tx')).toBe(`'\tx`);
  });
});
