import { useEffect, type ReactNode } from 'react';
import { create } from 'zustand';
import { useFirstScreenT } from '@/lib/i18n/translate';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { usePrinterStore } from '@/lib/printing/printer-store';
import { savedLocale } from '@/lib/settings/store';

const usePrintStore = create<{ slip: ReactNode | null; printerFailed: boolean }>(() => ({
  slip: null,
  printerFailed: false,
}));

/** The slip's bytes to the receipt printer chosen in Settings (encoder and driver loaded on first use). */
async function printOnPrinter(doc: SlipDoc): Promise<void> {
  const { kind, paper, device } = usePrinterStore.getState();
  if (kind === 'browser' || !device) throw new Error('no printer');
  const [{ encodeSlip }, { sendToPrinter }] = await Promise.all([import('./escpos'), import('./drivers')]);
  const bytes = encodeSlip(doc, {
    paper,
    locale: savedLocale(),
    language: device.language,
    codepageMapping: device.codepageMapping,
  });
  await sendToPrinter(kind, device, bytes);
}

/**
 * Prints one slip: to the receipt printer chosen in Settings when the slip comes as a document,
 * else (or when the printer does not answer, or refuses the bytes) through the browser's print
 * dialog. Says where it went: `printer` only once the printer took every byte.
 */
export function printSlip(slip: ReactNode, doc?: SlipDoc): Promise<'printer' | 'dialog'> {
  const toBrowser = (printerFailed: boolean) => {
    usePrintStore.setState({ slip, printerFailed });
    return 'dialog' as const;
  };
  if (!doc || usePrinterStore.getState().kind === 'browser') return Promise.resolve(toBrowser(false));
  return printOnPrinter(doc).then(
    () => {
      usePrintStore.setState({ printerFailed: false });
      return 'printer' as const;
    },
    () => toBrowser(true),
  );
}

/** Where the slip being printed is rendered; hidden on screen, the only thing on paper. */
export function PrintArea() {
  const t = useFirstScreenT();
  const slip = usePrintStore((s) => s.slip);
  const printerFailed = usePrintStore((s) => s.printerFailed);
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
      {printerFailed && (
        <p className="notice notice-error print-notice" role="alert">
          {t('printer.failed')}{' '}
          <button type="button" className="button" onClick={() => usePrintStore.setState({ printerFailed: false })}>
            {t('printer.dismiss')}
          </button>
        </p>
      )}
      <div className="print-area" aria-hidden={slip ? undefined : true}>
        {slip}
      </div>
    </>
  );
}
