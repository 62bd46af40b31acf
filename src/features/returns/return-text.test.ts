import { describe, expect, it } from 'vitest';
import { translator } from '@/lib/i18n';
import { loadCatalog } from '@/lib/i18n/translate';
import { returnOnItsWay, returnParts, type ReturnLine, type SaleReturn } from '@/domain/return-flow';
import type { Terminal } from '@/lib/terminal-context';
import { returnSlipDoc, stateText } from './return-text';

const line = (state: ReturnLine['state']): ReturnLine => ({
  id: 'l1',
  way: 'storeCredit',
  amount: 2000,
  parts: [],
  target: 'SC1',
  state,
});

describe('a return line’s state in words', () => {
  it('says a lost answer is asked again, and an answer that went to a manager is not', () => {
    const t = translator('en-IE');
    expect(stateText(t, line({ name: 'unknown', reason: 'timeout' }))).toBe('no answer yet: asking again');
    for (const reason of ['contradictory_answer', 'idempotency_key_reused'])
      expect(stateText(t, line({ name: 'unknown', reason }))).toBe(
        'the server’s answer does not fit: a manager must check this card',
      );
  });

  it('says why a line was refused in words, in German too', async () => {
    await loadCatalog('de-DE');
    expect(stateText(translator('de-DE'), line({ name: 'refused', code: 'payment_not_found' }))).toBe(
      'abgelehnt, auf diesem Weg nichts zurückgegeben: der Server kennt diese Zahlung auf der Karte nicht.',
    );
  });

  it('says why a line was refused in words, never the server’s code, and names a refusal after a lost answer', () => {
    const t = translator('en-IE');
    expect(stateText(t, line({ name: 'refused', code: 'series_not_found' }))).toBe(
      'refused, nothing given back this way: The server does not know this series.',
    );
    expect(stateText(t, line({ name: 'refused', code: 'rate_limited' }))).toBe(
      'refused, nothing given back this way: the server was busy.',
    );
    expect(stateText(t, line({ name: 'refused', code: 'payment_not_found' }))).toBe(
      'refused, nothing given back this way: the server has no such payment on the card.',
    );
    expect(stateText(t, line({ name: 'unknown', reason: 'refused_after_lost_answer' }))).toBe(
      'no answer at first, then refused: the first attempt may have given this back; a manager must check',
    );
  });
});

describe('the return slip (the customer’s copy)', () => {
  const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live', scope: 'slip' } as Terminal;
  const saleReturn = (credit: ReturnLine['state']): SaleReturn => ({
    returnId: 'r1',
    saleId: 's1',
    amount: 5000,
    startedAt: '2026-11-27T10:00:00Z',
    finishedAt: '2026-11-27T10:00:05Z',
    lines: [
      { ...line(credit), id: 'credit' },
      { id: 'cash', way: 'external', amount: 3000, parts: [], target: 'Cash', state: { name: 'done' } },
    ],
  });
  const rows = (r: SaleReturn) =>
    Object.fromEntries(
      returnSlipDoc(translator('en-IE'), terminal, r, 'R-1').rows.map((row) => [row.label, row.value]),
    );

  it('totals only what went back: a refused store credit is not given back', () => {
    const printed = rows(saleReturn({ name: 'refused', code: 'series_not_found' }));
    expect(printed['Total given back']).toBe('€30.00');
    expect(printed['Not given back (refused)']).toBe('€20.00');
  });

  it('totals the whole return when every way went back', () => {
    const printed = rows(saleReturn({ name: 'done', issuedNumber: '720100000001' }));
    expect(printed['Total given back']).toBe('€50.00');
    expect(Object.keys(printed).some((label) => label.startsWith('Not given back'))).toBe(false);
  });
});

describe('where a return’s money stands', () => {
  const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live', scope: 'slip' } as Terminal;
  it('a line with a manager is named apart: not given back, not refused, and the return no longer waits for it', () => {
    const r: SaleReturn = {
      returnId: 'r2',
      saleId: 's1',
      amount: 5000,
      startedAt: '2026-11-27T10:00:00Z',
      lines: [
        { ...line({ name: 'unknown', reason: 'contradictory_answer' }), id: 'credit' },
        { id: 'cash', way: 'external', amount: 3000, parts: [], target: 'Cash', state: { name: 'done' } },
      ],
    };
    expect(returnOnItsWay(r)).toBe(false);
    expect(returnParts(r)).toEqual({ back: 3000, refused: 0, withManager: 2000 });
    const rows = Object.fromEntries(
      returnSlipDoc(translator('en-IE'), terminal, r, 'R-1').rows.map((row) => [row.label, row.value]),
    );
    expect(rows['Total given back']).toBe('€30.00');
    expect(rows['Not known yet (a manager checks)']).toBe('€20.00');
    expect(rows['Not given back (refused)']).toBeUndefined();
    // Asked again (a lost answer): still on its way.
    const lost = { ...r, lines: [{ ...line({ name: 'unknown', reason: 'timeout' }), id: 'credit' }] };
    expect(returnOnItsWay(lost)).toBe(true);
  });
});
