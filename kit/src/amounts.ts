import { currencyDigits as digits } from '../../src/domain/money';

/** An amount as a test writes it, in the server's currency: '50.00', '12.5', '100'. */
export type Amount = `${number}`;

/**
 * A test's amount as the server's major units (a JSON number on the wire), or an error that says
 * what is wrong where it was written: `giftCard({ balance: '50.001' })`.
 */
export function majorUnits(amount: Amount | string, currency: string, where: string): number {
  const text = String(amount).trim();
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match)
    throw new Error(`${where}: '${text}' is not an amount. Write it like '50.00' (digits, a point, the decimals).`);
  const decimals = match[2]?.length ?? 0;
  const allowed = digits(currency);
  if (decimals > allowed)
    throw new Error(
      `${where}: ${currency} has ${allowed} decimal${allowed === 1 ? '' : 's'}, '${text}' has ${decimals}. ` +
        `Write it like '${(0).toFixed(allowed).replace('0.', '50.')}'.`,
    );
  return Number(text);
}

/** A test's amount in the currency's minor units (what the terminal keeps): '12.50' EUR is 1250. */
export const minorUnits = (amount: Amount | string, currency: string, where: string): number =>
  Math.round(majorUnits(amount, currency, where) * 10 ** digits(currency));

/** Major units from the server as a test reads them: '20.00'. */
export const amountText = (major: number, currency: string): Amount => major.toFixed(digits(currency)) as Amount;

/** Minor units (what the terminal keeps, its report's JSON) as a test reads them: 2000 EUR is '20.00'. */
export const minorText = (minor: number, currency: string): Amount =>
  amountText(minor / 10 ** digits(currency), currency);
