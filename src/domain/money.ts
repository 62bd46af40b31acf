/**
 * Money is an integer count of the currency's minor units everywhere inside the terminal and the
 * simulator. Major units (the contract's JSON numbers, what a cashier types) exist only at the
 * boundaries, and these functions are the only crossings.
 */
export type Minor = number;

const digitsCache = new Map<string, number>();

/** ISO 4217 minor-unit digits of a currency, from Intl (EUR 2, ISK 0, KWD 3). */
export function currencyDigits(currency: string): number {
  const cached = digitsCache.get(currency);
  if (cached !== undefined) return cached;
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits ?? 2;
  digitsCache.set(currency, digits);
  return digits;
}

export function isKnownCurrency(currency: string): boolean {
  if (!/^[A-Z]{3}$/.test(currency)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency });
    return Intl.supportedValuesOf ? Intl.supportedValuesOf('currency').includes(currency) : true;
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

export type ParseAmountError = 'empty' | 'not_a_number' | 'too_many_decimals' | 'not_positive' | 'too_large';

/**
 * What a cashier typed ("12.50", "12,5", "1 234.5") to minor units. Accepts either "." or "," as
 * the decimal separator, refuses anything ambiguous rather than guessing.
 */
export function parseAmountInput(
  text: string,
  currency: string,
): { ok: true; minor: Minor } | { ok: false; error: ParseAmountError } {
  const trimmed = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (trimmed === '') return { ok: false, error: 'empty' };
  if (/^-/.test(trimmed)) return { ok: false, error: 'not_positive' };
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(trimmed);
  if (!match) return { ok: false, error: 'not_a_number' };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const digits = currencyDigits(currency);
  if (fraction.length > digits) return { ok: false, error: 'too_many_decimals' };
  const minorText = whole + fraction.padEnd(digits, '0');
  const minor = Number(minorText.replace(/^0+(?=\d)/, ''));
  if (!Number.isSafeInteger(minor) || minorText.length > 15) return { ok: false, error: 'too_large' };
  if (minor <= 0) return { ok: false, error: 'not_positive' };
  return { ok: true, minor };
}

/** Minor units as the text a cashier would type back into an amount field ("12.50"). */
export function minorToInput(minor: Minor, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? sign + text : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
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
