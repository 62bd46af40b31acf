import { describe, expect, it } from 'vitest';
import type { SaleReturn } from '@/domain/return-flow';
import type { Sale } from '@/domain/sale';
import type { OperationRecord } from '@/outbox/types';
import { translator } from '@/lib/i18n';
import { dayReport, reportCsv } from './day-report';
import { settledLateText } from './report-slip';

const account = { net: 0, original: 0, floor: 0, authorized: 0 };
let n = 0;
const record = (
  request: OperationRecord['request'],
  result: OperationRecord['result'],
  more: Partial<OperationRecord> = {},
): OperationRecord => ({
  id: `r${++n}`,
  scope: 's',
  training: false,
  transactionId: 't',
  reason: 'Sale',
  operatorId: 'c7',
  operatorName: 'Casey',
  status: 'succeeded',
  attempts: 1,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:01.000Z',
  request,
  result,
  ...more,
});
const hold = {
  authCode: 'A',
  instrumentId: '700100000001',
  amount: 0,
  status: 'committed',
  created: '',
  expires: '',
  account,
} as const;
const card = (kind: 'giftCard' | 'storeCredit', original: number) =>
  ({
    kind,
    number: '700100000009',
    seriesNumber: 'S',
    status: 'issued',
    account: { ...account, original, net: original },
    customer: null,
  }) as never;

const records: OperationRecord[] = [
  record({ type: 'giftCard.issue', number: '700100000009', amount: 5000 }, card('giftCard', 5000)),
  record({ type: 'storeCredit.issueInSeries', series: 'SC1', amount: 1500 }, card('storeCredit', 1500), {
    operatorId: 'm1',
    operatorName: 'Mo',
  }),
  record({ type: 'giftCard.pay', number: '700100000001', amount: 2000 }, { ...hold, status: 'pending', amount: 2000 }),
  record({ type: 'giftCard.commit', number: '700100000001', authCode: 'A', amount: 2000 }, { ...hold, amount: 2000 }),
  record(
    { type: 'loyaltyCard.pay', number: '710100000001', amount: 800 },
    { result: 'approved', requestedAmount: 800, approvedAmount: 800, transactionId: 't', account },
  ),
  record(
    { type: 'loyaltyCard.pay', number: '710100000002', amount: 900 },
    { result: 'partiallyApproved', requestedAmount: 900, approvedAmount: 500, transactionId: 't', account },
  ),
  record(
    { type: 'loyaltyCard.voidPayment', number: '710100000001', amount: 800 },
    { result: 'voided', transactionId: 't', voidedAmount: 800, account },
  ),
  // Un-issued: the answer shows the card emptied; what was loaded (read before) is the record's.
  record({ type: 'giftCard.unissue', number: '700100000008' }, card('giftCard', 0), { loaded: 2500 }),
  record({ type: 'storeCredit.issueInSeries', series: 'SC1', amount: 700 }, card('storeCredit', 700), {
    returnId: 'ret',
    returnOf: 't',
  }),
  record({ type: 'giftCard.commit', number: '700100000002', authCode: 'B', amount: 100 }, undefined, {
    status: 'unknown',
  }),
  record({ type: 'giftCard.issue', number: '700100000003', amount: 100 }, undefined, {
    createdAt: '2026-11-23T10:00:00.000Z',
    settledAt: '2026-11-23T10:00:01.000Z',
  }),
];
const sales: Sale[] = [
  {
    transactionId: 'a',
    due: 3000,
    status: 'completed',
    startedAt: '2026-11-24T09:00:00.000Z',
    finishedAt: '2026-11-24T09:01:00.000Z',
    lines: [{ id: 'x', kind: 'external', number: '', amount: 1000, label: 'Cash', state: { name: 'recorded' } }],
  },
  {
    transactionId: 'b',
    due: 1200,
    status: 'voided',
    startedAt: '2026-11-24T11:00:00.000Z',
    finishedAt: '2026-11-24T11:00:30.000Z',
    lines: [],
  },
];

/** The day of `records` and `sales`: the 24th, every record settled in it, the open one still open. */
const theDay = () =>
  dayReport({
    settled: records,
    unsettled: records,
    sales,
    from: '2026-11-24T00:00:00.000Z',
    to: '2026-11-25T00:00:00.000Z',
    currency: 'EUR',
  });

describe('the day report: counts and sums from the journal, per kind and per cashier', () => {
  const report = theDay();

  it('sold (what the store now owes), taken (what it paid off), loyalty approved, partly, voided, returns, un-issues', () => {
    expect(report.byKind.giftCard).toMatchObject({
      sold: { count: 1, amount: 5000 },
      taken: { count: 1, amount: 2000 },
      unissued: { count: 1, amount: 2500 },
      returned: { count: 0, amount: 0 },
    });
    expect(report.byKind.storeCredit).toMatchObject({
      sold: { count: 1, amount: 1500 },
      returned: { count: 1, amount: 700 },
    });
    expect(report.byKind.loyaltyCard).toMatchObject({
      taken: { count: 2, amount: 1300 },
      loyaltyApproved: { count: 1, amount: 800 },
      loyaltyPartial: { count: 1, amount: 500 },
      loyaltyVoided: { count: 1, amount: 800 },
    });
  });

  it('loyalty approved, partly approved and settled by a void add up to what was paid with it', () => {
    const lost = record({ type: 'loyaltyCard.pay', number: '710100000003', amount: 800 }, undefined, {
      status: 'attention',
      settledAt: '2026-11-24T10:00:02.000Z',
      notes: [{ code: 'givenBackByVoid', amount: 800 }],
    });
    const day = dayReport({
      settled: [...records, lost],
      unsettled: [],
      sales,
      from: '2026-11-24T00:00:00.000Z',
      to: '2026-11-25T00:00:00.000Z',
      currency: 'EUR',
    });
    const loyalty = day.byKind.loyaltyCard;
    expect(loyalty.taken).toEqual({ count: 3, amount: 2100 });
    expect(loyalty.loyaltyByVoid).toEqual({ count: 1, amount: 800 });
    expect(loyalty.loyaltyApproved.amount + loyalty.loyaltyPartial.amount + loyalty.loyaltyByVoid.amount).toBe(
      loyalty.taken.amount,
    );
  });

  it('a record settled in another currency (a backup from before the change) is not added to this one’s figures: it is named', () => {
    const euros = record(
      { type: 'giftCard.commit', number: '700100000005', authCode: 'E', amount: 1234 },
      { ...hold, amount: 1234 },
      { currency: 'EUR' },
    );
    const yen = record(
      { type: 'giftCard.commit', number: '700100000006', authCode: 'Y', amount: 500 },
      { ...hold, amount: 500 },
      { currency: 'JPY' },
    );
    const refused = record({ type: 'giftCard.pay', number: '700100000007', amount: 2000 }, undefined, {
      status: 'refused',
      currency: 'EUR',
      error: { code: 'currency_changed', message: '' },
    });
    const partly = record(
      { type: 'loyaltyCard.pay', number: '710100000004', amount: 2000 },
      { result: 'partiallyApproved', requestedAmount: 2000, approvedAmount: 500, transactionId: 't', account },
      { currency: 'EUR' },
    );
    const day = dayReport({
      settled: [euros, yen, refused, partly],
      unsettled: [],
      sales: [],
      from: '2026-11-24T00:00:00.000Z',
      to: '2026-11-25T00:00:00.000Z',
      currency: 'JPY',
    });
    expect(day.byKind.giftCard.taken).toEqual({ count: 1, amount: 500 });
    // What each would have counted: the loyalty payment's approved part; a refusal names nothing.
    expect(day.otherCurrency).toEqual([
      { id: euros.id, type: 'giftCard.commit', maskedNumber: '•••• 0005', currency: 'EUR', amount: 1234 },
      { id: partly.id, type: 'loyaltyCard.pay', maskedNumber: '•••• 0004', currency: 'EUR', amount: 500 },
    ]);
    const csv = reportCsv(day, 'JPY');
    expect(csv).toContain('all,giftCard,taken,1,500,JPY');
    expect(csv).toContain('otherCurrency:giftCard.commit:•••• 0005,1,12.34,EUR');
  });

  it('a report kept before a line existed reads that line as none', () => {
    const { loyaltyByVoid: _new, ...older } = report.byKind.loyaltyCard;
    const kept = { ...report, byKind: { ...report.byKind, loyaltyCard: older as typeof report.byKind.loyaltyCard } };
    expect(reportCsv(kept, 'EUR')).toContain('all,loyaltyCard,loyaltyApproved,1,8.00,EUR');
  });

  it('per cashier the figures add up to the day', () => {
    const cashiers = Object.values(report.byCashier);
    expect(cashiers).toHaveLength(2);
    for (const kind of ['giftCard', 'storeCredit', 'loyaltyCard'] as const)
      for (const line of ['sold', 'taken', 'returned'] as const)
        expect(cashiers.reduce((sum, c) => sum + c[kind][line].amount, 0)).toBe(report.byKind[kind][line].amount);
    expect(report.byCashier['Mo (m1)']?.storeCredit.sold).toEqual({ count: 1, amount: 1500 });
  });

  it('payments another way and voided sales from the day’s sales; open operations named, not counted; other days left out', () => {
    expect(report.otherPayments).toEqual({ count: 1, amount: 1000 });
    expect(report.voidedSales).toEqual({ count: 1, amount: 1200 });
    expect(report.open.map((r) => r.request.type)).toEqual(['giftCard.commit']);
    expect(report.byKind.giftCard.sold.count).toBe(1);
  });
});

describe('money another way: cash apart from bank card', () => {
  const external = (id: string, amount: number, way: Partial<Sale['lines'][number]>): Sale['lines'][number] => ({
    id,
    kind: 'external',
    number: '',
    amount,
    state: { name: 'recorded' },
    ...way,
  });
  const sale = (transactionId: string, lines: Sale['lines']): Sale => ({
    transactionId,
    due: lines.reduce((sum, l) => sum + l.amount, 0),
    status: 'completed',
    startedAt: '2026-11-24T09:00:00.000Z',
    finishedAt: '2026-11-24T09:01:00.000Z',
    lines,
  });
  const returned: SaleReturn = {
    returnId: 'ret-1',
    saleId: 'A',
    amount: 200,
    startedAt: '2026-11-24T11:00:00.000Z',
    lines: [{ id: 'b', way: 'external', amount: 200, parts: [], target: '', method: 'cash', state: { name: 'done' } }],
  };
  const report = dayReport({
    settled: [],
    unsettled: [],
    sales: [
      sale('A', [external('a', 3200, { method: 'cash' })]),
      sale('B', [external('b', 2500, { method: 'bankCard' }), external('c', 500, { method: 'cash' })]),
      // Kept before lines kept their method: its words only, never guessed into cash.
      sale('C', [external('d', 1000, { label: 'Cash' })]),
    ],
    returns: [returned],
    from: '2026-11-24T00:00:00.000Z',
    to: '2026-11-25T00:00:00.000Z',
    currency: 'EUR',
  });

  it('counts each way apart, the total as before', () => {
    expect(report.otherPayments).toEqual({ count: 4, amount: 7200 });
    expect(report.otherPaymentsByWay).toEqual({
      cash: { count: 2, amount: 3700 },
      bankCard: { count: 1, amount: 2500 },
      other: { count: 0, amount: 0 },
      unnamed: { count: 1, amount: 1000 },
    });
    expect(report.otherPaymentsBack).toEqual({ count: 1, amount: 200 });
    expect(report.otherPaymentsBackByWay?.cash).toEqual({ count: 1, amount: 200 });
  });

  it('the CSV has a row per way under each total: cash and bank card always, the others when they have a count', () => {
    const csv = reportCsv(report, 'EUR');
    expect(csv).toContain(
      [
        'all,,otherPayments,4,72.00,EUR',
        'all,,otherPayments:cash,2,37.00,EUR',
        'all,,otherPayments:bankCard,1,25.00,EUR',
        'all,,otherPayments:unnamed,1,10.00,EUR',
        'all,,otherPaymentsBack,1,2.00,EUR',
        'all,,otherPaymentsBack:cash,1,2.00,EUR',
        'all,,otherPaymentsBack:bankCard,0,0.00,EUR',
      ].join('\r\n'),
    );
    expect(csv).not.toContain('otherPayments:other');
    // A Z report kept before the ways were: its totals only.
    const { otherPaymentsByWay: _a, otherPaymentsBackByWay: _b, ...older } = report;
    expect(reportCsv(older, 'EUR')).not.toContain('otherPayments:');
  });
});

describe('the report as CSV', () => {
  it('one row per cashier, kind and line; the open operation masked; no full number', () => {
    const report = theDay();
    const csv = reportCsv(report, 'EUR');
    expect(csv.split('\r\n')[0]).toBe('cashier,kind,line,count,amount,currency');
    expect(csv).toContain('all,giftCard,sold,1,50.00,EUR');
    expect(csv).toContain('Mo (m1),storeCredit,sold,1,15.00,EUR');
    expect(csv).toContain('all,,voidedSales,1,12.00,EUR');
    expect(csv).toContain('open:giftCard.commit:•••• 0002');
    expect(csv).not.toMatch(/70010000000/);
  });

  it('names a cashier one way on every row: the open operation’s row as the figures’ ("Casey (c7)")', () => {
    const report = theDay();
    const lines = reportCsv(report, 'EUR').split('\r\n');
    expect(lines).toContain('Casey (c7),giftCard,open:giftCard.commit:•••• 0002,1,,EUR');
    expect(new Set(lines.slice(1, -1).map((line) => line.split(',')[0]))).toEqual(
      new Set(['all', 'Casey (c7)', 'Mo (m1)']),
    );
  });

  it('starts with its identity: which report, its span, training or live (a training Z 1 is not the live Z 1)', () => {
    const day = dayReport({
      settled: records,
      unsettled: [],
      sales,
      from: '2026-11-24T00:00:00.000Z',
      to: '2026-11-25T00:00:00.000Z',
      currency: 'EUR',
    });
    const z = (mode: 'live' | 'training') => reportCsv(day, 'EUR', [], { report: 'Z', number: 1, mode });
    expect(z('training').split('\r\n').slice(0, 7)).toEqual([
      'report,Z',
      'number,1',
      'from,2026-11-24T00:00:00.000Z',
      'to,2026-11-25T00:00:00.000Z',
      'mode,training',
      '',
      'cashier,kind,line,count,amount,currency',
    ]);
    expect(z('live')).toContain('\r\nmode,live\r\n');
    expect(z('live').split('\r\n').slice(6)).toEqual(z('training').split('\r\n').slice(6));
    expect(reportCsv(day, 'EUR', [], { report: 'X', mode: 'live' }).split('\r\n').slice(0, 2)).toEqual([
      'report,X',
      'number,',
    ]);
  });

  it('a Z report names the operations it carried (its own open list is empty once closed)', () => {
    const report = dayReport({ settled: [], unsettled: [], sales: [], from: '', to: '', currency: 'EUR' });
    const carried = [
      { id: 'c1', type: 'giftCard.commit', maskedNumber: '•••• 0002', status: 'unknown', createdAt: '' },
    ];
    expect(reportCsv(report, 'EUR', carried)).toContain(',giftCard,open:giftCard.commit:•••• 0002,1,,EUR');
    expect(reportCsv(report, 'EUR')).not.toContain('open:');
  });
});

describe('every operation settles into exactly one Z report', () => {
  const Z1 = '2026-11-24T18:00:00.000Z';
  const Z2 = '2026-11-25T18:00:00.000Z';
  const pay = record(
    { type: 'giftCard.pay', number: '700100000001', amount: 2000 },
    { ...hold, status: 'pending', amount: 2000 },
    {
      createdAt: '2026-11-24T17:50:00.000Z',
      settledAt: '2026-11-24T17:50:01.000Z',
    },
  );
  // Its commit was sent before the day closed and its answer came only after.
  const openCommit = { type: 'giftCard.commit', number: '700100000001', authCode: 'A', amount: 2000 } as const;
  const before = record(openCommit, undefined, {
    id: 'commit-1',
    status: 'unknown',
    createdAt: '2026-11-24T17:55:00.000Z',
    settledAt: undefined,
  });
  const after = {
    ...before,
    status: 'succeeded' as const,
    result: { ...hold, amount: 2000 },
    settledAt: '2026-11-25T09:00:00.000Z',
  };
  const report = (settled: OperationRecord[], unsettled: OperationRecord[], from: string, to: string, z?: number) =>
    dayReport({
      settled,
      unsettled,
      sales: [],
      from,
      to,
      currency: 'EUR',
      carriedBy: z ? new Map([['commit-1', z]]) : undefined,
    });

  it('open at the first Z: named there, not counted; settled later: counted on the next, named as carried from Z 1', () => {
    const z1 = report([pay], [before], '', Z1);
    expect(z1.open.map((r) => r.id)).toEqual(['commit-1']);
    expect(z1.byKind.giftCard.taken).toEqual({ count: 0, amount: 0 });

    // The X report after the commit landed is what the next Z says: the amount counted, from Z 1.
    const x = report([after], [], Z1, '2026-11-25T12:00:00.000Z', 1);
    const z2 = report([after], [], Z1, Z2, 1);
    expect(x.byKind).toEqual(z2.byKind);
    expect(z2.byKind.giftCard.taken).toEqual({ count: 1, amount: 2000 });
    expect(z2.settledLate).toEqual([
      { id: 'commit-1', type: 'giftCard.commit', maskedNumber: '•••• 0001', createdAt: before.createdAt, fromZ: 1 },
    ]);
    // Summed over every Z report, what the card paid is counted once.
    expect(z1.byKind.giftCard.taken.amount + z2.byKind.giftCard.taken.amount).toBe(2000);
    // The first Z's span does not count it, whichever record (before or after) it is given.
    expect(report([after], [], '', Z1).byKind.giftCard.taken.count).toBe(0);
  });

  it('begun before and settled here counting nothing (refused, or a hold whose money counts on its commit): named only to end a Z’s item, as counting nothing', () => {
    const refused: OperationRecord = {
      ...after,
      status: 'refused',
      result: undefined,
      error: { code: 'authorization_expired', message: '' },
    };
    // Not carried by a Z: named nowhere. Carried (Z 1 named it not settled): named, as counting nothing.
    expect(report([refused], [], Z1, Z2).settledLate).toEqual([]);
    expect(report([refused], [], Z1, Z2, 1).settledLate).toEqual([
      {
        id: 'commit-1',
        type: 'giftCard.commit',
        maskedNumber: '•••• 0001',
        createdAt: before.createdAt,
        fromZ: 1,
        counted: false,
      },
    ]);
    expect(settledLateText(translator('en-IE'), report([refused], [], Z1, Z2, 1).settledLate[0]!)).toBe(
      'Carried from Z 1: Gift card commit •••• 0001, settled, nothing counted',
    );
    const openPay = record({ type: 'giftCard.pay', number: '700100000001', amount: 2000 }, undefined, {
      id: 'pay-1',
      status: 'unknown',
      createdAt: '2026-11-24T17:55:00.000Z',
    });
    const held = {
      ...openPay,
      status: 'succeeded' as const,
      result: { ...hold, status: 'pending' as const, amount: 2000 },
      settledAt: '2026-11-25T09:00:00.000Z',
    };
    expect(report([held], [], Z1, Z2).settledLate).toEqual([]);
    expect(report([held], [], Z1, Z2).byKind.giftCard.taken).toEqual({ count: 0, amount: 0 });
  });

  it('a payment flagged after it settled counts once, on the day it settled, and is named there as flagged; never open', () => {
    const loyalty = { type: 'loyaltyCard.pay', number: '710100000001', amount: 2000 } as const;
    const flagged = record(
      loyalty,
      { transactionId: 't', result: 'approved', requestedAmount: 2000, approvedAmount: 2000, account },
      {
        id: 'flagged-1',
        status: 'attention',
        createdAt: '2026-11-25T08:00:00.000Z',
        settledAt: '2026-11-25T08:00:01.000Z',
        notes: [{ code: 'appliedTwice' }],
      },
    );
    // The flag keeps it among the unsettled (the journal's attention list) every day after.
    const day = report([flagged], [flagged], Z1, Z2);
    expect(day.byKind.loyaltyCard.taken).toEqual({ count: 1, amount: 2000 });
    expect(day.flagged).toEqual([{ id: 'flagged-1', type: 'loyaltyCard.pay', maskedNumber: '•••• 0001' }]);
    expect(day.open).toEqual([]);
    const nextDay = report([], [flagged], Z2, '2026-11-27T00:00:00.000Z');
    expect(nextDay.byKind.loyaltyCard.taken.count).toBe(0);
    expect(nextDay.open).toEqual([]);
    // Flagged only once the day it settled was closed: named on the day the flag came in, not counted again.
    const flaggedLater = { ...flagged, id: 'later-1', updatedAt: '2026-11-26T09:00:00.000Z' };
    const dayOfTheFlag = report([], [flaggedLater], Z2, '2026-11-27T00:00:00.000Z');
    expect(dayOfTheFlag.flagged).toEqual([{ id: 'later-1', type: 'loyaltyCard.pay', maskedNumber: '•••• 0001' }]);
    expect(dayOfTheFlag.byKind.loyaltyCard.taken.count).toBe(0);
    expect(dayOfTheFlag.open).toEqual([]);
    expect(report([], [flaggedLater], '2026-11-27T00:00:00.000Z', '2026-11-28T00:00:00.000Z').flagged).toEqual([]);
    // Unknown and then flagged (never settled): open, not counted.
    const never = { ...flagged, id: 'never', settledAt: undefined, result: undefined };
    expect(report([], [never], Z1, Z2).open.map((r) => r.id)).toEqual(['never']);
  });

  it('a sale counts on the day it finished, not the day it began', () => {
    const sale: Sale = {
      transactionId: 'late',
      due: 1000,
      status: 'completed',
      startedAt: '2026-11-24T17:59:00.000Z',
      finishedAt: '2026-11-25T08:00:00.000Z',
      lines: [{ id: 'c', kind: 'external', number: '', amount: 1000, label: 'Cash', state: { name: 'recorded' } }],
    };
    const day = (from: string, to: string) =>
      dayReport({ settled: [], unsettled: [], sales: [sale], from, to, currency: 'EUR' }).otherPayments;
    expect(day('', Z1)).toEqual({ count: 0, amount: 0 });
    expect(day(Z1, Z2)).toEqual({ count: 1, amount: 1000 });
  });
});

describe('a cash-out’s cash: counted where its card was debited, named until the drawer pays it', () => {
  const from = '2026-11-25T00:00:00.000Z';
  const to = '2026-11-26T00:00:00.000Z';
  const cashOut = (finishedAt: string, more: Partial<Sale> = {}): Sale => ({
    transactionId: `co-${finishedAt}`,
    due: 700,
    status: 'completed',
    purpose: 'cashOut',
    closed: true,
    startedAt: finishedAt,
    finishedAt,
    lines: [
      {
        id: 'g',
        kind: 'giftCard',
        number: '700100000009',
        amount: 700,
        label: '',
        state: { name: 'committed', authCode: 'A' },
      },
    ],
    ...more,
  });
  const report = (sale: Sale, owedAtZ?: number) =>
    dayReport({
      settled: [],
      unsettled: [],
      sales: [],
      from,
      to,
      currency: 'EUR',
      cashOuts: [sale],
      owedBy: owedAtZ === undefined ? undefined : new Map([[sale.transactionId, owedAtZ]]),
    });
  const named = (r: ReturnType<typeof report>) => [r.cashOwed?.length, r.paidOutLate?.map((c) => c.owedAtZ)];

  it('owed at the report’s end: not paid out, or paid out after it', () => {
    expect(report(cashOut('2026-11-25T10:00:00.000Z')).cashOwed).toEqual([
      {
        id: 'co-2026-11-25T10:00:00.000Z',
        maskedNumber: '•••• 0009',
        amount: 700,
        takenAt: '2026-11-25T10:00:00.000Z',
      },
    ]);
    expect(named(report(cashOut('2026-11-25T10:00:00.000Z', { paidOutAt: to })))).toEqual([1, []]);
    // Owed since an earlier day: still named, still not counted again.
    const older = report(cashOut('2026-11-24T10:00:00.000Z'), 4);
    expect(named(older)).toEqual([1, []]);
    expect(older.byKind.giftCard.cashedOut).toEqual({ count: 0, amount: 0 });
  });

  it('owed since an earlier day: named with the Z that counted it, apart from this day’s, on the CSV too', () => {
    const older = report(cashOut('2026-11-24T10:00:00.000Z'), 4);
    expect(older.cashOwed?.map((c) => c.owedAtZ)).toEqual([4]);
    expect(reportCsv(older, 'EUR').split('\r\n')).toContain(',giftCard,cashOwed:Z4:•••• 0009,1,7.00,EUR');
    // Taken this day: no Z named it.
    const today = report(cashOut('2026-11-25T10:00:00.000Z'));
    expect(today.cashOwed?.map((c) => c.owedAtZ)).toEqual([undefined]);
    expect(reportCsv(today, 'EUR').split('\r\n')).toContain(',giftCard,cashOwed:•••• 0009,1,7.00,EUR');
  });

  it('paid out late only when an earlier Z named it owed; paid out the day it was taken, named nowhere', () => {
    const paid = { paidOutAt: '2026-11-25T11:00:00.000Z' };
    expect(named(report(cashOut('2026-11-24T10:00:00.000Z', paid), 4))).toEqual([0, [4]]);
    expect(named(report(cashOut('2026-11-25T10:00:00.000Z', paid)))).toEqual([0, []]);
    // Not taken from the card (its commit not answered), or taken after the report's end: nothing.
    const requesting = cashOut('2026-11-25T10:00:00.000Z');
    requesting.lines[0] = { ...requesting.lines[0]!, state: { name: 'requesting' } };
    expect(named(report(requesting))).toEqual([0, []]);
    expect(named(report(cashOut(to)))).toEqual([0, []]);
  });
});
