import type { Minor } from './money';

export const instrumentKinds = ['giftCard', 'loyaltyCard', 'storeCredit'] as const;
export type InstrumentKind = (typeof instrumentKinds)[number];

export interface Customer {
  customerId: string;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
}

/** Gift card and store credit issue status (the contract's `status`). */
export type IssueStatus = 'notIssued' | 'issued' | 'expired';

/** Loyalty card statusCode: 0 New, 1 Open, 2 Closed, 4 Canceled. */
export type LoyaltyStatusCode = 0 | 1 | 2 | 4;

interface InstrumentBase {
  number: string;
  seriesNumber: string;
  account: Account;
  customer: Customer | null;
  /** RFC 3339 DateTime for gift cards and store credit, YYYY-MM-DD for loyalty cards. */
  created?: string | undefined;
  startDate?: string | undefined;
  expiryDate?: string | undefined;
}

export interface GiftCard extends InstrumentBase {
  kind: 'giftCard';
  status: IssueStatus;
}

export interface StoreCredit extends InstrumentBase {
  kind: 'storeCredit';
  status: IssueStatus;
}

export interface LoyaltyCard extends InstrumentBase {
  kind: 'loyaltyCard';
  statusCode: LoyaltyStatusCode;
}

export type Instrument = GiftCard | StoreCredit | LoyaltyCard;

/**
 * The contract's fallback when a server sends no `status`: startDate present means issued, an
 * expiryDate in the past means expired.
 */
export function deriveIssueStatus(
  startDate: string | undefined,
  expiryDate: string | undefined,
  now: Date,
): IssueStatus {
  if (!startDate) return 'notIssued';
  if (expiryDate && Date.parse(expiryDate) < now.getTime()) return 'expired';
  return 'issued';
}

/** The four account amounts of an instrument, in minor units (loyalty-api.md section 2). */
export interface Account {
  net: Minor;
  original: Minor;
  floor: Minor;
  authorized: Minor;
}

/** Spendable now: net less holds less floor, never below zero. The one place this rule lives. */
export function availableAmount(account: Account): Minor {
  return Math.max(0, account.net - account.authorized - account.floor);
}

export type CannotPay = 'notIssued' | 'expired' | 'notYetValid' | 'notOpen';

/** Why an instrument cannot pay now, as far as its own data says (the server has the last word). */
export function cannotPay(instrument: Instrument, now: Date): CannotPay | null {
  if (instrument.kind === 'loyaltyCard') {
    if (instrument.statusCode !== 1) return 'notOpen';
    if (instrument.expiryDate && instrument.expiryDate < now.toISOString().slice(0, 10)) return 'expired';
    return null;
  }
  if (instrument.status === 'notIssued') return 'notIssued';
  if (instrument.status === 'expired') return 'expired';
  if (instrument.startDate && Date.parse(instrument.startDate) > now.getTime()) return 'notYetValid';
  return null;
}

/** A configured series, as the terminal knows it (settings). */
export interface SeriesConfig {
  prefix: string;
  kind: InstrumentKind;
  seriesNumber: string;
  livePrinted: boolean;
  /** Display name for slips and pickers; the series number when empty. */
  description?: string | undefined;
  /** Gift card series sold at one fixed amount, in minor units. */
  fixedAmount?: number | undefined;
}

export type NumberParseResult = { ok: true; number: string } | { ok: false; error: 'empty' | 'malformed' };

/**
 * What a scanner, a stripe reader or a cashier produced, to an instrument number. Magnetic stripe
 * track 1 (`%B<number>^...`) and track 2 (`;<number>=...?`) are unwrapped; spaces and dashes a
 * cashier keys for grouping are dropped. Numbers are 4 to 32 letters or digits.
 */
export function parseInstrumentNumber(raw: string): NumberParseResult {
  let text = raw.trim();
  if (text === '') return { ok: false, error: 'empty' };
  const track1 = /^%B([0-9A-Za-z]+)\^/.exec(text);
  const track2 = /^;([0-9A-Za-z]+)(?:=.*)?\??$/.exec(text);
  if (track1?.[1]) text = track1[1];
  else if (track2?.[1]) text = track2[1];
  text = text.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{4,32}$/.test(text)) return { ok: false, error: 'malformed' };
  return { ok: true, number: text };
}

/** Series whose prefix matches the number; only the longest matching prefix counts. */
function matchingSeries(number: string, series: readonly SeriesConfig[]): SeriesConfig[] {
  // A prefix saved before prefixes were kept in upper case matches as the numbers are read.
  const matches = series.filter((s) => s.prefix !== '' && number.startsWith(s.prefix.toUpperCase()));
  const longest = Math.max(0, ...matches.map((s) => s.prefix.length));
  return matches.filter((s) => s.prefix.length === longest);
}

/** The kind told by the number's prefix, or null when no prefix or several kinds match (ask the cashier). */
export function detectKind(number: string, series: readonly SeriesConfig[]): InstrumentKind | null {
  const kinds = new Set(matchingSeries(number, series).map((s) => s.kind));
  return kinds.size === 1 ? ([...kinds][0] ?? null) : null;
}

/** The one series of this kind the number's longest matching prefix names (undefined when none, or several). */
export function seriesOfNumber(number: string, kind: InstrumentKind, series: readonly SeriesConfig[]) {
  const matches = matchingSeries(number, series).filter((s) => s.kind === kind);
  return matches.length === 1 ? matches[0] : undefined;
}

/** Groups of four for reading aloud and comparing with the card: "7001 0000 0001". */
export function groupNumber(number: string): string {
  return number.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Last four only, for slips, the journal and logs: "•••• 0001". */
export function maskNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}
