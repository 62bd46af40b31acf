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
  /** A card number as a Code 128 barcode (the printer draws it natively). */
  barcode?: { value: string; label: string } | undefined;
  rows: SlipRow[];
}

/** Two columns on a fixed-width line: the label left, the value right (cut to fit). */
export function slipRow(label: string, value: string, columns: number): string {
  const room = Math.max(1, columns - value.length - 1);
  const left = label.length > room ? `${label.slice(0, Math.max(0, room - 1))}.` : label;
  return `${left}${' '.repeat(Math.max(1, columns - left.length - value.length))}${value}`.slice(0, columns);
}
