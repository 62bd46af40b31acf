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
 * Two columns on fixed-width lines: the label left, the value right. A label or a value too long to
 * share a line is wrapped at spaces onto lines of its own, the value right-aligned under the label,
 * so that nothing on paper is ever cut off.
 */
export function slipRow(label: string, value: string, columns: number): string[] {
  const beside = (left: string, right: string) => `${left}${' '.repeat(columns - left.length - right.length)}${right}`;
  if (label.length + value.length + 1 <= columns) return [beside(label, value)];
  const labelLines = wrapAtSpaces(label, columns);
  const last = labelLines.at(-1) ?? '';
  if (last.length + value.length + 1 <= columns) return [...labelLines.slice(0, -1), beside(last, value)];
  return [...labelLines, ...wrapAtSpaces(value, columns).map((line) => line.padStart(columns))];
}

/** Text in lines of at most `columns`, broken at spaces (a word longer than a line, within it). */
export function wrapAtSpaces(text: string, columns: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    for (let piece = word; piece.length > 0; piece = piece.slice(columns)) {
      const part = piece.slice(0, columns);
      if (current && current.length + 1 + part.length > columns) {
        lines.push(current);
        current = part;
      } else current = current ? `${current} ${part}` : part;
    }
  }
  if (current) lines.push(current);
  return lines;
}
