import { FormNotice, type Notice } from '@/components/FormNotice';
import { useState } from 'react';
import { browserFeatures, printRoutes } from '@/lib/browser-features';
import { SlipView } from '@/lib/printing/SlipView';
import { useT } from '@/lib/i18n';
import { printSlip } from '@/lib/printing/print-slip';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { printerActions, usePrinterStore, type PrinterKind } from '@/lib/printing/printer-store';
import { useLocale } from '@/lib/settings/store';
import { NetworkPrinterForm } from './NetworkPrinterForm';

const deviceName = (d: ReceiptPrinterDevice) =>
  `${d.type.toUpperCase()} ${(d.vendorId ?? 0).toString(16).padStart(4, '0')}:${(d.productId ?? 0).toString(16).padStart(4, '0')}`;

/**
 * Where slips print: the browser's dialog (the fallback, always there), an Epson ePOS-Print printer
 * on the network (any browser), or an ESC/POS printer on USB or serial (only offered where the
 * browser has WebUSB or Web Serial). Says which of them this browser can reach.
 */
export function PrinterForm() {
  const t = useT();
  const locale = useLocale();
  const kind = usePrinterStore((s) => s.kind);
  const paper = usePrinterStore((s) => s.paper);
  const device = usePrinterStore((s) => s.device);
  const network = usePrinterStore((s) => s.network);
  const [notice, setNotice] = useState<Notice>(null);
  const routes = printRoutes(browserFeatures());
  // A kind chosen in this browser before stays listed, so the choice on screen is the one in force.
  const offered: PrinterKind[] = routes.includes(kind) ? routes : [...routes, kind];
  const ways = new Intl.ListFormat(locale, { type: 'conjunction' }).format(routes.map((r) => t(`printer.way.${r}`)));
  const escPos = kind === 'usb' || kind === 'serial';

  const choose = async () => {
    if (!escPos) return;
    setNotice(null);
    try {
      const { choosePrinter } = await import('@/lib/printing/drivers');
      printerActions.devicePicked(await choosePrinter(kind));
    } catch {
      setNotice({ ok: false, text: t('printer.connectFailed') });
    }
  };
  const testDoc = (): SlipDoc => ({
    name: t('printer.testTitle'),
    title: t('printer.testTitle'),
    header: [new Date().toLocaleString(locale)],
    barcode: { value: '700100000001', label: t('issue.barcode', { number: '700100000001' }) },
    rows: [
      { label: t('printer.testPaper'), value: t(`printer.paper.${paper}`) },
      { label: t('printer.testLanguage'), value: 'Ää Öö Üü ß € £' },
      { label: t('printer.testRuler'), value: '1234567890' },
    ],
  });
  const test = async () => {
    const doc = testDoc();
    setNotice(null);
    // "Sent" only once the printer took the slip; a failure is said by the print area, with the dialog.
    if ((await printSlip(<SlipView doc={doc} />, doc)) === 'printer')
      setNotice({ ok: true, text: t('printer.testSent') });
  };
  const ready = kind === 'browser' || (kind === 'network' ? network !== null : device !== null);

  return (
    <div className="settings-form">
      <fieldset>
        <legend>{t('printer.title')}</legend>
        <p className="hint">{t('printer.reach', { ways })}</p>
        <div className="field">
          <label htmlFor="printer-kind" className="field-label">
            {t('printer.kind')}
          </label>
          <select
            id="printer-kind"
            className="input"
            value={kind}
            onChange={(e) => printerActions.kindChosen(e.target.value as PrinterKind)}
          >
            {offered.map((k) => (
              <option key={k} value={k}>
                {t(`printer.kind.${k}`)}
              </option>
            ))}
          </select>
          {!routes.includes('usb') && !routes.includes('serial') && <p className="hint">{t('printer.unsupported')}</p>}
        </div>
        {kind !== 'browser' && (
          <div className="field">
            <label htmlFor="printer-paper" className="field-label">
              {t('printer.paper')}
            </label>
            <select
              id="printer-paper"
              className="input"
              value={paper}
              onChange={(e) => printerActions.paperChosen(Number(e.target.value) === 58 ? 58 : 80)}
            >
              <option value={80}>{t('printer.paper.80')}</option>
              <option value={58}>{t('printer.paper.58')}</option>
            </select>
          </div>
        )}
        {kind === 'network' && <NetworkPrinterForm />}
        {escPos && (
          <>
            <p>{device ? t('printer.connected', { device: deviceName(device) }) : t('printer.none')}</p>
            <button type="button" className="button button-large" onClick={() => void choose()}>
              {t('printer.connect')}
            </button>{' '}
          </>
        )}
        <button type="button" className="button button-large" disabled={!ready} onClick={() => void test()}>
          {t('printer.test')}
        </button>
        <FormNotice notice={notice} />
      </fieldset>
    </div>
  );
}
