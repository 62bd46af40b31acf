import { useT, type MessageKey } from '@/lib/i18n';
import { eposXml, sendToEposPrinter, type EposFailure } from './epos';
import type { NetworkPrinter } from './printer-store';
import type { SlipDoc } from './slip-doc';
import type { Paper } from './slip-layout';

/**
 * A slip on an Epson ePOS-Print printer on the shop's network, and what the cashier is told about
 * it. Loaded on the first print to such a printer (print.tsx).
 */
export type NetworkOutcome =
  | { step: 'sending' }
  | { step: 'printed'; /** The roll is nearly empty: a quiet word, the slip printed. */ paperNearEnd: boolean }
  | {
      step: 'failed';
      /** `notSet`: the network printer was chosen but no address saved. */
      reason: EposFailure | 'notSet';
      code?: string | undefined;
    };

/** One slip at a time: a printer busy with the last one would refuse the next (EX_DEVICE_BUSY). */
let queue: Promise<unknown> = Promise.resolve();

/** Sends the slip and says what came of it: `printed` only when the printer answered success. */
export function printOnNetworkPrinter(doc: SlipDoc, printer: NetworkPrinter, paper: Paper): Promise<NetworkOutcome> {
  const job = queue.then(async (): Promise<NetworkOutcome> => {
    const result = await sendToEposPrinter(printer.address, eposXml(doc, { paper }), {
      timeoutMs: printer.timeoutSeconds * 1000,
    });
    return result.ok
      ? { step: 'printed', paperNearEnd: result.paperNearEnd }
      : { step: 'failed', reason: result.reason, code: result.code };
  });
  queue = job.catch(() => undefined);
  // It rejects only for an address Settings would not have saved: not printed all the same.
  return job.catch((): NetworkOutcome => ({ step: 'failed', reason: 'notSet' }));
}

/** Each failure in the words a cashier acts on. */
const FAILURE_TEXT: Record<EposFailure | 'notSet', MessageKey> = {
  coverOpen: 'printer.network.coverOpen',
  paperOut: 'printer.network.paperOut',
  offline: 'printer.network.offline',
  busy: 'printer.network.busy',
  timeout: 'printer.network.timeout',
  deviceNotFound: 'printer.network.deviceNotFound',
  fault: 'printer.network.fault',
  other: 'printer.network.other',
  notSet: 'printer.network.notSet',
};

/** On its way, printed (and whether the roll runs low), or refused in words with the print dialog as the way out. */
export function NetworkPrintNotice({ outcome, onDismiss }: { outcome: NetworkOutcome; onDismiss: () => void }) {
  const t = useT();
  if (outcome.step === 'failed')
    return (
      <p className="notice notice-error print-notice" role="alert">
        <span>
          <span aria-hidden="true">✕ </span>
          {t(FAILURE_TEXT[outcome.reason])} {t('printer.network.toDialog')}
          {outcome.code && ` (${outcome.code})`}
        </span>{' '}
        <button type="button" className="button" onClick={onDismiss}>
          {t('printer.dismiss')}
        </button>
      </p>
    );
  return (
    <div role="status">
      {outcome.step === 'sending' && <p className="progress">{t('printer.network.sending')}</p>}
      {outcome.step === 'printed' && !outcome.paperNearEnd && (
        <p className="notice notice-ok">
          <span aria-hidden="true">✓ </span>
          {t('printer.network.printed')}
        </p>
      )}
      {outcome.step === 'printed' && outcome.paperNearEnd && (
        <p className="notice notice-warn print-notice">
          <span>
            <span aria-hidden="true">▲ </span>
            {t('printer.network.paperLow')}
          </span>{' '}
          <button type="button" className="button" onClick={onDismiss}>
            {t('printer.dismiss')}
          </button>
        </p>
      )}
    </div>
  );
}
