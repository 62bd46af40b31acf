import { instrumentKinds } from '../../src/domain/instrument';
import { isKnownCurrency } from '../../src/domain/money';
import { majorUnits, type Amount } from './amounts';

/** A series the terminal is told about (its settings): prefix, kind, number. */
export interface Series {
  seriesNumber: string;
  prefix: string;
  kind: 'giftCard' | 'storeCredit' | 'loyaltyCard';
  livePrinted: boolean;
  fixedAmount?: Amount;
}

/** The built-in dataset's series, as a manager sets them up in the terminal. */
export const builtInSeries: Series[] = [
  { prefix: '7001', kind: 'giftCard', seriesNumber: 'GC1', livePrinted: false },
  { prefix: '7002', kind: 'giftCard', seriesNumber: 'GC2', livePrinted: false, fixedAmount: '25.00' },
  { prefix: '7003', kind: 'giftCard', seriesNumber: 'GC3', livePrinted: true },
  { prefix: '7101', kind: 'loyaltyCard', seriesNumber: 'LC1', livePrinted: false },
  { prefix: '7201', kind: 'storeCredit', seriesNumber: 'SC1', livePrinted: true },
];

/**
 * What a manager types into the terminal's settings for a Loyalty server of your own (the
 * `loyaltyServerAccess` option, with `loyaltyServerURL`): its access token, loyalty group,
 * merchant, currency and card series, and the store's and workstation's ids if your server wants
 * them. The token is a secret: the kit never prints it (not in an error, not when the server is
 * logged or compared).
 */
export interface LoyaltyServerAccess {
  /** The access token the terminal sends (Authorization: Bearer …), e.g. `process.env.LOYALTY_TOKEN`. */
  token: string;
  loyaltyGroup: string;
  merchantId: string;
  /** ISO 4217, e.g. 'EUR', 'GBP': the terminal's amounts and the kit's (`'50.00'`) are in it. */
  currency: string;
  /** Your card series (prefix, kind, series number): the terminal tells a card's kind by its prefix. */
  series: Series[];
  /** The store's id, sent with each money operation (a POST's `workstationData`), not with lookups; unset: not sent. */
  storeId?: number;
  /** The workstation's id, sent with each money operation (`workstationData`), not with lookups; unset: not sent. */
  workstationId?: number;
}

/** The simulator's demo credentials and series: what the terminal is set up with unless told otherwise. */
export const demoAccess: LoyaltyServerAccess = {
  token: 'demo-token',
  loyaltyGroup: 'demo',
  merchantId: 'M1',
  currency: 'EUR',
  series: builtInSeries,
  storeId: 12,
  workstationId: 3,
};

const accessFields = ['token', 'loyaltyGroup', 'merchantId', 'currency', 'series', 'storeId', 'workstationId'];
const seriesFields = ['seriesNumber', 'prefix', 'kind', 'livePrinted', 'fixedAmount'];

/**
 * The `loyaltyServerAccess` option as given, checked as the terminal's settings would check it,
 * or an error that names the field and what is wrong (never the token's value: only that it is
 * missing or empty).
 */
export function checkedAccess(access: unknown, where = 'loyaltyServerAccess'): LoyaltyServerAccess {
  const refuse = (problem: string): never => {
    throw new Error(`${where}${problem}`);
  };
  if (typeof access !== 'object' || access === null || Array.isArray(access))
    refuse(
      ': give an object, { token, loyaltyGroup, merchantId, currency, series } (storeId and workstationId if your server wants them).',
    );
  const given = access as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => !accessFields.includes(key));
  if (unknown.length > 0)
    refuse(`: it has no field ${unknown.map((k) => `'${k}'`).join(', ')} (its fields: ${accessFields.join(', ')}).`);
  if (typeof given.token !== 'string' || given.token.length === 0)
    refuse(
      '.token: missing or empty. Give your access token (read it from the environment, e.g. process.env.LOYALTY_TOKEN: is the variable set?).',
    );
  const text = (field: 'loyaltyGroup' | 'merchantId') => {
    const value = given[field];
    if (typeof value !== 'string' || value.trim() === '') refuse(`.${field}: missing or empty.`);
    return (value as string).trim();
  };
  const loyaltyGroup = text('loyaltyGroup');
  const merchantId = text('merchantId');
  const currency = typeof given.currency === 'string' ? given.currency.trim().toUpperCase() : '';
  if (!isKnownCurrency(currency))
    refuse(`.currency: ${JSON.stringify(given.currency)} is not an ISO 4217 currency code (e.g. 'EUR', 'GBP').`);
  const id = (field: 'storeId' | 'workstationId') => {
    const value = given[field];
    if (value !== undefined && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0))
      refuse(
        `.${field}: ${JSON.stringify(value)} is not a whole number (0 or more), as the terminal's settings take it.`,
      );
    return value as number | undefined;
  };
  const storeId = id('storeId');
  const workstationId = id('workstationId');
  if (!Array.isArray(given.series))
    refuse(
      ".series: give your card series, e.g. [{ prefix: '6012', kind: 'giftCard', seriesNumber: 'GC', livePrinted: false }] ([] if none: the terminal then asks the kind of every card).",
    );
  const series = (given.series as unknown[]).map((item, i): Series => {
    const at = `.series[${i}]`;
    if (typeof item !== 'object' || item === null)
      return refuse(`${at}: give { prefix, kind, seriesNumber, livePrinted }.`);
    const s = item as Record<string, unknown>;
    const extra = Object.keys(s).filter((key) => !seriesFields.includes(key));
    if (extra.length > 0)
      refuse(
        `${at}: it has no field ${extra.map((k) => `'${k}'`).join(', ')} (its fields: ${seriesFields.join(', ')}).`,
      );
    const prefix = typeof s.prefix === 'string' ? s.prefix.trim() : '';
    if (!/^[0-9A-Za-z]{1,16}$/.test(prefix))
      refuse(`${at}.prefix: ${JSON.stringify(s.prefix)} is not a prefix (1 to 16 letters or digits).`);
    if (!instrumentKinds.includes(s.kind as Series['kind']))
      refuse(`${at}.kind: ${JSON.stringify(s.kind)} is not a kind: 'giftCard', 'storeCredit' or 'loyaltyCard'.`);
    if (typeof s.seriesNumber !== 'string' || s.seriesNumber.trim() === '')
      refuse(`${at}.seriesNumber: missing or empty.`);
    if (typeof s.livePrinted !== 'boolean')
      refuse(
        `${at}.livePrinted: true (the server gives the number, printed on the spot) or false (pre-numbered cards).`,
      );
    let fixedAmount: Amount | undefined;
    if (s.fixedAmount !== undefined) {
      fixedAmount = String(s.fixedAmount) as Amount;
      if (majorUnits(fixedAmount, currency, `${where}${at}.fixedAmount`) <= 0)
        refuse(`${at}.fixedAmount: '${fixedAmount}' is not more than 0.`);
    }
    return {
      prefix,
      kind: s.kind as Series['kind'],
      seriesNumber: (s.seriesNumber as string).trim(),
      livePrinted: s.livePrinted as boolean,
      ...(fixedAmount !== undefined && { fixedAmount }),
    };
  });
  return {
    token: given.token as string,
    loyaltyGroup,
    merchantId,
    currency,
    series,
    ...(storeId !== undefined && { storeId }),
    ...(workstationId !== undefined && { workstationId }),
  };
}
