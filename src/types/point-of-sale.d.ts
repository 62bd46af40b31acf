/** The printer drivers ship no types; this is the part the terminal uses. */
interface ReceiptPrinterDevice {
  type: string;
  vendorId: number | null;
  productId: number | null;
  serialNumber?: string | null;
  language?: 'esc-pos' | 'star-prnt' | 'star-line' | null;
  codepageMapping?: string | null;
}

interface ReceiptPrinterDriver {
  connect(): Promise<void>;
  reconnect(device: ReceiptPrinterDevice): Promise<void>;
  disconnect(): Promise<void>;
  print(data: Uint8Array): Promise<void>;
  addEventListener(event: 'connected', listener: (device: ReceiptPrinterDevice) => void): void;
  addEventListener(event: 'disconnected', listener: () => void): void;
}

declare module '@point-of-sale/webusb-receipt-printer' {
  export default class WebUSBReceiptPrinter implements ReceiptPrinterDriver {
    connect(): Promise<void>;
    reconnect(device: ReceiptPrinterDevice): Promise<void>;
    disconnect(): Promise<void>;
    print(data: Uint8Array): Promise<void>;
    addEventListener(event: string, listener: (device: ReceiptPrinterDevice) => void): void;
  }
}

declare module '@point-of-sale/webserial-receipt-printer' {
  export default class WebSerialReceiptPrinter implements ReceiptPrinterDriver {
    constructor(options?: { baudRate?: number });
    connect(): Promise<void>;
    reconnect(device: ReceiptPrinterDevice): Promise<void>;
    disconnect(): Promise<void>;
    print(data: Uint8Array): Promise<void>;
    addEventListener(event: string, listener: (device: ReceiptPrinterDevice) => void): void;
  }
}
