import { describe, expect, it } from 'vitest';
import { LoyaltyApiError } from '@/api/errors';
import { errorText, refusalText, refusedWhy } from './error-text';
import { translator } from './i18n';
import { loadCatalog } from './i18n/translate';

describe('errorText', () => {
  it('gives the time lookups resume in the terminal’s language, not the browser’s', () => {
    const paused = new LoyaltyApiError({
      code: 'lookups_paused',
      message: '',
      method: 'GET',
      details: { until: Date.parse('2026-11-28T15:15:00Z') },
    });
    const german = errorText(translator('de-DE'), paused, { locale: 'de-DE' });
    const american = errorText(translator('en-US'), paused, { locale: 'en-US' });
    expect(german).toMatch(/\d{2}:\d{2}/);
    expect(german).not.toMatch(/AM|PM/);
    expect(american).toMatch(/\d{2}:\d{2} (AM|PM)/);
  });
});

describe('errorText: a number the server does not know', () => {
  it('names the kind asked for, in a sentence: lower case in English, a noun capitalised in German', async () => {
    await loadCatalog('de-DE');
    const notFound = { code: 'not_found', message: '' };
    const english = (kind: 'giftCard' | 'loyaltyCard' | 'storeCredit') =>
      errorText(translator('en-IE'), notFound, { kind });
    expect(english('giftCard')).toBe('No gift card with this number. Check the number, or choose another kind.');
    expect(english('loyaltyCard')).toBe('No loyalty card with this number. Check the number, or choose another kind.');
    expect(english('storeCredit')).toBe('No store credit with this number. Check the number, or choose another kind.');
    expect(errorText(translator('de-DE'), notFound, { kind: 'loyaltyCard' })).toBe(
      'Keine Kundenkarte mit dieser Nummer. Nummer prüfen oder andere Kartenart wählen.',
    );
    expect(errorText(translator('de-DE'), notFound, { kind: 'storeCredit' })).toBe(
      'Keine Gutschrift mit dieser Nummer. Nummer prüfen oder andere Kartenart wählen.',
    );
  });
});

describe('refusalText: why a line was refused, in the terminal’s language', () => {
  it('a code with a sentence of its own is worded, never shown as English', async () => {
    await loadCatalog('de-DE');
    const german = translator('de-DE');
    expect(refusalText(german, 'card_closed', '–')).toBe(german('error.card_closed'));
    expect(refusalText(german, 'merchant_not_allowed', '–')).not.toMatch(/merchant not allowed/);
    expect(refusedWhy(german, 'unauthorized')).toBe(german('error.unauthorized'));
  });
  it('a code it has no words for: said to be the server’s refusal, the code named', async () => {
    await loadCatalog('de-DE');
    const text = refusalText(translator('de-DE'), 'brand_new_code', '–');
    expect(text).toMatch(/^der Server hat abgelehnt \(sein Code: .*brand_new_code.*\)\.$/);
  });
});
