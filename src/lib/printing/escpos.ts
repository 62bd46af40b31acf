import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { slipRow, type SlipDoc } from './slip-doc';

export type Paper = 80 | 58;

/** Characters per line in the printer's standard font (font A, 12×24 dots). */
export const PAPER_COLUMNS: Record<Paper, number> = { 80: 48, 58: 32 };

/**
 * The code page each language prints in. English and German both need cp858 (cp850 with the euro
 * sign): umlauts, ß and €. A language not listed prints in the encoder's automatic choice.
 */
const CODEPAGES: Record<string, 'cp858'> = { en: 'cp858', de: 'cp858' };

const codepageFor = (locale: string) => CODEPAGES[locale.slice(0, 2)] ?? 'auto';

export interface PrinterProfile {
  paper: Paper;
  locale: string;
  /** What the driver reported for the connected printer, if it knows (else Epson-compatible ESC/POS). */
  language?: 'esc-pos' | 'star-prnt' | 'star-line' | null | undefined;
  codepageMapping?: string | null | undefined;
}

/**
 * Characters a receipt printer's code page does not have, as it can print them (else they come out
 * as "?"): dashes, the ellipsis, the masking dots, bidi isolates around server text.
 */
function printable(text: string): string {
  return text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '.')
    .replace(/\u2022/g, '*')
    .replace(/[\u2066-\u2069\u200e\u200f]/g, '')
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** A slip as the bytes an ESC/POS printer prints: text, the card number as a native Code 128 barcode, a cut. */
export function encodeSlip(doc: SlipDoc, profile: PrinterProfile): Uint8Array {
  const columns = PAPER_COLUMNS[profile.paper];
  const encoder = new ReceiptPrinterEncoder({
    language: profile.language ?? 'esc-pos',
    columns,
    codepageMapping: (profile.codepageMapping as 'epson' | null | undefined) ?? 'epson',
    feedBeforeCut: 4,
  });
  encoder.initialize().codepage(codepageFor(profile.locale));
  const centred = (text: string, bold = false) =>
    encoder.align('center').bold(bold).line(printable(text).slice(0, columns)).bold(false);
  if (doc.training) centred(doc.training, true);
  centred(doc.title, true);
  if (doc.subtitle) centred(doc.subtitle);
  for (const line of doc.header) centred(line);
  if (doc.number)
    encoder
      .align('center')
      .size(2, 2)
      .line(printable(doc.number).slice(0, columns / 2))
      .size(1, 1);
  if (doc.barcode)
    encoder
      .align('center')
      .barcode(doc.barcode.value, 'code128', { height: 64, width: profile.paper === 58 ? 2 : 3, text: 'none' });
  encoder.align('left');
  for (const row of doc.rows)
    for (const line of slipRow(printable(row.label), printable(row.value), columns)) {
      // A value on a line of its own (its label wrapped above), right-aligned by the encoder (it drops leading spaces).
      if (line.startsWith(' ')) encoder.align('right').line(line.trimStart()).align('left');
      else encoder.line(line);
    }
  if (doc.training) centred(doc.training, true);
  return encoder.cut('partial').encode();
}
