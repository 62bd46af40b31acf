// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendToPrinter, WRITE_MS } from './device-writes';

/** A serial port the browser granted: what it was written, each write taking `ms`. */
function serialPort(info: { usbVendorId?: number; usbProductId?: number }, ms = 0) {
  const written: number[][] = [];
  const port = {
    getInfo: () => info,
    open: async () => undefined,
    writable: new WritableStream<Uint8Array>({
      write: (chunk) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            written.push([...chunk]);
            resolve();
          }, ms),
        ),
    }),
  };
  return { port, written };
}

function grant(api: 'serial' | 'usb', value: unknown) {
  Object.defineProperty(navigator, api, { value, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serial');
  Reflect.deleteProperty(navigator, 'usb');
});

describe('a serial receipt printer', () => {
  it('on a port that is not USB (a built-in COM port, Bluetooth serial): its slips are written to it', async () => {
    const { port, written } = serialPort({});
    grant('serial', { getPorts: async () => [port] });
    await sendToPrinter('serial', { type: 'serial', vendorId: null, productId: null }, new Uint8Array([1, 2, 3]));
    expect(written).toEqual([[1, 2, 3]]);
  });

  it('two slips sent at once (a tender slip, then the receipt): both printed, in order, not one refused as busy', async () => {
    const { port, written } = serialPort({ usbVendorId: 0x04b8, usbProductId: 0x0202 }, 20);
    grant('serial', { getPorts: async () => [port] });
    const device = { type: 'serial', vendorId: 0x04b8, productId: 0x0202 };
    await Promise.all([
      sendToPrinter('serial', device, new Uint8Array([1])),
      sendToPrinter('serial', device, new Uint8Array([2])),
    ]);
    expect(written).toEqual([[1], [2]]);
  });
});

describe('a serial receipt printer that stops taking data', () => {
  it('a slip that timed out is dropped, not printed later; the slip after it is not queued behind it', async () => {
    vi.useFakeTimers();
    const written: number[][] = [];
    let unstick: () => void = () => undefined;
    const unstuck = new Promise<void>((resolve) => (unstick = resolve));
    const port = {
      getInfo: () => ({}),
      open: async () => undefined,
      writable: new WritableStream<Uint8Array>({
        write: async (chunk) => {
          await unstuck;
          written.push([...chunk]);
        },
      }),
    };
    grant('serial', { getPorts: async () => [port] });
    const device = { type: 'serial', vendorId: null, productId: null };
    const first = sendToPrinter('serial', device, new Uint8Array([1]));
    const failed = expect(first).rejects.toThrow('printer_timeout');
    await vi.advanceTimersByTimeAsync(WRITE_MS);
    await failed;
    const second = sendToPrinter('serial', device, new Uint8Array([2]));
    const secondFailed = expect(second).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(WRITE_MS);
    await secondFailed;
    unstick(); // the printer takes data again
    await vi.advanceTimersByTimeAsync(10);
    expect(written.flat()).not.toContain(2);
  });

  it('with two ports granted that are not USB, the slip goes to neither: never a guess', async () => {
    const com = serialPort({});
    const bluetooth = serialPort({});
    grant('serial', { getPorts: async () => [com.port, bluetooth.port] });
    await expect(
      sendToPrinter('serial', { type: 'serial', vendorId: null, productId: null }, new Uint8Array([1])),
    ).rejects.toThrow('printer_not_found');
    expect([...com.written, ...bluetooth.written]).toEqual([]);
  });
});

describe('a USB receipt printer that stops taking data (offline, its buffer full)', () => {
  it('is a failure said within the time limit, not a wait for ever; the next slip is tried again', async () => {
    vi.useFakeTimers();
    let stalled = true;
    const device = {
      vendorId: 1208,
      productId: 3605,
      opened: true,
      configuration: {
        configurationValue: 1,
        interfaces: [
          { interfaceNumber: 0, claimed: true, alternate: { endpoints: [{ direction: 'out', endpointNumber: 1 }] } },
        ],
      },
      open: async () => undefined,
      selectConfiguration: async () => undefined,
      claimInterface: async () => undefined,
      transferOut: (_endpoint: number, data: Uint8Array) =>
        stalled ? new Promise(() => undefined) : Promise.resolve({ status: 'ok', bytesWritten: data.length }),
    };
    grant('usb', { getDevices: async () => [device] });
    const saved = { type: 'usb', vendorId: 1208, productId: 3605 };
    const first = sendToPrinter('usb', saved, new Uint8Array([1, 2]));
    const failed = expect(first).rejects.toThrow('printer_timeout');
    await vi.advanceTimersByTimeAsync(WRITE_MS);
    await failed;
    stalled = false;
    await expect(sendToPrinter('usb', saved, new Uint8Array([3]))).resolves.toBeUndefined();
  });
});
