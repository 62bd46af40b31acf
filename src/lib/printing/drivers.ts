import WebSerialReceiptPrinter from '@point-of-sale/webserial-receipt-printer';
import WebUSBReceiptPrinter from '@point-of-sale/webusb-receipt-printer';
import type { Kind } from './device-writes';

// Choosing a printer goes through its driver; each slip is written to it by ./device-writes.ts.

/** How long a chosen printer has to say it is connected. */
const CONNECT_MS = 8_000;

const newDriver = (kind: Kind): ReceiptPrinterDriver =>
  kind === 'usb' ? new WebUSBReceiptPrinter() : new WebSerialReceiptPrinter({ baudRate: 9600 });

/** Runs the driver's connect or reconnect and waits for its "connected" (the drivers report failures only by not connecting). */
function connected(kind: Kind, start: (driver: ReceiptPrinterDriver) => Promise<void>): Promise<ReceiptPrinterDevice> {
  const driver = newDriver(kind);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('printer_not_connected')), CONNECT_MS);
    driver.addEventListener('connected', (device: ReceiptPrinterDevice) => {
      clearTimeout(timer);
      resolve(device);
    });
    start(driver).catch((error: unknown) => {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

/** Asks the browser for a printer (its device chooser: needs the cashier's tap). */
export function choosePrinter(kind: Kind): Promise<ReceiptPrinterDevice> {
  return connected(kind, (driver) => driver.connect());
}
