import { describe, expect, it } from 'vitest';
import { transition, type TenderLine } from '@/domain/tender-line';
import { translator } from '@/lib/i18n';
import { loadCatalog } from '@/lib/i18n/translate';
import { lineName, lineStatus } from './tender-line-text';

const money = { currency: 'EUR', locale: 'en-IE' };
const unknownLine = (reason: string): TenderLine => ({
  id: 'l1',
  kind: 'giftCard',
  number: '700100000001',
  amount: 4000,
  state: { name: 'unknown', reason },
});

describe('a tender line whose outcome is unknown, in words', () => {
  const t = translator('en-IE');

  it('a lost answer: asked again, the money blocked meanwhile', () => {
    expect(lineStatus(t, unknownLine('timeout'), money)).toEqual({
      text: 'No answer: the outcome is unknown. This money stays blocked until it is resolved.',
      tone: 'unknown',
    });
  });

  it('refused after a lost answer: the first attempt may have taken the money, a manager checks the card', async () => {
    const { text } = lineStatus(t, unknownLine('refused_after_lost_answer'), money);
    expect(text).toContain('the first attempt may have taken this money');
    expect(text).toContain('A manager must check the card');
    await loadCatalog('de-DE');
    expect(lineStatus(translator('de-DE'), unknownLine('refused_after_lost_answer'), money).text).toContain(
      'Führungskraft muss die Karte prüfen',
    );
  });

  it('taken, and its void then with a manager (no payment left to void after a lost attempt): it may have gone back, never "may have taken"', () => {
    const line: TenderLine = {
      ...unknownLine('refused_after_lost_answer'),
      kind: 'loyaltyCard',
      state: { name: 'unknown', reason: 'refused_after_lost_answer', released: 4000 },
    };
    const { text } = lineStatus(t, line, money, true);
    expect(text).toContain('it may have gone back to the card, or not');
    expect(text).not.toContain('may have taken this money');
  });

  it('an answer that contradicts its request goes to a manager too, in its own words', () => {
    expect(lineStatus(t, unknownLine('contradictory_answer'), money).text).toContain(
      'did not match this request: a manager must check it',
    );
  });
});

describe('a line paid another way (cash, bank card)', () => {
  it('is named in the language it is read in, whatever language it was taken in', async () => {
    await loadCatalog('de-DE');
    const cash: TenderLine = {
      id: 'c',
      kind: 'external',
      number: '',
      amount: 1000,
      method: 'cash',
      state: { name: 'recorded' },
    };
    expect(lineName(translator('de-DE'), cash)).toBe('Bar');
    expect(lineName(translator('en-IE'), cash)).toBe('Cash');
    // Recorded before the way was kept as a code: its own words, as they were.
    expect(lineName(translator('en-IE'), { ...cash, method: undefined, label: 'Bar' })).toBe('Bar');
  });
});

describe('a loyalty payment denied', () => {
  const denied = (denialReason?: 'expired'): TenderLine =>
    transition(
      { id: 'l2', kind: 'loyaltyCard', number: '710100000001', amount: 3000, state: { name: 'requesting' } },
      { type: 'loyaltyAnswered', result: 'denied', approvedAmount: 0, denialReason },
    );
  it('gives the server’s reason, and says when it gave none (never guesses "no balance")', () => {
    const t = translator('en-IE');
    expect(lineStatus(t, denied('expired'), money).text).toContain('the card has expired.');
    expect(lineStatus(t, denied(), money).text).toContain('the server gave no reason.');
    expect(lineStatus(t, denied(), money).text).not.toContain('no balance');
  });
});
