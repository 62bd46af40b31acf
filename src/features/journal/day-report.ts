import { type InstrumentKind, maskNumber } from '@/domain/instrument';
import { type Minor, minorToInput } from '@/domain/money';
import type { SaleReturn } from '@/domain/return-flow';
import { cashOutTaken, type Sale } from '@/domain/sale';
import type { OperationRecord } from '@/outbox/types';
import type { ZReport } from '@/outbox/db';
import { kindOf, type OperationType } from '@/domain/operation';
import { externalMethods, type ExternalMethod } from '@/domain/tender-line';
import type { TerminalMode } from '@/lib/settings/store';
import { csvCell, hasSettled, operatorOf, settledAt, settledByVoid, toRow, type JournalRow } from './journal-rows';

/** A count and its sum: every figure of the report is one. */
export interface Figure {
  count: number;
  amount: Minor;
}

/**
 * The report's lines, each a rule over one journal row: adding a kind of line is one entry here.
 * sold: gift cards and store credit issued (what the store now owes); taken: money paid with the
 * kind (the debt it paid off: committed holds, approved loyalty payments), and under it the loyalty
 * payments it counts, by how they were answered (parts of it, "of which", never added to it);
 * loyaltyVoided: loyalty payments given back by their void; returned: given back by returns;
 * cashedOut: small balances paid out in cash (the debt paid off in cash); unissued: issues undone
 * (what was loaded on the card, the debt taken back; 0 on records kept before it was known).
 */
const lines = {
  sold: (r: JournalRow) => (r.outcome === 'succeeded' && r.returned === 0 && r.issued > 0 ? r.issued : null),
  taken: (r: JournalRow) => (r.outcome === 'succeeded' && r.paid > 0 ? r.paid : null),
  loyaltyApproved: (r: JournalRow) => (r.outcome === 'succeeded' && r.loyaltyResult === 'approved' ? r.paid : null),
  loyaltyPartial: (r: JournalRow) =>
    r.outcome === 'succeeded' && r.loyaltyResult === 'partiallyApproved' ? r.paid : null,
  // A loyalty payment whose answer never came, settled by the void that gave it back: with approved
  // and partly approved, what "paid with it" counts of loyalty.
  loyaltyByVoid: (r: JournalRow) =>
    r.outcome === 'succeeded' && r.kind === 'loyaltyCard' && r.operation === 'pay' && !r.loyaltyResult && r.paid > 0
      ? r.paid
      : null,
  loyaltyVoided: (r: JournalRow) => (r.outcome === 'succeeded' && r.operation === 'voidPayment' ? -r.paid : null),
  returned: (r: JournalRow) => (r.outcome === 'succeeded' && r.returned > 0 ? r.returned : null),
  cashedOut: (r: JournalRow) => (r.outcome === 'succeeded' && r.cashedOut > 0 ? r.cashedOut : null),
  unissued: (r: JournalRow) => (r.outcome === 'succeeded' && r.operation === 'unissue' ? r.unissued : null),
} satisfies Record<string, (row: JournalRow) => Minor | null>;

export type LineName = keyof typeof lines;
export const lineNames = Object.keys(lines) as LineName[];
/** The lines that are parts of "taken" (how loyalty payments were answered), shown under it as such. */
export const partOfTaken = (name: LineName) =>
  name === 'loyaltyApproved' || name === 'loyaltyPartial' || name === 'loyaltyByVoid';
export type KindFigures = Record<LineName, Figure>;

/** One line's figure of a kind; a report kept before the line existed has none: zero. */
export const figureOf = (
  byKind: Partial<Record<InstrumentKind, Partial<KindFigures>>>,
  kind: InstrumentKind,
  name: LineName,
): Figure => byKind[kind]?.[name] ?? { count: 0, amount: 0 };

const empty = (): KindFigures =>
  Object.fromEntries(lineNames.map((name) => [name, { count: 0, amount: 0 }])) as KindFigures;
const kinds: InstrumentKind[] = ['giftCard', 'storeCredit', 'loyaltyCard'];
const byKind = () => Object.fromEntries(kinds.map((k) => [k, empty()])) as Record<InstrumentKind, KindFigures>;

/**
 * How money another way was paid or given back: its line's method. A line kept before lines kept
 * their method has only the words of its day: it is counted apart ('unnamed'), never guessed into
 * cash or card, so the drawer's figure is only what is known to be cash.
 */
export type PaidWay = ExternalMethod | 'unnamed';
export const paidWays: readonly PaidWay[] = [...externalMethods, 'unnamed'];
/** A figure per way; a report kept before a way existed has none of it: zero (`wayFigure`). */
export type ByWay = Partial<Record<PaidWay, Figure>>;

export const wayFigure = (byWay: ByWay, way: PaidWay): Figure => byWay[way] ?? { count: 0, amount: 0 };

/**
 * The ways a report shows: cash and bank card always (the drawer and the card terminal are counted
 * against them, zero included), the others only when something was paid or given back so.
 */
export const waysShown = (byWay: ByWay): PaidWay[] =>
  paidWays.filter((way) => way === 'cash' || way === 'bankCard' || wayFigure(byWay, way).count > 0);

const byWay = (): Record<PaidWay, Figure> =>
  Object.fromEntries(paidWays.map((way) => [way, { count: 0, amount: 0 }])) as Record<PaidWay, Figure>;

/** Adds an external line to a figure and to its way's. */
function addLine(
  total: Figure,
  ways: Record<PaidWay, Figure>,
  line: { amount: Minor; method?: ExternalMethod | undefined },
) {
  const way = ways[line.method ?? 'unnamed'];
  for (const figure of [total, way]) {
    figure.count += 1;
    figure.amount += line.amount;
  }
}

/** An operation named on a report: its type (the request's, e.g. `giftCard.commit`) and its card, masked. */
export interface NamedOperation {
  id: string;
  type: OperationType;
  maskedNumber: string;
}

/** An operation begun before this report's span and settled in it: counted here, named with where it was carried from. */
export interface SettledLate extends NamedOperation {
  createdAt: string;
  /** The Z report that named it as not settled, if one did. */
  fromZ: number | null;
  /** False when it counted nothing here (refused, or a hold): named only to end that Z's item. Absent: counted. */
  counted?: false;
}

/**
 * A cash-out's cash, named by its card: counted in "Cash paid out" on the day its card was debited,
 * handed over from the drawer when the cashier said so, which may be later.
 */
export interface CashOutCash {
  /** The cash-out's transaction id. */
  id: string;
  maskedNumber: string;
  amount: Minor;
  /** When its card was debited (the cash-out finished): the report of that span counts it. */
  takenAt: string;
  /**
   * Cash still owed that an earlier Z report named as owed (that report's number): taken from its
   * card before this span, so not in this span's "Cash paid out", still in the drawer.
   */
  owedAtZ?: number | undefined;
}

export interface DayReport {
  from: string;
  to: string;
  byKind: Record<InstrumentKind, KindFigures>;
  byCashier: Record<string, Record<InstrumentKind, KindFigures>>;
  /** Cash and bank card recorded on completed sales. */
  otherPayments: Figure;
  /**
   * `otherPayments` by way (cash apart from bank card: the drawer is counted against the one, the
   * card terminal against the other). Absent on Z reports kept before it existed.
   */
  otherPaymentsByWay?: ByWay;
  /**
   * Cash and bank card given back by returns started in this span (at the counter, when the return
   * starts): with `otherPayments`, what the drawer and the card terminal should show. Absent on Z
   * reports kept before it existed.
   */
  otherPaymentsBack?: Figure;
  /** `otherPaymentsBack` by way. Absent on Z reports kept before it existed. */
  otherPaymentsBackByWay?: ByWay;
  voidedSales: Figure;
  /** Operations whose outcome is not known, or that wait for a manager: named on the report. */
  open: OperationRecord[];
  /** Counted here though begun before: what an earlier report named as open and has settled since. */
  settledLate: SettledLate[];
  /**
   * Counted here (it settled in this span) and flagged for a manager since, e.g. more left the card
   * than the payment: the money counts where it settled; the flag is the manager's to look into.
   * Absent on Z reports kept before it existed.
   */
  flagged?: NamedOperation[];
  /**
   * Settled in this span in another currency than the report's (a backup from before a currency
   * change, restored since): not added to figures in this one, named with its amount in its own.
   * Absent on Z reports kept before it existed.
   */
  otherCurrency?: (NamedOperation & { currency: string; amount: Minor })[];
  /**
   * Cash-outs debited from their card, this span or before, whose cash was still to hand over when
   * the report was made: the drawer still holds it. Absent on Z reports kept before it existed.
   */
  cashOwed?: CashOutCash[];
  /**
   * Cash handed over in this span for cash-outs an earlier Z report named as owed (that report's
   * number): counted there, paid from the drawer here. Absent on Z reports kept before it existed.
   */
  paidOutLate?: (CashOutCash & { owedAtZ: number })[];
}

/** What a day's report reads: what settled in its span, what is not settled now, the sales that finished in it. */
export interface DayInput {
  settled: OperationRecord[];
  unsettled: OperationRecord[];
  sales: Sale[];
  /** Returns started in the span (their lines given back another way). */
  returns?: SaleReturn[] | undefined;
  from: string;
  to: string;
  currency: string;
  /** Each operation an earlier Z report named as not settled, with that report's number. */
  carriedBy?: ReadonlyMap<string, number> | undefined;
  /** Cash-outs whose cash is owed now, and those the last Z report named as owed. */
  cashOuts?: Sale[] | undefined;
  /** Each cash-out the last Z report named as owed, with that report's number. */
  owedBy?: ReadonlyMap<string, number> | undefined;
}

/**
 * The card an operation is on, masked: its request's, or for a series issue (whose request names
 * none) the card its contradicted answer named; none otherwise.
 */
export const maskedCardOf = (r: OperationRecord): string =>
  'number' in r.request ? maskNumber(r.request.number) : r.answeredNumber ? maskNumber(r.answeredNumber) : '';

const named = (r: OperationRecord): NamedOperation => ({
  id: r.id,
  type: r.request.type,
  maskedNumber: maskedCardOf(r),
});

/**
 * The day's report (pure): every figure a count and a sum that add up. The rule a store's
 * accountant reads: **an operation counts on the report of the span in which it settled** (its
 * answer became known), a sale on the report of the span in which it finished, money given back
 * another way on the report of the span in which its return started. An operation not
 * settled when a report is made is named on it, never counted, and counts on the report of the day
 * it does settle, named there as settled late ("carried from Z n"). Each operation settles once,
 * so it is in exactly one Z report, and the X report is what the next Z will say.
 */
export function dayReport({
  settled,
  unsettled,
  sales,
  returns = [],
  from,
  to,
  currency,
  carriedBy,
  cashOuts = [],
  owedBy,
}: DayInput): DayReport {
  const paidBy = byWay();
  const backBy = byWay();
  const report: DayReport = {
    from,
    to,
    byKind: byKind(),
    byCashier: {},
    otherPayments: { count: 0, amount: 0 },
    otherPaymentsByWay: paidBy,
    otherPaymentsBack: { count: 0, amount: 0 },
    otherPaymentsBackByWay: backBy,
    voidedSales: { count: 0, amount: 0 },
    open: [],
    settledLate: [],
    flagged: [],
    otherCurrency: [],
    cashOwed: [],
    paidOutLate: [],
  };
  for (const record of unsettled) {
    if (hasSettled(record)) {
      // Counted on the day it settled, flag or not. A flag raised once that day was closed (a check
      // made at the next start, a check a backup's record could not bring) is named on the report of the span
      // it came in, never counted again: else no report would ever name it.
      const flaggedLater = record.status === 'attention' && settledAt(record) < from;
      if (flaggedLater && record.updatedAt >= from && record.updatedAt < to) report.flagged?.push(named(record));
      continue;
    }
    if (record.status === 'unknown' || record.status === 'attention' || record.status === 'pending')
      if (!report.open.some((r) => r.id === record.id)) report.open.push(record);
  }
  for (const record of settled) {
    if (!hasSettled(record)) continue;
    const at = settledAt(record);
    if (at < from || at >= to) continue;
    if (record.status === 'attention') report.flagged?.push(named(record));
    // A flagged record that had succeeded, or that a void settled, counts as what it did; the flag
    // is named beside it.
    const row = toRow(
      record.status === 'attention' && (record.result || settledByVoid(record))
        ? { ...record, status: 'succeeded' }
        : record,
      currency,
    );
    // Begun before this span and counted in it: named, so its figure is found. One that counted
    // nothing here (a refusal, a hold whose money counts on its commit) is named only if a Z named
    // it as not settled, so that Z's item ends somewhere: said to count nothing.
    const counted = lineNames.some((name) => lines[name](row) !== null);
    const fromZ = carriedBy?.get(record.id) ?? null;
    if (record.createdAt < from && (counted || fromZ !== null))
      report.settledLate.push({
        ...named(record),
        createdAt: record.createdAt,
        fromZ,
        ...(counted ? {} : { counted: false }),
      });
    if (row.currency !== currency) {
      // Named by what it would have counted (a refusal, a hold not yet committed: nothing).
      const counted = lineNames.map((name) => lines[name](row)).find((amount) => amount !== null);
      if (counted !== undefined && counted !== null)
        report.otherCurrency?.push({ ...named(record), currency: row.currency, amount: counted });
      continue;
    }
    const cashier = (report.byCashier[row.operator || '—'] ??= byKind());
    for (const name of lineNames) {
      const amount = lines[name](row);
      if (amount === null) continue;
      for (const figures of [report.byKind[row.kind], cashier[row.kind]]) {
        figures[name].count += 1;
        figures[name].amount += amount;
      }
    }
  }
  for (const sale of sales) {
    // A cash-out is counted from its commit (cashedOut), never as a sale.
    if (!sale.finishedAt || sale.finishedAt < from || sale.finishedAt >= to || sale.purpose === 'cashOut') continue;
    if (sale.status === 'voided') {
      report.voidedSales.count += 1;
      report.voidedSales.amount += sale.due;
    }
    if (sale.status !== 'completed') continue;
    for (const line of sale.lines.filter((l) => l.kind === 'external')) addLine(report.otherPayments, paidBy, line);
  }
  for (const sale of cashOuts) {
    const takenAt = sale.finishedAt;
    if (!cashOutTaken(sale) || !takenAt || takenAt >= to) continue;
    const cash = {
      id: sale.transactionId,
      maskedNumber: maskNumber(sale.lines[0]?.number ?? ''),
      amount: sale.due,
      takenAt,
    };
    const paidOutAt = sale.paidOutAt;
    const owedAtZ = owedBy?.get(sale.transactionId);
    if (!paidOutAt || paidOutAt >= to)
      report.cashOwed?.push(takenAt < from && owedAtZ !== undefined ? { ...cash, owedAtZ } : cash);
    else if (paidOutAt >= from && takenAt < from && owedAtZ !== undefined)
      report.paidOutLate?.push({ ...cash, owedAtZ });
  }
  const back = report.otherPaymentsBack!;
  for (const r of returns) {
    if (r.startedAt < from || r.startedAt >= to) continue;
    for (const line of r.lines.filter((l) => l.way === 'external')) addLine(back, backBy, line);
  }
  return report;
}

/** Which report a file holds (the X, the day so far; or Z n, a closed day), and whether it was counted in training. */
export type ReportIdentity = ({ report: 'X' } | { report: 'Z'; number: number }) & { mode: TerminalMode };

/**
 * The identity a report's file starts with, a field and its value a row, whatever the file is
 * later called: which report, its span (`from` empty: from the first record, no Z before it; `to`
 * exclusive) and training or live, so that a training Z 1 is never taken for the live Z 1.
 */
const identityRows = (about: ReportIdentity, report: DayReport): string[][] => [
  ['report', about.report],
  ['number', about.report === 'Z' ? String(about.number) : ''],
  ['from', report.from],
  ['to', report.to],
  ['mode', about.mode],
];

/**
 * The report as CSV (RFC 4180, cells neutralised like the journal's; comma-delimited, dot decimal,
 * ISO 8601 UTC times: a file for machines, the same in every locale). With `about` (every download
 * gives it), its identity first, then an empty line; then one row per cashier (or "all"), kind and
 * line, amounts in the currency's units; payments another way and their ways, voided sales, each
 * open and flagged operation (masked), and each cash-out's cash owed or paid out late, after them.
 * A Z report's unresolved operations are its `carried` (masked when it closed: its report's `open`
 * is empty), named as an X report names its open ones.
 */
export function reportCsv(
  report: DayReport,
  currency: string,
  carried: readonly ZReport['carried'][number][] = [],
  about?: ReportIdentity,
): string {
  const rows: string[][] = [
    ...(about ? [...identityRows(about, report), []] : []),
    ['cashier', 'kind', 'line', 'count', 'amount', 'currency'],
  ];
  const figures = (who: string, byKind: Record<InstrumentKind, KindFigures>) => {
    for (const kind of kinds)
      for (const name of lineNames) {
        const f = figureOf(byKind, kind, name);
        if (f.count > 0) rows.push([who, kind, name, String(f.count), minorToInput(f.amount, currency), currency]);
      }
  };
  figures('all', report.byKind);
  for (const [who, byKind] of Object.entries(report.byCashier)) figures(who, byKind);
  // Each total, then its ways (`otherPayments:cash`, ...) when the report kept them.
  const figureRow = (line: string, f: Figure) =>
    rows.push(['all', '', line, String(f.count), minorToInput(f.amount, currency), currency]);
  const other = (line: string, total: Figure, ways: ByWay | undefined) => {
    figureRow(line, total);
    if (ways) for (const way of waysShown(ways)) figureRow(`${line}:${way}`, wayFigure(ways, way));
  };
  other('otherPayments', report.otherPayments, report.otherPaymentsByWay);
  other('otherPaymentsBack', report.otherPaymentsBack ?? { count: 0, amount: 0 }, report.otherPaymentsBackByWay);
  rows.push([
    'all',
    '',
    'voidedSales',
    String(report.voidedSales.count),
    minorToInput(report.voidedSales.amount, currency),
    currency,
  ]);
  for (const o of report.open)
    rows.push([operatorOf(o), kindOf(o.request.type), `open:${o.request.type}:${maskedCardOf(o)}`, '1', '', currency]);
  for (const c of carried)
    rows.push(['', c.type.split('.')[0] ?? '', `open:${c.type}:${c.maskedNumber}`, '1', '', currency]);
  for (const f of report.flagged ?? [])
    rows.push(['', kindOf(f.type), `flagged:${f.type}:${f.maskedNumber}`, '1', '', currency]);
  for (const o of report.otherCurrency ?? [])
    rows.push([
      '',
      kindOf(o.type),
      `otherCurrency:${o.type}:${o.maskedNumber}`,
      '1',
      minorToInput(o.amount, o.currency),
      o.currency,
    ]);
  for (const [line, cash] of [
    ...(report.cashOwed ?? []).map(
      (c) => [c.owedAtZ === undefined ? 'cashOwed' : `cashOwed:Z${c.owedAtZ}`, c] as const,
    ),
    ...(report.paidOutLate ?? []).map((c) => [`paidOutLate:Z${c.owedAtZ}`, c] as const),
  ])
    rows.push(['', 'giftCard', `${line}:${cash.maskedNumber}`, '1', minorToInput(cash.amount, currency), currency]);
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
