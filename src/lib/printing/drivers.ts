import WebSerialReceiptPrinter from '@point-of-sale/webserial-receipt-printer';
import WebUSBReceiptPrinter from '@point-of-sale/webusb-receipt-printer';
import type { PrinterKind } from './printer-store';

/** The printers written to as ESC/POS bytes through a browser device API. */
export type Kind = Extract<PrinterKind, 'usb' | 'serial'>;

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

/**
 * A USB printer is written to here too: its driver logs a failed transfer and returns, and a
 * transfer the printer stalls (paper out) is not even an error to it. This resolves only once the
 * printer took every byte.
 */
async function writeUsb(device: ReceiptPrinterDevice, bytes: Uint8Array): Promise<void> {
  const usb = (navigator as Navigator & { usb?: UsbLike }).usb;
  const devices = (await usb?.getDevices()) ?? [];
  const sameModel = (d: UsbDeviceLike) => d.vendorId === device.vendorId && d.productId === device.productId;
  const found =
    devices.find((d) => sameModel(d) && (!device.serialNumber || d.serialNumber === device.serialNumber)) ??
    devices.find(sameModel);
  if (!found) throw new Error('printer_not_found');
  // Every printer profile of the driver speaks on configuration 1, interface 0.
  if (!found.opened) await found.open();
  if (found.configuration?.configurationValue !== 1) await found.selectConfiguration(1);
  const iface = found.configuration?.interfaces.find((i) => i.interfaceNumber === 0);
  if (!iface) throw new Error('printer_not_writable');
  if (!iface.claimed) await found.claimInterface(0);
  const out = iface.alternate.endpoints.find((e) => e.direction === 'out');
  if (!out) throw new Error('printer_not_writable');
  const result = await found.transferOut(out.endpointNumber, bytes);
  if (result.status !== 'ok' || result.bytesWritten !== bytes.length) throw new Error('printer_write_failed');
}

interface UsbDeviceLike {
  vendorId: number;
  productId: number;
  serialNumber?: string | null;
  opened: boolean;
  configuration: {
    configurationValue: number;
    interfaces: {
      interfaceNumber: number;
      claimed: boolean;
      alternate: { endpoints: { direction: 'in' | 'out'; endpointNumber: number }[] };
    }[];
  } | null;
  open(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(value: number): Promise<void>;
  transferOut(endpoint: number, data: Uint8Array): Promise<{ status: string; bytesWritten: number }>;
}
interface UsbLike {
  getDevices(): Promise<UsbDeviceLike[]>;
}

/** Sends a slip's bytes to the chosen printer: resolves once the printer took them, rejects when it did not. */
export function sendToPrinter(kind: Kind, device: ReceiptPrinterDevice, bytes: Uint8Array): Promise<void> {
  return kind === 'serial' ? writeSerial(device, bytes) : writeUsb(device, bytes);
}
