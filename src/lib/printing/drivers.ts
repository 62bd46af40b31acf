import WebSerialReceiptPrinter from '@point-of-sale/webserial-receipt-printer';
import WebUSBReceiptPrinter from '@point-of-sale/webusb-receipt-printer';
import type { PrinterKind } from './printer-store';

type Kind = Exclude<PrinterKind, 'browser'>;

/** Whether this browser can reach a printer that way (WebUSB, WebSerial: Chromium on desktop and Android). */
const CONNECT_MS = 8_000;
let active: { kind: Kind; driver: ReceiptPrinterDriver; device: ReceiptPrinterDevice } | null = null;

const newDriver = (kind: Kind): ReceiptPrinterDriver =>
  kind === 'usb' ? new WebUSBReceiptPrinter() : new WebSerialReceiptPrinter({ baudRate: 9600 });

/** Runs the driver's connect or reconnect and waits for its "connected" (the drivers report failures only by not connecting). */
function connected(kind: Kind, start: (driver: ReceiptPrinterDriver) => Promise<void>): Promise<ReceiptPrinterDevice> {
  const driver = newDriver(kind);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('printer_not_connected')), CONNECT_MS);
    driver.addEventListener('connected', (device: ReceiptPrinterDevice) => {
      clearTimeout(timer);
      active = { kind, driver, device };
      resolve(device);
    });
    driver.addEventListener('disconnected', () => {
      if (active?.driver === driver) active = null;
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

/**
 * A serial printer is written to here, not through its driver: the driver queues the bytes and
 * forgets a refused write (paper out, cable pulled), so "sent" could be said with nothing printed.
 * This resolves only once the port took every byte, and rejects when it did not.
 */
async function writeSerial(device: ReceiptPrinterDevice, bytes: Uint8Array): Promise<void> {
  const serial = (navigator as Navigator & { serial?: SerialLike }).serial;
  const port = (await serial?.getPorts())?.find((p) => {
    const info = p.getInfo();
    return info.usbVendorId === device.vendorId && info.usbProductId === device.productId;
  });
  if (!port) throw new Error('printer_not_found');
  if (!port.writable) await port.open({ baudRate: 9600 });
  if (!port.writable) throw new Error('printer_not_writable');
  const writer = port.writable.getWriter();
  try {
    await writer.write(bytes);
    await writer.ready;
  } finally {
    writer.releaseLock();
  }
}

interface SerialPortLike {
  getInfo(): { usbVendorId?: number | null; usbProductId?: number | null };
  open(options: { baudRate: number }): Promise<void>;
  writable: WritableStream<Uint8Array> | null;
}
interface SerialLike {
  getPorts(): Promise<SerialPortLike[]>;
}

/** Sends a slip's bytes to the chosen printer, reconnecting to it (no chooser) when needed. */
export async function sendToPrinter(kind: Kind, device: ReceiptPrinterDevice, bytes: Uint8Array): Promise<void> {
  if (kind === 'serial') return writeSerial(device, bytes);
  const same =
    active &&
    active.kind === kind &&
    active.device.vendorId === device.vendorId &&
    active.device.productId === device.productId;
  const target =
    same && active ? active.driver : (await connected(kind, (driver) => driver.reconnect(device)), active!.driver);
  await target.print(bytes);
}
