import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  formatMoney,
  isKnownCurrency,
  majorToMinor,
  minorToInput,
  minorToMajor,
  parseAmountInput,
} from './money';

describe('currency digits', () => {
  it('come from Intl (CLDR: the same as ISO 4217 for these, not for all)', () => {
    expect([currencyDigits('EUR'), currencyDigits('ISK'), currencyDigits('KWD'), currencyDigits('JPY')]).toEqual([
      2, 0, 3, 0,
    ]);
  });
});

describe('known currencies', () => {
  it('are the ISO 4217 codes Intl knows, asked again from memory', () => {
    for (let i = 0; i < 2; i += 1) {
      expect(['EUR', 'ISK', 'KWD', 'GBP'].map(isKnownCurrency)).toEqual([true, true, true, true]);
      expect(['XYZ', 'eur', 'EURO', '', 'E1R'].map(isKnownCurrency)).toEqual([false, false, false, false, false]);
    }
  });
});

describe('major and minor units', () => {
  it('converts exactly, refusing more decimals than the currency has', () => {
    expect(majorToMinor(12.5, 'EUR')).toBe(1250);
    expect(majorToMinor(0.29, 'EUR')).toBe(29);
    expect(majorToMinor(1.005, 'EUR')).toBeNull();
    expect(majorToMinor(0.1 + 0.2, 'EUR')).toBeNull();
    expect(majorToMinor(1250, 'ISK')).toBe(1250);
    expect(majorToMinor(12.5, 'ISK')).toBeNull();
    expect(majorToMinor(1.234, 'KWD')).toBe(1234);
    expect(majorToMinor(1.2345, 'KWD')).toBeNull();
    expect(majorToMinor(1e-7, 'EUR')).toBeNull();
    expect(majorToMinor(-3.5, 'EUR')).toBe(-350);
    expect(majorToMinor('12', 'EUR')).toBeNull();
    expect(majorToMinor(Number.NaN, 'EUR')).toBeNull();
    expect(majorToMinor(1e300, 'EUR')).toBeNull();
  });

  it('converts back to the number JSON should carry', () => {
    expect(minorToMajor(1234, 'EUR')).toBe(12.34);
    expect(String(minorToMajor(29, 'EUR'))).toBe('0.29');
    expect(minorToMajor(1234, 'KWD')).toBe(1.234);
    expect(minorToMajor(1234, 'ISK')).toBe(1234);
    for (let m = 0; m < 2000; m += 7) expect(majorToMinor(minorToMajor(m, 'EUR'), 'EUR')).toBe(m);
  });
});

describe('what a cashier types', () => {
  it('accepts dot or comma and refuses everything doubtful', () => {
    expect(parseAmountInput('12.50', 'EUR')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmountInput('12,5', 'EUR')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmountInput(' 1 234.5 ', 'EUR')).toEqual({ ok: true, minor: 123450 });
    expect(parseAmountInput('7', 'ISK')).toEqual({ ok: true, minor: 7 });
    expect(parseAmountInput('1.250', 'KWD')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmountInput('12.345', 'EUR')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseAmountInput('1.5', 'ISK')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseAmountInput('0', 'EUR')).toEqual({ ok: false, error: 'not_positive' });
    expect(parseAmountInput('-5', 'EUR')).toEqual({ ok: false, error: 'not_positive' });
    expect(parseAmountInput('', 'EUR')).toEqual({ ok: false, error: 'empty' });
    expect(parseAmountInput('abc', 'EUR')).toEqual({ ok: false, error: 'not_a_number' });
    expect(parseAmountInput('1e3', 'EUR')).toEqual({ ok: false, error: 'not_a_number' });
    expect(parseAmountInput('99999999999999999', 'EUR')).toEqual({ ok: false, error: 'too_large' });
  });

  it('writes minor units back as input text', () => {
    expect([
      minorToInput(1250, 'EUR'),
      minorToInput(5, 'EUR'),
      minorToInput(7, 'ISK'),
      minorToInput(1250, 'KWD'),
    ]).toEqual(['12.50', '0.05', '7', '1.250']);
  });
});

describe('formatting', () => {
  it('uses the currency own format for the locale', () => {
    const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(nbsp(formatMoney(123450, 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(formatMoney(123450, 'EUR', 'en-IE')).toBe('€1,234.50');
    expect(nbsp(formatMoney(1235, 'ISK', 'en-US'))).toBe('ISK 1,235');
    expect(nbsp(formatMoney(1250, 'KWD', 'en-US'))).toBe('KWD 1.250');
  });

  it('reads amounts by the locale’s own rules, and refuses what could mean two things', () => {
    expect(parseAmountInput('1,500', 'EUR', 'en-IE')).toEqual({
      ok: false,
      error: 'ambiguous',
      asDecimal: 150,
      asGrouping: 150000,
    });
    expect(parseAmountInput('1.500', 'EUR', 'de-DE')).toEqual({
      ok: false,
      error: 'ambiguous',
      asDecimal: 150,
      asGrouping: 150000,
    });
    expect(parseAmountInput('1,500.00', 'EUR', 'en-IE')).toEqual({ ok: true, minor: 150000 });
    expect(parseAmountInput('1.500,00', 'EUR', 'de-DE')).toEqual({ ok: true, minor: 150000 });
    expect(parseAmountInput('1,50', 'EUR', 'de-DE')).toEqual({ ok: true, minor: 150 });
    expect(parseAmountInput('1.234.567', 'EUR', 'de-DE')).toEqual({ ok: true, minor: 123456700 });
    // Only one reading fits the currency: no question to ask.
    expect(parseAmountInput('1,500', 'ISK', 'en-IE')).toEqual({ ok: true, minor: 1500 });
    expect(parseAmountInput('12.50', 'EUR', 'de-DE')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmountInput('1,2,3', 'EUR', 'en-IE')).toEqual({ ok: false, error: 'not_a_number' });
    expect(parseAmountInput('1 000', 'EUR', 'fr-FR')).toEqual({ ok: true, minor: 100000 });
    expect(minorToInput(1250, 'EUR', 'de-DE')).toBe('12,50');
  });

  it('asks about three digits after the locale’s own decimal mark, where they could be thousands', () => {
    // Krónur have no decimals: "12.000" is 12 only by the English rule; an Icelander means 12,000.
    expect(parseAmountInput('12.000', 'ISK', 'en-IE')).toEqual({
      ok: false,
      error: 'ambiguous',
      asDecimal: 12,
      asGrouping: 12000,
    });
    expect(parseAmountInput('1,000', 'JPY', 'de-DE')).toEqual({
      ok: false,
      error: 'ambiguous',
      asDecimal: 1,
      asGrouping: 1000,
    });
    expect(parseAmountInput('12.500', 'EUR', 'en-IE')).toEqual({
      ok: false,
      error: 'ambiguous',
      asDecimal: 1250,
      asGrouping: 1250000,
    });
    // One reading only: taken, or refused.
    expect(parseAmountInput('1.500', 'ISK', 'en-IE')).toEqual({ ok: false, error: 'too_many_decimals' });
    expect(parseAmountInput('12.00', 'ISK', 'en-IE')).toEqual({ ok: true, minor: 12 });
    expect(parseAmountInput('0.500', 'EUR', 'en-IE')).toEqual({ ok: true, minor: 50 });
    expect(parseAmountInput('1,234.000', 'EUR', 'en-IE')).toEqual({ ok: true, minor: 123400 });
    expect(parseAmountInput('1.250', 'KWD', 'en-IE')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmountInput('12', 'ISK', 'en-IE')).toEqual({ ok: true, minor: 12 });
  });
});
