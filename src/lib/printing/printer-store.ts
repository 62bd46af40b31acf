import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type PrinterKind = 'browser' | 'usb' | 'serial';

/** The receipt printer this terminal prints to (its browser remembers the device's permission). */
export interface PrinterSettings {
  kind: PrinterKind;
  paper: 80 | 58;
  device: ReceiptPrinterDevice | null;
}

export const usePrinterStore = create<PrinterSettings>()(
  persist((): PrinterSettings => ({ kind: 'browser', paper: 80, device: null }), {
    name: 'loyalty-terminal.printer',
    version: 1,
  }),
);
