/**
 * A slip as data: what the browser's print dialog shows (SlipView) and what an ESC/POS printer
 * prints (escpos.ts) come from the same document, so the two never say different things.
 */
export interface SlipRow {
  label: string;
  value: string;
}

export interface SlipDoc {
  /** Shown for the screen reader and as the slip's heading on screen. */
  name: string;
  /** The TRAINING mark, above and below, when in training mode. */
  training?: string | undefined;
  title: string;
  subtitle?: string | undefined;
  /** Header lines under the title (store, till, date). */
  header: string[];
  /** A card number printed large, grouped for reading. */
  number?: string | undefined;
  /**
   * A Code 128 barcode (the printer draws it natively); `text`, when given, is printed in characters
   * under the bars (a receipt's reference, for when the barcode will not scan).
   */
  barcode?: { value: string; label: string; text?: string | undefined } | undefined;
  rows: SlipRow[];
}

/**
 * Two columns on fixed-width lines: the label left, the value right. A label too long to share its
 * line with the value is wrapped at spaces onto lines of its own, the value right-aligned under it,
 * so that nothing on paper is ever cut off.
 */
export function slipRow(label: string, value: string, columns: number): string[] {
  if (label.length + value.length + 1 <= columns)
    return [`${label}${' '.repeat(columns - label.length - value.length)}${value}`];
  const lines: string[] = [];
  let current = '';
  for (const word of label.split(' ')) {
    for (let piece = word; piece.length > 0; piece = piece.slice(columns)) {
      const part = piece.slice(0, columns);
      if (current && current.length + 1 + part.length > columns) {
        lines.push(current);
        current = part;
      } else current = current ? `${current} ${part}` : part;
    }
  }
  if (current.length + value.length + 1 <= columns)
    lines.push(`${current}${' '.repeat(columns - current.length - value.length)}${value}`);
  else lines.push(current, value.slice(0, columns).padStart(columns));
  return lines;
}
