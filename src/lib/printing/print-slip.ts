import type { ReactNode } from 'react';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { usePrinterStore } from '@/lib/printing/printer-store';
import { savedLocale } from '@/lib/settings/store';
import type { NetworkOutcome } from './network-printer';
import { usePrintStore, type PrintNotice } from './print';

/*
 * Printing a slip, for the screens that print (all loaded after the first screen): where the slip
 * goes, and what the cashier is told. The slip is drawn, and the notice said, by `PrintArea` (print.tsx).
 */

/** The printer's code (a chunk loaded on first use) did not arrive: no printer was asked anything. */
class PrinterCodeMissing extends Error {}

const loadPrinterCode = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch((cause: unknown) => {
    throw new PrinterCodeMissing('printer code not loaded', { cause });
  });

/** A printed slip is said for a moment; a refusal and a low roll stay until the cashier has seen them. */
const PRINTED_SHOWN_MS = 8_000;

/** The slip's bytes to the USB or serial printer chosen in Settings (encoder and driver loaded on first use). */
async function printOnEscPos(doc: SlipDoc): Promise<void> {
  const { kind, paper, device } = usePrinterStore.getState();
  if ((kind !== 'usb' && kind !== 'serial') || !device) throw new Error('no printer');
  const [{ encodeSlip }, { sendToPrinter }] = await loadPrinterCode(() =>
    Promise.all([import('./escpos'), import('./device-writes')]),
  );
  const bytes = encodeSlip(doc, {
    paper,
    locale: savedLocale(),
    language: device.language,
    codepageMapping: device.codepageMapping,
  });
  await sendToPrinter(kind, device, bytes);
}

/** The slip as ePOS-Print XML to the network printer chosen in Settings: printed only when the printer says so. */
async function printOnNetwork(doc: SlipDoc): Promise<NetworkOutcome> {
  const { paper, network } = usePrinterStore.getState();
  if (!network) return { step: 'failed', reason: 'notSet' };
  const { printOnNetworkPrinter } = await loadPrinterCode(() => import('./network-printer'));
  const sending: PrintNotice = { printer: 'network', outcome: { step: 'sending' } };
  usePrintStore.setState({ notice: sending });
  return printOnNetworkPrinter(doc, network, paper);
}

/**
 * Prints one slip: to the receipt printer chosen in Settings when the slip comes as a document,
 * else (or when the printer does not answer, or refuses it) through the browser's print dialog.
 * Says where it went: `printer` only once the printer took every byte (USB, serial) or answered
 * that it printed the slip (network).
 */
export async function printSlip(slip: ReactNode, doc?: SlipDoc): Promise<'printer' | 'dialog'> {
  const toBrowser = (notice: PrintNotice | null) => {
    usePrintStore.setState({ slip, notice });
    return 'dialog' as const;
  };
  const { kind } = usePrinterStore.getState();
  if (!doc || kind === 'browser') return toBrowser(null);
  if (kind === 'network') {
    // Its notice is drawn by the same chunk: without it, said here (every caller drops the promise).
    const outcome = await printOnNetwork(doc).catch((error: unknown) => {
      if (error instanceof PrinterCodeMissing) return null;
      throw error;
    });
    if (!outcome) return toBrowser({ printer: 'notLoaded' });
    if (outcome.step === 'failed') return toBrowser({ printer: 'network', outcome });
    const printed: PrintNotice = { printer: 'network', outcome };
    usePrintStore.setState({ notice: printed });
    if (outcome.step === 'printed' && !outcome.paperNearEnd)
      setTimeout(() => usePrintStore.setState((s) => (s.notice === printed ? { notice: null } : s)), PRINTED_SHOWN_MS);
    return 'printer';
  }
  try {
    await printOnEscPos(doc);
  } catch (error) {
    return toBrowser(error instanceof PrinterCodeMissing ? { printer: 'notLoaded' } : { printer: 'escpos' });
  }
  usePrintStore.setState({ notice: null });
  return 'printer';
}
