import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Paper } from './slip-layout';

export type PrinterKind = 'browser' | 'network' | 'usb' | 'serial';

/** An Epson ePOS-Print printer on the network: its address (an origin) and how long it has to print a slip. */
export interface NetworkPrinter {
  address: string;
  timeoutSeconds: number;
}

/** The receipt printer this terminal prints to (its browser remembers a USB or serial device's permission). */
export interface PrinterSettings {
  kind: PrinterKind;
  paper: Paper;
  device: ReceiptPrinterDevice | null;
  /** Kept while another kind is chosen, so choosing the network printer again finds it set. */
  network: NetworkPrinter | null;
}

/** A slip takes a second or two; ten seconds covers a long report, and silence after it (plus the answer's margin) is "not answering". */
export const NETWORK_TIMEOUT_SECONDS = 10;

const initial: PrinterSettings = { kind: 'browser', paper: 80, device: null, network: null };

export const usePrinterStore = create<PrinterSettings>()(
  persist(() => initial, {
    name: 'loyalty-terminal.printer',
    version: 2,
    // Version 1 knew no network printer.
    migrate: (persisted, version) => {
      const state = (persisted ?? {}) as Partial<PrinterSettings>;
      return version < 2 ? { ...initial, ...state, network: null } : (state as PrinterSettings);
    },
  }),
);

export const printerActions = {
  /** Another way to print: a USB or serial device is chosen again for it. */
  kindChosen: (kind: PrinterKind) => usePrinterStore.setState({ kind, device: null }),
  paperChosen: (paper: Paper) => usePrinterStore.setState({ paper }),
  devicePicked: (device: ReceiptPrinterDevice) => usePrinterStore.setState({ device }),
  networkPrinterSaved: (network: NetworkPrinter) => usePrinterStore.setState({ network }),
};
