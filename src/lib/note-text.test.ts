import { describe, expect, it } from 'vitest';
import type { ManagerNote } from '@/domain/operation';
import { translator } from '@/lib/i18n';
import { loadCatalog } from '@/lib/i18n/translate';
import { notesText, noteText } from './note-text';

const words = translator;

describe('manager notes: stored as codes, worded in the terminal language when read', () => {
  const money = { currency: 'EUR', locale: 'en-IE' };

  it.each([
    [{ code: 'voidedCommitted', card: '•••• 0001' }, 'The sale was voided, but •••• 0001 had already paid this amount'],
    [{ code: 'holdLapsedBeforeCommit' }, 'this amount was never taken from the card'],
    // The server's code in words, never the code as if it were words.
    [
      { code: 'commitRefused', reason: 'authorization_expired' },
      'Commit refused: the hold lapsed before it was committed.',
    ],
    [
      { code: 'commitRefused', reason: 'merchant_not_allowed' },
      'Commit refused: This store may not use this card or series.',
    ],
    [{ code: 'releaseFoundCommitted' }, 'it had been committed. The card paid this amount.'],
    [
      { code: 'cancelRefused', reason: 'authorization_expired' },
      'Cancel refused: the hold lapsed before it was committed. The money may have been taken.',
    ],
    [{ code: 'voidRefused', reason: 'payment_not_found' }, 'Void refused: the server has no such payment on the card.'],
    // A code this terminal has no words for: words that say so, naming the code for a manager.
    [{ code: 'voidRefused', reason: 'y' }, 'Void refused: the server refused it (its code: \u2068y\u2069).'],
    [{ code: 'appliedTwice' }, 'the server may have applied the request twice'],
    [
      { code: 'appliedTwice', available: 1000, expectedAtLeast: 3000 },
      'it shows €10.00 available, at least €30.00 was expected. Another till may have paid with the card meanwhile',
    ],
    [
      { code: 'contradicted', detail: 'a hold of 500 where 2000 was asked' },
      "The server's answer contradicts the request: a hold of 500 where 2000 was asked.",
    ],
    [
      { code: 'readAgain', available: 3000, onHold: 2000 },
      'Read again: the card shows €30.00 available, €20.00 on hold.',
    ],
    [{ code: 'notReadAgain' }, 'The card could not be read again'],
    [
      { code: 'refusedAfterLostAnswer', reason: 'insufficient_funds' },
      'refused this payment for lack of funds: the earlier attempt may have taken the money',
    ],
    [
      { code: 'refusedAfterLostAnswer', reason: 'already_issued' },
      'the card is already issued: the earlier attempt may have issued it',
    ],
    [
      { code: 'refusedAfterLostAnswer', reason: 'not_issued' },
      'the card is not issued: the earlier attempt may have un-issued it',
    ],
    [
      { code: 'refusedAfterLostAnswer', reason: 'series_exhausted' },
      'the series has no number left: the earlier attempt may have issued its last card',
    ],
  ] satisfies [ManagerNote, string][])('%o in English', (note, expected) => {
    expect(noteText(words('en-IE'), note, money)).toContain(expected);
  });

  it('a German terminal words the same record in German, amounts in its own format', async () => {
    await loadCatalog('de-DE');
    const text = notesText(
      words('de-DE'),
      { notes: [{ code: 'readAgain', available: 3000, onHold: 2000 }, { code: 'holdLapsedBeforeCommit' }] },
      { currency: 'EUR', locale: 'de-DE' },
    );
    expect(text).toBe(
      'Neu gelesen: die Karte zeigt 30,00\u00a0€ verfügbar, 20,00\u00a0€ reserviert. ' +
        'Die Reservierung ist abgelaufen, bevor ihre Verbuchung den Server erreichte: der Betrag wurde nie von der Karte genommen. Anders kassieren.',
    );
  });

  it('a German terminal words a refusal’s code in German too, not the server’s code', async () => {
    await loadCatalog('de-DE');
    expect(noteText(words('de-DE'), { code: 'commitRefused', reason: 'authorization_expired' }, money)).toBe(
      'Verbuchung abgelehnt: die Reservierung lief vor dem Abschluss ab.',
    );
    expect(noteText(words('de-DE'), { code: 'cancelRefused', reason: 'authorization_expired' }, money)).toBe(
      'Freigabe abgelehnt: die Reservierung lief vor dem Abschluss ab. Das Geld wurde womöglich abgebucht.',
    );
  });

  it('a record written before notes were codes keeps its sentence, before any newer note', () => {
    expect(notesText(words('en-IE'), { note: 'Old sentence.', notes: [{ code: 'appliedTwice' }] }, money)).toMatch(
      /^Old sentence\. More left this card than this payment/,
    );
  });
});
