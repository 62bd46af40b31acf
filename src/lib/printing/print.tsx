import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { create } from 'zustand';
import { useFirstScreenT } from '@/lib/i18n/translate';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { usePrinterStore } from '@/lib/printing/printer-store';
import { savedLocale } from '@/lib/settings/store';
import type { NetworkOutcome } from './network-printer';

/**
 * What the cashier is told about the last slip: an ESC/POS printer that did not take it, or where
 * a network printer's slip is (on its way, printed, or refused and why).
 */
type PrintNotice = { printer: 'escpos' } | { printer: 'network'; outcome: NetworkOutcome };

const usePrintStore = create<{ slip: ReactNode | null; notice: PrintNotice | null }>(() => ({
  slip: null,
  notice: null,
}));

/** A printed slip is said for a moment; a refusal and a low roll stay until the cashier has seen them. */
const PRINTED_SHOWN_MS = 8_000;

const NetworkPrintNotice = lazy(() => import('./network-printer').then((m) => ({ default: m.NetworkPrintNotice })));

/** The slip's bytes to the USB or serial printer chosen in Settings (encoder and driver loaded on first use). */
async function printOnEscPos(doc: SlipDoc): Promise<void> {
  const { kind, paper, device } = usePrinterStore.getState();
  if ((kind !== 'usb' && kind !== 'serial') || !device) throw new Error('no printer');
  const [{ encodeSlip }, { sendToPrinter }] = await Promise.all([import('./escpos'), import('./drivers')]);
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
  const { printOnNetworkPrinter } = await import('./network-printer');
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
    const outcome = await printOnNetwork(doc);
    if (outcome.step === 'failed') return toBrowser({ printer: 'network', outcome });
    const printed: PrintNotice = { printer: 'network', outcome };
    usePrintStore.setState({ notice: printed });
    if (outcome.step === 'printed' && !outcome.paperNearEnd)
      setTimeout(() => usePrintStore.setState((s) => (s.notice === printed ? { notice: null } : s)), PRINTED_SHOWN_MS);
    return 'printer';
  }
  try {
    await printOnEscPos(doc);
  } catch {
    return toBrowser({ printer: 'escpos' });
  }
  usePrintStore.setState({ notice: null });
  return 'printer';
}

const dismiss = () => usePrintStore.setState({ notice: null });

/** Where the slip being printed is rendered; hidden on screen, the only thing on paper. */
export function PrintArea() {
  const t = useFirstScreenT();
  const slip = usePrintStore((s) => s.slip);
  const notice = usePrintStore((s) => s.notice);
  useEffect(() => {
    if (!slip) return undefined;
    const done = () => usePrintStore.setState({ slip: null });
    window.addEventListener('afterprint', done, { once: true });
    const timer = setTimeout(() => window.print(), 0);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('afterprint', done);
    };
  }, [slip]);
  return (
    <>
      {notice?.printer === 'escpos' && (
        <p className="notice notice-error print-notice" role="alert">
          {t('printer.failed')}{' '}
          <button type="button" className="button" onClick={dismiss}>
            {t('printer.dismiss')}
          </button>
        </p>
      )}
      {notice?.printer === 'network' && (
        <Suspense fallback={null}>
          <NetworkPrintNotice outcome={notice.outcome} onDismiss={dismiss} />
        </Suspense>
      )}
      <div className="print-area" aria-hidden={slip ? undefined : true}>
        {slip}
      </div>
    </>
  );
}
