/**
 * Money is an integer count of the currency's minor units everywhere inside the terminal and the
 * simulator. Major units (the contract's JSON numbers, what a cashier types) exist only at the
 * boundaries, and these functions are the only crossings.
 */
export type Minor = number;

const digitsCache = new Map<string, number>();

/**
 * Minor-unit digits of a currency: CLDR's digits, from Intl (EUR 2, ISK 0, KWD 3); not ISO 4217's
 * for a few currencies (HUF, IDR, COP, PKR, IRR 0, not 2; IQD 0, not 3), docs/decisions.md
 * 2026-11-29 (twentieth session).
 */
export function currencyDigits(currency: string): number {
  const cached = digitsCache.get(currency);
  if (cached !== undefined) return cached;
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  digitsCache.set(currency, digits);
  return digits;
}

export function isKnownCurrency(currency: string): boolean {
  if (!/^[A-Z]{3}$/.test(currency)) return false;
  let known = knownCurrencies.get(currency);
  if (known === undefined) {
    known = checkCurrency(currency);
    knownCurrencies.set(currency, known);
  }
  return known;
}

/** Asked of every card of a dataset: Intl's list is built once per code, not once per card. */
const knownCurrencies = new Map<string, boolean>();

function checkCurrency(currency: string): boolean {
  // Intl's list where the browser has one (building a currency formatter costs milliseconds).
  if (typeof Intl.supportedValuesOf === 'function') return Intl.supportedValuesOf('currency').includes(currency);
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency });
    return true;
  } catch {
    return false;
  }
}

/** Number of decimals in the shortest text form of a JS number (what JSON would carry). */
function decimalsOf(value: number): number {
  const [mantissa = '', exponentText] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  return Math.max(0, fraction - exponent);
}

/**
 * A major-unit JSON number to minor units, or null when it is not an exact amount of this
 * currency (not finite, too many decimals, beyond safe integers). Sign is kept: callers decide.
 */
export function majorToMinor(value: unknown, currency: string): Minor | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const digits = currencyDigits(currency);
  if (decimalsOf(value) > digits) return null;
  const minor = Math.round(value * 10 ** digits);
  if (!Number.isSafeInteger(minor)) return null;
  return minor === 0 ? 0 : minor; // no -0
}

/** Minor units to the contract's major-unit number (division is correctly rounded, so 1234/100 is 12.34). */
export function minorToMajor(minor: Minor, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

export type ParseAmountError =
  'empty' | 'not_a_number' | 'too_many_decimals' | 'not_positive' | 'too_large' | 'ambiguous';

export type ParsedAmount =
  | { ok: true; minor: Minor }
  | { ok: false; error: Exclude<ParseAmountError, 'ambiguous'> }
  /** Two readings, both valid: the separator as a decimal point, or as a thousands separator. */
  | { ok: false; error: 'ambiguous'; asDecimal: Minor; asGrouping: Minor };

const separatorCache = new Map<string, { decimal: string; group: string }>();

/** The locale's own decimal and grouping separators, from Intl ("en": "." and ","; "de": "," and "."). */
export function separators(locale: string): { decimal: string; group: string } {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    found = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    separatorCache.set(locale, found);
  }
  return found;
}

/** Digits grouped by thousands: the first group 1-3 digits, every other exactly 3. */
const validGroups = (groups: string[]) =>
  groups.every((g, i) => /^\d+$/.test(g) && (i === 0 ? g.length <= 3 : g.length === 3));

function toMinor(whole: string, fractionText: string, currency: string): ParsedAmount {
  const fraction = fractionText.replace(/0+$/, '');
  const digits = currencyDigits(currency);
  if (fraction.length > digits) return { ok: false, error: 'too_many_decimals' };
  const minorText = (whole + fraction.padEnd(digits, '0')).replace(/^0+(?=\d)/, '');
  const minor = Number(minorText);
  if (!Number.isSafeInteger(minor) || minorText.length > 15) return { ok: false, error: 'too_large' };
  if (minor <= 0) return { ok: false, error: 'not_positive' };
  return { ok: true, minor };
}

/**
 * What a cashier typed to minor units, by the locale's own rules: its decimal separator is the
 * decimal point, thousands may be grouped by its group separator (or spaces). The other of "." and
 * "," is read only where it can mean one thing: "12,5" in English is 12.50 (it cannot be grouping),
 * "1,234,567" is grouping, but "1,500" could be 1.50 or 1,500.00 and is refused as ambiguous
 * with both readings, never guessed.
 */
export function parseAmountInput(text: string, currency: string, locale = 'en'): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'empty' };
  if (/^[-\u2212]/.test(trimmed)) return { ok: false, error: 'not_positive' };
  const { decimal } = separators(locale);
  const other = decimal === ',' ? '.' : ',';
  // Spaces, no-break spaces and apostrophes only ever group thousands.
  const spaced = /[\s\u00a0\u202f'\u2019]/;
  if (!/^[\d.,\s\u00a0\u202f'\u2019]+$/.test(trimmed)) return { ok: false, error: 'not_a_number' };
  const wholeOf = (part: string, marks: RegExp): string | null => {
    const groups = part.split(marks);
    if (part === '') return '0';
    return groups.length === 1 ? (groups[0] ?? null) : validGroups(groups) ? groups.join('') : null;
  };
  const grouping = new RegExp(`[\\s\\u00a0\\u202f'\\u2019${other === '.' ? '.' : ','}]`);

  if (trimmed.includes(decimal)) {
    const [int = '', fraction = '', ...rest] = trimmed.split(decimal);
    if (rest.length > 0 || !/^\d*$/.test(fraction)) return { ok: false, error: 'not_a_number' };
    const whole = wholeOf(int, grouping);
    if (whole === null) return { ok: false, error: 'not_a_number' };
    const asDecimal = toMinor(whole, fraction, currency);
    // "12.000" in English: 12 by the locale, but 12,000 as a cashier used to grouping by "." writes
    // it, and a currency with fewer than three decimals cannot tell them apart by its decimals
    // ("12.000" krónur fits both). Three digits after a lone first group are asked about, never guessed.
    if (asDecimal.ok && fraction.length === 3 && currencyDigits(currency) < 3 && /^[1-9]\d{0,2}$/.test(int)) {
      const asGrouping = toMinor(int + fraction, '', currency);
      if (asGrouping.ok && asGrouping.minor !== asDecimal.minor)
        return { ok: false, error: 'ambiguous', asDecimal: asDecimal.minor, asGrouping: asGrouping.minor };
    }
    return asDecimal;
  }
  const pieces = trimmed.split(other);
  if (pieces.length === 1) {
    const whole = wholeOf(trimmed, spaced);
    return whole === null ? { ok: false, error: 'not_a_number' } : toMinor(whole, '', currency);
  }
  const grouped = wholeOf(trimmed, grouping);
  const asGrouping = grouped === null ? null : toMinor(grouped, '', currency);
  if (pieces.length > 2) return asGrouping ?? { ok: false, error: 'not_a_number' };
  const [int = '', fraction = ''] = pieces;
  const decimalWhole = wholeOf(int, spaced);
  const asDecimal = decimalWhole === null || !/^\d+$/.test(fraction) ? null : toMinor(decimalWhole, fraction, currency);
  const valid = (p: ParsedAmount | null): p is { ok: true; minor: Minor } => p?.ok === true;
  if (valid(asDecimal) && valid(asGrouping) && asDecimal.minor !== asGrouping.minor)
    return { ok: false, error: 'ambiguous', asDecimal: asDecimal.minor, asGrouping: asGrouping.minor };
  if (valid(asDecimal)) return asDecimal;
  if (valid(asGrouping)) return asGrouping;
  return asDecimal ?? asGrouping ?? { ok: false, error: 'not_a_number' };
}

/** An amount to show as an example of what to type: 12.50 in euros, 1250 in yen, 12.500 in dinars. */
export function exampleAmount(currency: string): Minor {
  const digits = currencyDigits(currency);
  return digits === 0 ? 1250 : 1250 * 10 ** (digits - 2);
}

/** Minor units as the text a cashier would type back into an amount field ("12.50"; "12,50" in German). */
export function minorToInput(minor: Minor, currency: string, locale?: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  const point = locale ? separators(locale).decimal : '.';
  return digits === 0 ? sign + text : `${sign}${text.slice(0, -digits)}${point}${text.slice(-digits)}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Minor units in the currency's own format for the locale ("12,50 €", "ISK 1,235", "KWD 1.250"). */
export function formatMoney(minor: Minor, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(minorToMajor(minor, currency));
}
