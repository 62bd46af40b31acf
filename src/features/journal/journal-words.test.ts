import { beforeAll, describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n';
import { loadCatalog } from '@/lib/i18n/translate';
import type { OperationRecord } from '@/outbox/types';
import { toCsv, toRow } from './journal-rows';
import { referenceText } from './journal-words';

const base = {
  scope: 's',
  training: false,
  transactionId: 't',
  reason: 'Sale',
  operatorId: 'c7',
  attempts: 1,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:01.000Z',
};
const account = { net: 0, original: 2000, floor: 0, authorized: 0 };
const card = (status: 'issued' | 'notIssued') => ({
  kind: 'giftCard' as const,
  number: '700100000003',
  seriesNumber: 'GC1',
  status,
  account,
  customer: null,
});
const loyalty = (result: 'approved' | 'partiallyApproved' | 'denied', approvedAmount: number): OperationRecord => ({
  ...base,
  id: `l-${result}`,
  status: 'succeeded',
  request: { type: 'loyaltyCard.pay', number: '710100000002', amount: 123456 },
  result: { result, requestedAmount: 123456, approvedAmount, transactionId: 't', account },
});

const records: Record<string, OperationRecord> = {
  approved: loyalty('approved', 1250),
  partly: loyalty('partiallyApproved', 123450),
  denied: loyalty('denied', 0),
  hold: {
    ...base,
    id: 'h',
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
  voided: {
    ...base,
    id: 'v',
    status: 'succeeded',
    request: { type: 'loyaltyCard.voidPayment', number: '710100000002', amount: 800 },
    result: { result: 'voided', transactionId: 't', voidedAmount: 800, account },
  },
  issued: {
    ...base,
    id: 'i',
    status: 'succeeded',
    request: { type: 'giftCard.issue', number: '700100000003', amount: 2000 },
    result: card('issued'),
  },
  unissued: {
    ...base,
    id: 'u',
    status: 'succeeded',
    loaded: 2000,
    request: { type: 'giftCard.unissue', number: '700100000003' },
    result: card('notIssued'),
  },
  refused: {
    ...base,
    id: 'r',
    status: 'refused',
    request: { type: 'giftCard.pay', number: '700100000001', amount: 300 },
    error: { code: 'insufficient_funds', message: 'x' },
  },
  lost: {
    ...base,
    id: 'x',
    status: 'unknown',
    request: { type: 'storeCredit.pay', number: '720100000001', amount: 300 },
    error: { code: 'timeout', message: 'x' },
  },
};

const cell = (locale: string, name: string) => {
  const record = records[name];
  if (!record) throw new Error(name);
  return referenceText(translator(locale), toRow(record, 'EUR'), locale);
};
const texts = (locale: string) => Object.fromEntries(Object.keys(records).map((n) => [n, cell(locale, n).text]));

describe("the journal's 'Authorization or result' cell, in words", () => {
  beforeAll(() => loadCatalog('de-DE'));

  it('in English: a loyalty answer with its amount in the locale’s format, every other code worded', () => {
    expect(texts('en-IE')).toEqual({
      approved: 'Approved €12.50',
      partly: 'Approved in part €1,234.50',
      denied: 'Denied',
      hold: 'AB12',
      voided: 'Voided',
      issued: 'Issued',
      unissued: 'Un-issued',
      refused: 'Refused: not enough on the card (available –).',
      lost: 'No answer in time',
    });
  });

  it('in German, with German money', () => {
    expect(texts('de-DE')).toEqual({
      approved: 'Genehmigt 12,50\u00a0€',
      partly: 'Teilweise genehmigt 1.234,50\u00a0€',
      denied: 'Abgelehnt',
      hold: 'AB12',
      voided: 'Storniert',
      issued: 'Ausgegeben',
      unissued: 'Ausgabe zurückgenommen',
      refused: 'Abgewiesen: nicht genug auf der Karte (verfügbar –).',
      lost: 'Keine Antwort in der Zeit',
    });
  });

  it('an authorization code and a sale’s reference are read out as they are; words are not codes', () => {
    expect(cell('de-DE', 'hold')).toEqual({ text: 'AB12', code: true });
    const commit = toRow(
      {
        ...base,
        id: 'c',
        status: 'succeeded',
        request: { type: 'giftCard.commit', number: '700100000001', authCode: 'Issued', amount: 1250 },
      },
      'EUR',
    );
    // A server's code that happens to read like a word stays the server's code.
    expect(referenceText(translator('de-DE'), commit, 'de-DE')).toEqual({ text: 'Issued', code: true });
    expect(cell('de-DE', 'issued').code).toBe(false);
  });

  it('an error code without words of its own is named, never shown bare', () => {
    const odd = toRow({ ...records.lost!, error: { code: 'client_error', message: '' } }, 'EUR');
    expect(referenceText(translator('en-IE'), odd, 'en-IE').text).toBe(
      'No usable answer (its code: \u2068client_error\u2069)',
    );
    const refusedOdd = toRow({ ...records.refused!, error: { code: 'brand_new', message: '' } }, 'EUR');
    expect(referenceText(translator('en-IE'), refusedOdd, 'en-IE').text).toBe(
      'Refused: the server refused it (its code: \u2068brand_new\u2069).',
    );
  });

  it('the CSV keeps the codes and machine amounts', () => {
    const csv = toCsv(Object.values(records).map((r) => toRow(r, 'EUR')));
    for (const code of [
      'partiallyApproved 1234.50',
      ',voided,',
      ',issued,',
      ',unissued,',
      'insufficient_funds',
      'timeout',
    ])
      expect(csv).toContain(code);
  });
});
