import { describe, expect, it } from 'vitest';
import { decodeEscPos, printedLines } from '@/test-support/escpos-decoder';
import { encodeSlip, PAPER_COLUMNS } from './escpos';
import type { SlipDoc } from './slip-doc';

/** The last thing the printer does, line feeds after it aside. */
const lastCommand = (events: ReturnType<typeof decodeEscPos>) =>
  events.filter((e) => e.type !== 'line' || e.text !== '').at(-1);

const issueSlip: SlipDoc = {
  name: 'Issue slip',
  training: 'TRAINING CARD — NOT VALID',
  title: 'Geschenkkarte',
  subtitle: 'Geschenkkarte 25 €',
  header: [],
  number: '7001 0000 0003',
  barcode: { value: '700100000003', label: 'Barcode' },
  rows: [
    { label: 'Betrag', value: '25,00 €' },
    { label: 'Gültig bis', value: '23.11.2029' },
    { label: 'Serie', value: 'GC1' },
  ],
};

describe('ESC/POS slips (the bytes decoded as the printer reads them)', () => {
  it('an issue slip: text in code page 858, the card number as a native Code 128 barcode, a cut', () => {
    const events = decodeEscPos(encodeSlip(issueSlip, { paper: 80, locale: 'de-DE' }));
    expect(events[0]).toEqual({ type: 'init' });
    expect(events).toContainEqual({ type: 'codepage', table: 19 }); // Epson's number for cp858
    expect(printedLines(events)).toEqual(
      expect.arrayContaining(['TRAINING CARD - NOT VALID', 'Geschenkkarte', 'Geschenkkarte 25 €', '7001 0000 0003']),
    );
    expect(printedLines(events).find((l) => l.startsWith('Gültig bis'))).toMatch(/^Gültig bis\s+23\.11\.2029$/);
    expect(events.filter((e) => e.type === 'barcode')).toEqual([
      { type: 'barcode', symbology: 'code128', data: '700100000003' },
    ]);
    expect(lastCommand(events)).toEqual({ type: 'cut', partial: true });
  });

  it('a card number too long for the paper at double width, and a long description, are wrapped whole, never cut', () => {
    const long: SlipDoc = {
      ...issueSlip,
      subtitle: 'Geschenkkarte für das Weihnachtsgeschäft, gültig in allen Filialen',
      number: '7001 0000 0000 0001',
    };
    const lines = printedLines(decodeEscPos(encodeSlip(long, { paper: 58, locale: 'de-DE' })));
    // 58 mm: 32 columns, 16 at double width.
    expect(lines).toEqual(expect.arrayContaining(['7001 0000 0000', '0001']));
    expect(lines.join(' ')).toContain('Geschenkkarte für das Weihnachtsgeschäft, gültig in allen Filialen');
    const number22 = { ...issueSlip, number: '7001 0000 0000 0000 0123 45' };
    const wide = printedLines(decodeEscPos(encodeSlip(number22, { paper: 80, locale: 'de-DE' })));
    expect(wide).toEqual(expect.arrayContaining(['7001 0000 0000 0000 0123', '45'])); // 80 mm: 24 at double width
  });

  it('a receipt: its reference as a barcode and, under it, in characters (what the return desk accepts)', () => {
    const receipt: SlipDoc = {
      name: 'Receipt',
      title: 'Receipt',
      header: [],
      barcode: { value: 'S0123456789AB', label: 'Receipt S0123456789AB', text: 'S0123456789AB' },
      rows: [{ label: 'Total', value: '€20.00' }],
    };
    const events = decodeEscPos(encodeSlip(receipt, { paper: 80, locale: 'en-IE' }));
    const barcodeAt = events.findIndex((e) => e.type === 'barcode');
    expect(events[barcodeAt]).toEqual({ type: 'barcode', symbology: 'code128', data: 'S0123456789AB' });
    expect(printedLines(events.slice(barcodeAt)).find((l) => l !== '')).toBe('S0123456789AB');
  });

  it('lines fit the paper: 48 characters on 80 mm, 32 on 58 mm, amounts right-aligned', () => {
    for (const paper of [80, 58] as const) {
      const lines = decodeEscPos(encodeSlip(issueSlip, { paper, locale: 'en-IE' }))
        .filter((e) => e.type === 'line')
        .map((e) => (e as { text: string }).text);
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(PAPER_COLUMNS[paper]);
      expect(lines.find((l) => l.startsWith('Betrag'))).toHaveLength(PAPER_COLUMNS[paper]);
    }
  });

  it('a receipt without a card number has no barcode; a long label wraps whole, the amount right-aligned under it; no character the printer lacks', () => {
    const receipt: SlipDoc = {
      name: 'Receipt',
      title: 'Receipt',
      header: ['Store 12 · till 3'],
      rows: [{ label: 'Loyalty card •••• 0001 with a very long description', value: '€15.00 · Approved' }],
    };
    const events = decodeEscPos(encodeSlip(receipt, { paper: 58, locale: 'en-IE' }));
    expect(events.some((e) => e.type === 'barcode')).toBe(false);
    const lines = printedLines(events);
    const at = lines.findIndex((l) => l.startsWith('Loyalty'));
    // Nothing of the label is lost: it wraps at spaces, and the amount keeps the right edge.
    expect(lines.slice(at, at + 3)).toEqual([
      'Loyalty card **** 0001 with a',
      'very long description',
      '€15.00 · Approved',
    ]);
    // …and the amount keeps the right edge of the paper.
    expect(events).toContainEqual({ type: 'line', text: '€15.00 · Approved'.padStart(32) });
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(32);
    expect(printedLines(events)).toContain('Store 12 · till 3');
    expect(printedLines(events).join('\n')).not.toContain('?');
    expect(lastCommand(events)).toMatchObject({ type: 'cut' });
  });
});

describe('a value longer than the paper', () => {
  it('wraps at spaces, right-aligned, on every paper: the warning not to hand over the goods is printed whole', () => {
    const warning = 'NOT CONFIRMED YET: do not hand over the goods';
    const receipt: SlipDoc = {
      name: 'Receipt',
      title: 'Receipt',
      header: [],
      rows: [{ label: 'Gift card •••• 0001', value: `€20.00 · ${warning}` }],
    };
    for (const paper of [58, 80] as const) {
      const lines = printedLines(decodeEscPos(encodeSlip(receipt, { paper, locale: 'en-IE' })));
      const columns = PAPER_COLUMNS[paper];
      expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(columns);
      const at = lines.findIndex((l) => l.startsWith('Gift card'));
      const printed = lines.slice(at).join(' ').replace(/\s+/g, ' ');
      expect(printed).toContain(`€20.00 · ${warning}`);
    }
  });

  it('prints curly quotes as straight ones, not as "?"', () => {
    const doc: SlipDoc = {
      name: 'R',
      title: 'R',
      header: [],
      rows: [{ label: 'Note', value: 'the server’s “answer”' }],
    };
    const lines = printedLines(decodeEscPos(encodeSlip(doc, { paper: 80, locale: 'en-IE' })));
    expect(lines.join('\n')).toContain('the server\'s "answer"');
  });
});

describe('text from a server on an ESC/POS printer', () => {
  it('a control byte in a name is not a printer command: it is dropped, and a line break is a space', () => {
    const doc: SlipDoc = {
      name: 'Balance',
      title: 'Balance',
      header: [],
      rows: [{ label: 'Name', value: 'Ann\u001b@\u001dV\u0000\nLee' }],
    };
    // The decoder refuses any command the encoder did not send, and any stray control byte.
    const events = decodeEscPos(encodeSlip(doc, { paper: 80, locale: 'en-IE' }));
    expect(events.filter((e) => e.type === 'cut')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'init')).toHaveLength(1);
    expect(printedLines(events).find((l) => l.startsWith('Name'))).toMatch(/^Name\s+Ann@V Lee$/);
  });
});
