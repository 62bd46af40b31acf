import { FormNotice, type Notice } from '@/components/FormNotice';
import { useState } from 'react';
import { SlipView } from '@/lib/printing/SlipView';
import { useT } from '@/lib/i18n';
import { printSlip } from '@/lib/printing/print';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { usePrinterStore, type PrinterKind } from '@/lib/printing/printer-store';
import { useLocale } from '@/lib/settings/store';

const kinds: PrinterKind[] = ['browser', 'usb', 'serial'];
const supported = (kind: PrinterKind) =>
  kind === 'browser' ||
  (typeof navigator !== 'undefined' && (kind === 'usb' ? 'usb' in navigator : 'serial' in navigator));
const deviceName = (d: ReceiptPrinterDevice) =>
  `${d.type.toUpperCase()} ${(d.vendorId ?? 0).toString(16).padStart(4, '0')}:${(d.productId ?? 0).toString(16).padStart(4, '0')}`;

/** Where slips print: the browser's dialog (the fallback, always there) or an ESC/POS printer on USB or serial. */
export function PrinterForm() {
  const t = useT();
  const locale = useLocale();
  const { kind, paper, device } = usePrinterStore();
  const [notice, setNotice] = useState<Notice>(null);

  const choose = async () => {
    if (kind === 'browser') return;
    setNotice(null);
    try {
      const { choosePrinter } = await import('@/lib/printing/drivers');
      usePrinterStore.setState({ device: await choosePrinter(kind) });
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
    // "Sent" only once the printer took the bytes; a failure is said by the print area, with the dialog.
    if ((await printSlip(<SlipView doc={doc} />, doc)) === 'printer')
      setNotice({ ok: true, text: t('printer.testSent') });
  };

  return (
    <form className="settings-form" noValidate onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>{t('printer.title')}</legend>
        <div className="field">
          <label htmlFor="printer-kind" className="field-label">
            {t('printer.kind')}
          </label>
          <select
            id="printer-kind"
            className="input"
            value={kind}
            onChange={(e) => usePrinterStore.setState({ kind: e.target.value as PrinterKind, device: null })}
          >
            {kinds.map((k) => (
              <option key={k} value={k} disabled={!supported(k)}>
                {t(`printer.kind.${k}`)}
              </option>
            ))}
          </select>
          {!supported('usb') && !supported('serial') && <p className="hint">{t('printer.unsupported')}</p>}
        </div>
        {kind !== 'browser' && (
          <>
            <div className="field">
              <label htmlFor="printer-paper" className="field-label">
                {t('printer.paper')}
              </label>
              <select
                id="printer-paper"
                className="input"
                value={paper}
                onChange={(e) => usePrinterStore.setState({ paper: Number(e.target.value) === 58 ? 58 : 80 })}
              >
                <option value={80}>{t('printer.paper.80')}</option>
                <option value={58}>{t('printer.paper.58')}</option>
              </select>
            </div>
            <p>{device ? t('printer.connected', { device: deviceName(device) }) : t('printer.none')}</p>
            <button type="button" className="button button-large" onClick={() => void choose()}>
              {t('printer.connect')}
            </button>{' '}
          </>
        )}
        <button
          type="button"
          className="button button-large"
          disabled={kind !== 'browser' && !device}
          onClick={() => void test()}
        >
          {t('printer.test')}
        </button>
        <FormNotice notice={notice} />
      </fieldset>
    </form>
  );
}
