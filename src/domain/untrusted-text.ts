/**
 * Text that came from a server (customer names, messages, series numbers) is shown as plain text,
 * never HTML (React escapes it). Before that it is made harmless to read: control characters and
 * the bidirectional embedding, override and isolate marks that could reverse what a cashier reads
 * are removed, and it is capped so an unbroken 10,000-character message cannot take the screen.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `notes`: a record's manager notes, one after the other (each a sentence or two of the terminal's own). */
export const TEXT_CAP = { short: 80, message: 300, notes: 1200 } as const;

export function untrustedText(text: string, max: number = TEXT_CAP.message): string {
  const clean = text
    .replace(unsafe, '')
    .replace(/[\t\n\r]+/g, ' ')
    .trim();
  const chars = Array.from(clean);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
}

/** Cleaned and isolated for a sentence of the terminal's own: its direction cannot leak into the words around it. */
export function isolated(text: string, max: number = TEXT_CAP.message): string {
  return `\u2068${untrustedText(text, max)}\u2069`;
}
