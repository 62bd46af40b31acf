import type { InstrumentKind } from './instrument';

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
  const matches = series.filter((s) => s.prefix !== '' && number.startsWith(s.prefix));
  const longest = Math.max(0, ...matches.map((s) => s.prefix.length));
  return matches.filter((s) => s.prefix.length === longest);
}

/** The kind told by the number's prefix, or null when no prefix or several kinds match (ask the cashier). */
export function detectKind(number: string, series: readonly SeriesConfig[]): InstrumentKind | null {
  const kinds = new Set(matchingSeries(number, series).map((s) => s.kind));
  return kinds.size === 1 ? ([...kinds][0] ?? null) : null;
}

/** Groups of four for reading aloud and comparing with the card: "7001 0000 0001". */
export function groupNumber(number: string): string {
  return number.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Last four only, for slips, the journal and logs: "•••• 0001". */
export function maskNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}
