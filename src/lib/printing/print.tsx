import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { create } from 'zustand';
import { useFirstScreenT } from '@/lib/i18n/translate';
import type { NetworkOutcome } from './network-printer';

/**
 * What the cashier is told about the last slip: an ESC/POS printer that did not take it, where a
 * network printer's slip is (on its way, printed, or refused and why), or the printer's code that
 * could not be loaded (`notLoaded`: its chunk gone after an update, or the network down).
 */
export type PrintNotice =
  { printer: 'escpos' } | { printer: 'network'; outcome: NetworkOutcome } | { printer: 'notLoaded' };

/**
 * The slip being printed and what the cashier is told of the last one. `printSlip` (print-slip.ts,
 * which the screens that print import) sets it; the area below, in the first download, draws it.
 */
export const usePrintStore = create<{ slip: ReactNode | null; notice: PrintNotice | null }>(() => ({
  slip: null,
  notice: null,
}));

const NetworkPrintNotice = lazy(() => import('./network-printer').then((m) => ({ default: m.NetworkPrintNotice })));

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
      {(notice?.printer === 'escpos' || notice?.printer === 'notLoaded') && (
        <p className="notice notice-error print-notice" role="alert">
          {t(notice.printer === 'escpos' ? 'printer.failed' : 'printer.notLoaded')}{' '}
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
