import { describe, expect, it } from 'vitest';
import { LoyaltyApiError } from '@/api/errors';
import { errorText } from './error-text';
import { translator } from './i18n';

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
