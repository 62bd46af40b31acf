/**
 * Reads an ESC/POS byte stream back into what the printer will do: the lines of text it prints
 * (in code page 858), the barcodes it draws, the cuts, the code page it selects. For tests: it
 * knows the commands the encoder emits and refuses any other, so a stray byte is a failure.
 */
export type PrinterEvent =
  | { type: 'init' }
  | { type: 'codepage'; table: number }
  | { type: 'line'; text: string }
  | { type: 'barcode'; symbology: 'code128'; data: string }
  | { type: 'cut'; partial: boolean };

// Code page 858's upper half, 0x80..0xFF (cp850 with € at 0xD5).
const CP858_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

const char = (b: number) => (b < 0x80 ? String.fromCharCode(b) : (CP858_HIGH[b - 0x80] ?? '?'));

export function decodeEscPos(bytes: Uint8Array): PrinterEvent[] {
  const events: PrinterEvent[] = [];
  let text = '';
  let i = 0;
  const take = (n: number) => {
    if (i + n > bytes.length) throw new Error(`truncated command at byte ${i}`);
    const out = bytes.slice(i, i + n);
    i += n;
    return out;
  };
  while (i < bytes.length) {
    const b = bytes[i++]!;
    if (b === 0x0a) {
      events.push({ type: 'line', text: text.trimEnd() });
      text = '';
    } else if (b === 0x0d) {
      // carriage return after each line feed
    } else if (b === 0x1b) {
      const c = take(1)[0]!;
      if (c === 0x40) events.push({ type: 'init' });
      else if (c === 0x74) events.push({ type: 'codepage', table: take(1)[0]! });
      else if (c === 0x4d || c === 0x45 || c === 0x61 || c === 0x2d || c === 0x34 || c === 0x21)
        take(1); // font, bold, align, underline, italic, mode
      else throw new Error(`unknown command ESC 0x${c.toString(16)} at byte ${i - 2}`);
    } else if (b === 0x1c) {
      const c = take(1)[0]!;
      if (c !== 0x2e) throw new Error(`unknown command FS 0x${c.toString(16)}`); // FS . : leave Kanji mode
    } else if (b === 0x1d) {
      const c = take(1)[0]!;
      if (c === 0x21 || c === 0x68 || c === 0x77 || c === 0x48 || c === 0x66)
        take(1); // size, barcode height, width, text position, font
      else if (c === 0x6b) {
        const m = take(1)[0]!;
        if (m !== 73) throw new Error(`barcode system ${m} is not Code 128`);
        const data = String.fromCharCode(...take(take(1)[0]!));
        // Code 128 data starts with the code set: {A, {B or {C.
        events.push({ type: 'barcode', symbology: 'code128', data: data.replace(/^\{[ABC]/, '') });
      } else if (c === 0x56) {
        const m = take(1)[0]!;
        if (m === 65 || m === 66) take(1);
        events.push({ type: 'cut', partial: m === 1 || m === 49 || m === 66 });
      } else throw new Error(`unknown command GS 0x${c.toString(16)} at byte ${i - 2}`);
    } else if (b >= 0x20) {
      text += char(b);
    } else {
      throw new Error(`unexpected control byte 0x${b.toString(16)} at ${i - 1}`);
    }
  }
  if (text.trim()) events.push({ type: 'line', text: text.trimEnd() });
  return events;
}

/** The printed lines only, leading spaces (centring) removed. */
export const printedLines = (events: PrinterEvent[]) =>
  events.filter((e) => e.type === 'line').map((e) => (e as { text: string }).text.trim());
