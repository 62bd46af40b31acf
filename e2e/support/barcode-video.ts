import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
// JsBarcode's Code 128 encoder (the one the issue slip draws with): bars as "1" and spaces as "0".
import { createRequire } from 'node:module';
import type { CODE128 as Code128Type } from 'jsbarcode/bin/barcodes/CODE128';

const { CODE128 } = createRequire(import.meta.url)('jsbarcode/bin/barcodes/CODE128') as { CODE128: typeof Code128Type };

/**
 * A short Y4M video (what Chromium's fake camera plays) of a slip with the number's Code 128 barcode:
 * white paper, black bars, slightly off-centre and with a grey border like a photo of a slip.
 */
export function barcodeVideo(
  path: string,
  number: string,
  { width = 640, height = 480, module = 3, frames = 10 } = {},
): string {
  const bars = new CODE128(number, {}).encode().data;
  const y = new Uint8Array(width * height).fill(150); // the counter the slip lies on
  const paper = { left: 40, top: 60, right: width - 60, bottom: height - 80 };
  for (let row = paper.top; row < paper.bottom; row += 1)
    y.fill(235, row * width + paper.left, row * width + paper.right);
  const left = Math.floor((width - bars.length * module) / 2) + 10;
  for (let row = 150; row < 330; row += 1) {
    for (let i = 0; i < bars.length; i += 1) {
      if (bars[i] === '1') y.fill(16, row * width + left + i * module, row * width + left + (i + 1) * module);
    }
  }
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return path;
}
