import { type InstrumentKind, maskNumber } from '@/domain/instrument';
import { kindOf } from '@/domain/operation';
import { CASH_OUT_REASON, receiptReference } from '@/domain/sale';
import { minorToInput, type Minor } from '@/domain/money';
import { twinsGivenBack } from '@/domain/tenders';
import type { OperationRecord } from '@/outbox/types';

export interface JournalRow {
  id: string;
  at: string;
  /** When it settled (`settledAt`): the Z report of the span this falls in counts it. '' while it has not. */
  settled: string;
  operator: string;
  operation: string;
  kind: InstrumentKind;
  maskedNumber: string;
  amount?: Minor | undefined;
  reference: string;
  /** What `reference` holds, for the screen to word it (journal-words.ts); the CSV keeps it as it is. */
  referenceIs: ReferenceIs;
  outcome: OperationRecord['status'];
  note: string;
  training: boolean;
  /** The currency of its amounts: the record's own, or the terminal's for a record kept before records kept one. */
  currency: string;
  /** Payments this operation took (+) or gave back (−), for the day's totals. */
  paid: Minor;
  issued: Minor;
  /** Money given back by a return (a void, or the store credit or gift card it issued): apart from sales. */
  returned: Minor;
  /** Cash paid out for a gift card's small balance (its commit): apart from payments. */
  cashedOut: Minor;
  /** What an un-issue took back: what was loaded on the card (read before it was asked). */
  unissued: Minor;
  /** A loyalty payment's answer. */
  loyaltyResult?: string | undefined;
  /** What its answer approved (a loyalty payment's), apart from `reference`. */
  approvedAmount?: Minor | undefined;
}

/**
 * What a row's `reference` is: the server's code for a hold (`authCode`) or the sale a return gave
 * back money of (`sale`), read as they are; or a code (a loyalty payment's answer, a void, an issue
 * or an un-issue done, the error of an operation without its answer) that the screen words.
 */
export type ReferenceIs = 'none' | 'authCode' | 'sale' | 'loyaltyResult' | 'voided' | 'issued' | 'unissued' | 'error';

const cashOutOperations: Record<string, string> = { pay: 'cashOutHold', commit: 'cashOut', cancel: 'cashOutRelease' };

type Result = Record<string, unknown> & { account?: { original?: number } };

/** When a record counts: the moment it settled (records from before settledAt: when their answer was written). */
export const settledAt = (r: OperationRecord) => r.settledAt ?? r.updatedAt;

/**
 * Whether a record has settled: its answer is known (succeeded or refused), or it was known and a
 * manager's flag came after (an attention record that keeps its settledAt). Only settled records count.
 */
export const hasSettled = (r: OperationRecord) =>
  r.status === 'succeeded' || r.status === 'refused' || (r.status === 'attention' && r.settledAt !== undefined);

/** The note of a lost loyalty payment's void, which settled it (sale-flow.ts). */
export function settledByVoid(record: OperationRecord): { amount: Minor } | undefined {
  const note = record.notes?.find((n) => n.code === 'givenBackByVoid');
  return note?.code === 'givenBackByVoid' ? note : undefined;
}

/** Who did an operation, as the journal and the reports name a cashier: "Casey (c7)", or the id alone. */
export const operatorOf = (record: Pick<OperationRecord, 'operatorId' | 'operatorName'>): string =>
  record.operatorName ? `${record.operatorName} (${record.operatorId ?? ''})` : (record.operatorId ?? '');
/**
 * One journal record as the manager reads it: masked number, amount, authCode or result, outcome.
 * `wordNotes` words the manager's notes in the terminal's language.
 */
export function toRow(
  record: OperationRecord,
  currency: string,
  wordNotes: (record: OperationRecord) => string = (r) => r.note ?? '',
): JournalRow {
  const { request } = record;
  const inCurrency = record.currency ?? currency;
  const kind = kindOf(request.type);
  const operation = request.type.slice(kind.length + 1);
  // A flagged record may still carry the server's answer: it is shown beside the note.
  const result = (record.status === 'succeeded' || record.status === 'attention' ? record.result : undefined) as
    Result | undefined;
  const number =
    'number' in request
      ? request.number
      : typeof result?.number === 'string'
        ? result.number
        : (record.answeredNumber ?? '');
  let amount: Minor | undefined = 'amount' in request ? request.amount : undefined;
  let reference = '';
  let referenceIs: ReferenceIs = 'none';
  let paid = 0;
  let issued = 0;
  if (operation === 'pay' && kind !== 'loyaltyCard') {
    reference = String(result?.authCode ?? '');
    referenceIs = 'authCode';
  }
  if (operation === 'pay' && kind === 'loyaltyCard' && result) {
    reference = `${String(result.result)} ${minorToInput(Number(result.approvedAmount ?? 0), inCurrency)}`;
    referenceIs = 'loyaltyResult';
    paid = Number(result.approvedAmount ?? 0);
  }
  // A loyalty payment whose answer never came, settled by the void that gave it back: it took what
  // the void's answer says it gave back for it.
  const byVoid = settledByVoid(record);
  if (operation === 'pay' && kind === 'loyaltyCard' && !result && byVoid) paid = byVoid.amount;
  if (operation === 'commit' || operation === 'cancel') {
    reference = 'authCode' in request ? request.authCode : '';
    referenceIs = 'authCode';
  }
  if (operation === 'commit' && result) paid = amount ?? 0;
  // A void's amount is what it gave back; before its answer, one that also names payments whose
  // outcome was lost has no amount yet (it gives back whatever they took).
  if (operation === 'voidPayment' && 'unknownUpTo' in request && request.unknownUpTo !== undefined) amount = undefined;
  if (operation === 'voidPayment' && result) {
    reference = 'voided';
    referenceIs = 'voided';
    // What the server gave back is shown; what it gave back for twins of payments it applied twice
    // (taken by nobody the terminal knew of) is counted by nobody: the day nets them out.
    const voided = Number(result.voidedAmount ?? 0);
    amount = voided;
    paid = -(voided - (request.type === 'loyaltyCard.voidPayment' ? twinsGivenBack(request, voided) : 0));
  }
  if ((operation === 'issue' || operation === 'issueInSeries') && result) {
    amount = Number(result.account?.original ?? amount ?? 0);
    issued = kind === 'loyaltyCard' ? 0 : amount;
    reference = 'issued';
    referenceIs = 'issued';
  }
  let unissued = 0;
  if (operation === 'unissue') amount = record.loaded;
  if (operation === 'unissue' && result) {
    reference = 'unissued';
    referenceIs = 'unissued';
    unissued = record.loaded ?? 0;
  }
  if (!result && record.error) {
    reference = record.error.code;
    referenceIs = 'error';
  }
  let returned = 0;
  if (record.returnId) {
    // A return's operation: its own kind, named by the sale it gives back money of.
    returned = result ? (operation === 'voidPayment' ? -paid : issued) : 0;
    paid = 0;
    issued = 0;
    if (record.returnOf) {
      reference = receiptReference(record.returnOf);
      referenceIs = 'sale';
    }
  }
  let cashedOut = 0;
  let shown = record.returnId ? 'return' : operation;
  if (record.reason === CASH_OUT_REASON) {
    // A cash-out's hold, commit and release: the commit is the cash paid out, not a payment.
    cashedOut = paid;
    paid = 0;
    shown = cashOutOperations[operation] ?? operation;
  }
  return {
    id: record.id,
    at: record.createdAt,
    settled: hasSettled(record) ? settledAt(record) : '',
    operator: operatorOf(record),
    operation: shown,
    kind,
    maskedNumber: number ? maskNumber(number) : '',
    amount: kind === 'loyaltyCard' && operation === 'issue' ? undefined : amount,
    reference,
    referenceIs,
    outcome: record.status,
    note: wordNotes(record),
    training: record.training,
    currency: inCurrency,
    paid,
    issued,
    returned,
    cashedOut,
    unissued,
    loyaltyResult: operation === 'pay' && kind === 'loyaltyCard' && result ? String(result.result) : undefined,
    approvedAmount:
      operation === 'pay' && kind === 'loyaltyCard' && result ? Number(result.approvedAmount ?? 0) : undefined,
  };
}

/** A date as the store reads it (its own day, not UTC's): what an exported file is named by. */
export function localDate(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/**
 * One kind's totals. Un-issues and cash paid out are figures of their own, as on the X report
 * (day-report.ts): an issue undone is not subtracted from what was issued, and cash paid out for
 * a small balance is no payment taken, but the drawer and the card's debt both moved.
 */
export type KindTotals = {
  operations: number;
  paid: Minor;
  issued: Minor;
  returned: Minor;
  unissued: Minor;
  cashedOut: Minor;
};

const noTotals = (): KindTotals => ({ operations: 0, paid: 0, issued: 0, returned: 0, unissued: 0, cashedOut: 0 });

/** Totals per kind of the rows given (the day's, as read by the caller; or those of `day` only when it is named). */
export function totalsForDay(rows: JournalRow[], day?: string): Record<InstrumentKind, KindTotals> {
  const totals = { giftCard: noTotals(), loyaltyCard: noTotals(), storeCredit: noTotals() };
  for (const row of rows) {
    if (day !== undefined && row.at.slice(0, 10) !== day) continue;
    const t = totals[row.kind];
    t.operations += 1;
    t.paid += row.paid;
    t.issued += row.issued;
    t.returned += row.returned;
    t.unissued += row.unissued;
    t.cashedOut += row.cashedOut;
  }
  return totals;
}

/**
 * The day's totals added up in one currency: a day whose currency changed after a midday Z has
 * records in two. Those in another are left out and named (the journal lists each in its own).
 */
export function totalsInCurrency(rows: JournalRow[], currency: string) {
  const others = rows.filter((r) => r.currency !== currency);
  return {
    totals: totalsForDay(rows.filter((r) => r.currency === currency)),
    leftOut: { count: others.length, currencies: [...new Set(others.map((r) => r.currency))] },
  };
}

/**
 * One CSV cell. A cell a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a
 * carriage return) is prefixed with a single quote (OWASP, "CSV Injection"); plain numbers such as
 * -5.00 are left as they are. Quoted per RFC 4180 when needed.
 */
export function csvCell(value: string): string {
  const neutral = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(neutral) ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

/**
 * The journal as CSV (RFC 4180), numbers masked, each amount in its record's currency's units. A
 * file for machines as much as for people, the same in every locale: comma-delimited, dot decimal,
 * times in ISO 8601 UTC (`time` when it began, `settledAt` when it settled: the span of the Z report
 * that counts it; empty while not settled). Columns are only ever added at the end.
 */
export function toCsv(rows: JournalRow[]): string {
  const header = [
    'time',
    'operator',
    'operation',
    'kind',
    'number',
    'amount',
    'currency',
    'reference',
    'outcome',
    'note',
    'training',
    'settledAt',
  ];
  const lines = rows.map((r) =>
    [
      r.at,
      r.operator,
      r.operation,
      r.kind,
      r.maskedNumber,
      r.amount === undefined ? '' : minorToInput(r.amount, r.currency),
      r.currency,
      r.reference,
      r.outcome,
      r.note,
      r.training ? 'yes' : 'no',
      r.settled,
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
