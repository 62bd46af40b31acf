import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What a printed card or slip carries: Code 128, EAN/UPC, QR and PDF417. */
const FORMATS = ['code_128', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'qr_code', 'pdf417'] as const;

export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string; format: string }[]>;
}

type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's own Barcode Detection API where it reads these formats; else the barcode-detector
 * ponyfill (ZXing in WebAssembly), its wasm served by this terminal, never fetched from a CDN.
 * This module is loaded only when the camera is opened.
 */
export async function createDetector(): Promise<Detector> {
  const native = (window as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    const formats = FORMATS.filter((f) => supported.includes(f));
    if (formats.includes('code_128')) return new native({ formats });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...FORMATS] });
}
