import { expect, type Page } from '@playwright/test';
import { decodeEscPos } from '../../src/test-support/escpos-decoder';
import { goTo } from '@loyalty-terminal/playwright/steps';

/**
 * A receipt printer on a serial port, as WebSerial gives it to the page: every byte the terminal
 * writes is kept for the test to decode. (The machines have no printer; the browser API is the boundary.)
 */
export async function serialPrinter(page: Page, present = true) {
  await page.addInitScript((present) => {
    const printed: number[] = [];
    (window as unknown as { __printed: number[] }).__printed = printed;
    const port = {
      getInfo: () => ({ usbVendorId: 0x04b8, usbProductId: 0x0202 }),
      open: async () => undefined,
      close: async () => undefined,
      readable: null,
      writable: new WritableStream<Uint8Array>({
        write: (chunk) => {
          // Paper out, or the cable pulled after the printer was chosen: the port refuses the write.
          if ((window as unknown as { __refuse?: boolean }).__refuse)
            throw new DOMException('Write failed', 'NetworkError');
          printed.push(...chunk);
        },
      }),
    };
    const serial = {
      requestPort: async () => port,
      getPorts: async () => (present ? [port] : []),
      addEventListener: () => undefined,
    };
    Object.defineProperty(navigator, 'serial', { configurable: true, value: serial });
  }, present);
}

/**
 * A receipt printer on USB, as WebUSB gives it to the page (an Epson, which the driver speaks ESC/POS
 * to on configuration 1, interface 0). `window.__usbFault` makes the next transfers fail: 'stall'
 * is paper out (the transfer answers, with a stall), 'gone' a pulled cable (the transfer rejects).
 */
export async function usbPrinter(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __printed: number[]; __usbFault?: 'stall' | 'gone' };
    const printed: number[] = [];
    w.__printed = printed;
    const iface = {
      interfaceNumber: 0,
      claimed: false,
      alternate: {
        endpoints: [
          { direction: 'out', endpointNumber: 1 },
          { direction: 'in', endpointNumber: 2 },
        ],
      },
    };
    const device = {
      vendorId: 0x04b8,
      productId: 0x0202,
      serialNumber: 'TM20-0001',
      manufacturerName: 'EPSON',
      productName: 'TM-T20',
      opened: false,
      configuration: null as null | { configurationValue: number; interfaces: (typeof iface)[] },
      open: async () => void (device.opened = true),
      close: async () => void (device.opened = false),
      reset: async () => undefined,
      selectConfiguration: async (value: number) =>
        void (device.configuration = { configurationValue: value, interfaces: [iface] }),
      claimInterface: async () => void (iface.claimed = true),
      transferIn: () => new Promise(() => undefined),
      transferOut: async (_endpoint: number, data: Uint8Array) => {
        if (w.__usbFault === 'gone') throw new DOMException('A transfer error has occurred.', 'NetworkError');
        if (w.__usbFault === 'stall') return { status: 'stall', bytesWritten: 0 };
        printed.push(...data);
        return { status: 'ok', bytesWritten: data.length };
      },
    };
    const usb = {
      requestDevice: async () => device,
      getDevices: async () => [device],
      addEventListener: () => undefined,
    };
    Object.defineProperty(navigator, 'usb', { configurable: true, value: usb });
  });
}

export const printed = async (page: Page) => {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __printed: number[] }).__printed.length))
    .toBeGreaterThan(0);
  const bytes = await page.evaluate(() => (window as unknown as { __printed: number[] }).__printed.splice(0));
  return decodeEscPos(Uint8Array.from(bytes));
};

export async function chooseSerialPrinter(page: Page, paper: '80 mm (48 characters)' | '58 mm (32 characters)') {
  await goTo(page, 'Settings');
  await page.getByLabel('Print slips with').selectOption({ label: 'A serial or Bluetooth receipt printer (ESC/POS)' });
  await page.getByLabel('Paper width').selectOption({ label: paper });
  await page.getByRole('button', { name: 'Choose the printer' }).click();
  await expect(page.getByText('Printer chosen: SERIAL 04b8:0202')).toBeVisible();
}
