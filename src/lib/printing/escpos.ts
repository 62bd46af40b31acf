import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { SlipDoc } from './slip-doc';
import { layoutSlip, type CentredLine, type Paper } from './slip-layout';

export { PAPER_COLUMNS, type Paper } from './slip-layout';

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

/** A slip as the bytes an ESC/POS printer prints: text, the card number as a native Code 128 barcode, a cut. */
export function encodeSlip(doc: SlipDoc, profile: PrinterProfile): Uint8Array {
  const layout = layoutSlip(doc, profile.paper);
  const encoder = new ReceiptPrinterEncoder({
    language: profile.language ?? 'esc-pos',
    columns: layout.columns,
    codepageMapping: (profile.codepageMapping as 'epson' | null | undefined) ?? 'epson',
    feedBeforeCut: 4,
  });
  encoder.initialize().codepage(codepageFor(profile.locale));
  const centred = (line: CentredLine) => encoder.align('center').bold(line.bold).line(line.text).bold(false);
  for (const item of layout.top) {
    if (item.kind === 'centred') centred(item);
    else if (item.kind === 'number') encoder.align('center').size(2, 2).line(item.text).size(1, 1);
    else
      encoder
        .align('center')
        .barcode(item.value, 'code128', { height: item.height, width: item.moduleWidth, text: 'none' });
  }
  encoder.align('left');
  for (const line of layout.rows) {
    // Right-aligned by the encoder (it drops leading spaces).
    if (line.align === 'right') encoder.align('right').line(line.text).align('left');
    else encoder.line(line.text);
  }
  for (const line of layout.bottom) centred(line);
  return encoder.cut('partial').encode();
}
