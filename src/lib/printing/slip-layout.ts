import { slipRow, wrapAtSpaces, type SlipDoc } from './slip-doc';

/**
 * A slip laid out on a receipt printer's fixed-width lines, whatever language the printer speaks:
 * the ESC/POS bytes (escpos.ts) and the Epson ePOS-Print XML (epos.ts) both print this, so a slip
 * says the same on every receipt printer.
 */
export type Paper = 80 | 58;

/** Characters per line in the printer's standard font (font A, 12×24 dots). */
export const PAPER_COLUMNS: Record<Paper, number> = { 80: 48, 58: 32 };

/**
 * Characters a receipt printer's code page does not have, as it can print them (else they come out
 * as "?"): dashes, the ellipsis, the masking dots, bidi isolates around server text. Control
 * characters go too (a line is one printed line, and a byte such as ESC is a printer command), as
 * does what is not a character at all; tabs and line breaks become spaces.
 */
export function printable(text: string): string {
  return (
    text
      .replace(/[\t\n\r]/g, ' ')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
      .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
      .replace(/\u2026/g, '.')
      .replace(/\u2022/g, '*')
      .replace(/[\u2066-\u2069\u200e\u200f]/g, '')
      .replace(/[\u00a0\u202f]/g, ' ')
      // Not characters at all: U+FFFE, U+FFFF and a surrogate without its pair.
      .replace(/[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
  );
}

/** A centred line: the TRAINING mark and the title in bold, the subtitle and header lines plain. */
export interface CentredLine {
  kind: 'centred';
  text: string;
  bold: boolean;
}

/** The card number, centred in double width and height (so at most half the columns; a longer one goes on more lines). */
export interface NumberLine {
  kind: 'number';
  text: string;
}

/** A Code 128 barcode drawn by the printer itself, centred; `moduleWidth` in dots, `height` in dots. */
export interface BarcodeBlock {
  kind: 'barcode';
  value: string;
  moduleWidth: number;
  height: number;
}

/** A line of the rows: a label and its value on one line, or a value alone (right-aligned, under its wrapped label). */
export interface RowLine {
  align: 'left' | 'right';
  text: string;
}

export interface SlipLayout {
  columns: number;
  /** Centred, in this order: TRAINING, title, subtitle, header lines, number, barcode. */
  top: (CentredLine | NumberLine | BarcodeBlock)[];
  /** Left-aligned lines, each at most `columns` long; a right-aligned one carries no leading spaces. */
  rows: RowLine[];
  /** Centred again at the foot: TRAINING. */
  bottom: CentredLine[];
}

/** What Code 128 (code set B) can carry: printable ASCII. Anything else would scan as another number. */
const CODE128_DATA = /^[\x20-\x7e]+$/;

/** A slip document on the paper: every line fits, nothing a printer lacks, the number large, the barcode native. */
export function layoutSlip(doc: SlipDoc, paper: Paper): SlipLayout {
  const columns = PAPER_COLUMNS[paper];
  // Nothing on paper is cut off: a line too long for the paper is wrapped at spaces (a series'
  // description on the issue slip; a card number of up to 32 characters, printed twice as wide).
  const centred = (text: string, bold = false): CentredLine[] =>
    wrapAtSpaces(printable(text), columns).map((line) => ({ kind: 'centred', text: line, bold }));
  const top: SlipLayout['top'] = [];
  if (doc.training) top.push(...centred(doc.training, true));
  top.push(...centred(doc.title, true));
  if (doc.subtitle) top.push(...centred(doc.subtitle));
  for (const line of doc.header) top.push(...centred(line));
  if (doc.number)
    for (const text of wrapAtSpaces(printable(doc.number), columns / 2)) top.push({ kind: 'number', text });
  if (doc.barcode && CODE128_DATA.test(doc.barcode.value))
    top.push({ kind: 'barcode', value: doc.barcode.value, moduleWidth: paper === 58 ? 2 : 3, height: 64 });
  if (doc.barcode?.text) top.push(...centred(doc.barcode.text));
  const rows: RowLine[] = [];
  for (const row of doc.rows)
    for (const line of slipRow(printable(row.label), printable(row.value), columns))
      // A value on a line of its own (its label wrapped above) is right-aligned by the printer, not by spaces.
      rows.push(line.startsWith(' ') ? { align: 'right', text: line.trimStart() } : { align: 'left', text: line });
  return { columns, top, rows, bottom: doc.training ? centred(doc.training, true) : [] };
}
