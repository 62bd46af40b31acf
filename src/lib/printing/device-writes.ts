import type { PrinterKind } from './printer-store';

/** The printers written to as ESC/POS bytes through a browser device API (WebUSB, Web Serial). */
export type Kind = Extract<PrinterKind, 'usb' | 'serial'>;

/**
 * How long a printer has to take one slip's bytes (a day's report at 9600 baud takes a few seconds):
 * one that stops taking data (offline, its buffer full) is a failure said, never a wait for ever.
 */
export const WRITE_MS = 30_000;

/**
 * A serial printer is written to here, not through its driver: the driver queues the bytes and
 * forgets a refused write (paper out, cable pulled), so "sent" could be said with nothing printed.
 * This resolves only once the port took every byte, and rejects when it did not.
 */
async function writeSerial(device: ReceiptPrinterDevice, bytes: Uint8Array): Promise<void> {
  const serial = (navigator as Navigator & { serial?: SerialLike }).serial;
  // A port that is not USB (a built-in COM port, Bluetooth serial) has no USB ids, and was saved
  // without them: it is the one only while no other such port is granted (never a guess between two).
  const ports = ((await serial?.getPorts()) ?? []).filter((p) => {
    const info = p.getInfo();
    return (
      (info.usbVendorId ?? null) === (device.vendorId ?? null) &&
      (info.usbProductId ?? null) === (device.productId ?? null)
    );
  });
  const port = ports.length === 1 || device.vendorId !== null ? ports[0] : undefined;
  if (!port) throw new Error('printer_not_found');
  if (!port.writable) await port.open({ baudRate: 9600 });
  if (!port.writable) throw new Error('printer_not_writable');
  const writer = port.writable.getWriter();
  try {
    await withinTime(
      (async () => {
        await writer.write(bytes);
        await writer.ready;
      })(),
    );
  } catch (error) {
    // Its bytes dropped, not left queued: a slip said to have failed must not print later (the
    // cashier may have printed it again). The port gives a new stream to the next slip.
    // Not awaited: an abort waits for the write in flight, which may never end.
    writer.abort(error).catch(() => undefined);
    throw error;
  } finally {
    writer.releaseLock();
  }
}

function withinTime<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('printer_timeout')), WRITE_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
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
  const result = await withinTime(found.transferOut(out.endpointNumber, bytes));
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

/** The slips sent so far, one after the other: a second slip while the first is written would find the port locked. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Sends a slip's bytes to the chosen printer, after any slip still being written: resolves once the
 * printer took them, rejects when it did not (or took longer than WRITE_MS).
 */
export function sendToPrinter(kind: Kind, device: ReceiptPrinterDevice, bytes: Uint8Array): Promise<void> {
  const job = queue.then(() => (kind === 'serial' ? writeSerial(device, bytes) : writeUsb(device, bytes)));
  queue = job.catch(() => undefined);
  return job;
}
