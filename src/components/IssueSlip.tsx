import type { Instrument } from '@/domain/instrument';
import { groupNumber } from '@/domain/instrument-number';
import { formatMoney } from '@/domain/money';
import { formatDate } from '@/lib/format-date';
import { useT } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';
import { Barcode } from './Barcode';

/** The slip for an issued instrument: its number as text and barcode, amount, expiry, series. */
export function IssueSlip({ instrument }: { instrument: Instrument }) {
  const t = useT();
  const terminal = useTerminal();
  const series = terminal.series.find((s) => s.kind === instrument.kind && s.seriesNumber === instrument.seriesNumber);
  return (
    <article className="slip issue-slip" aria-label={t('issue.slip')}>
      {terminal.mode === 'training' && <p className="slip-training">{t('slip.trainingCard')}</p>}
      <p className="slip-title">{t(`kind.${instrument.kind}`)}</p>
      <p className="slip-series"><bdi>{series?.description || instrument.seriesNumber}</bdi></p>
      <p className="slip-number">{groupNumber(instrument.number)}</p>
      <Barcode value={instrument.number} label={t('issue.barcode', { number: instrument.number })} />
      <dl>
        {instrument.kind !== 'loyaltyCard' && <div><dt>{t('slip.amount')}</dt><dd>{formatMoney(instrument.account.original, terminal.currency, terminal.locale)}</dd></div>}
        {instrument.expiryDate && <div><dt>{t('details.expiryDate')}</dt><dd>{formatDate(instrument.expiryDate, terminal.locale)}</dd></div>}
        {instrument.startDate && <div><dt>{t('details.startDate')}</dt><dd>{formatDate(instrument.startDate, terminal.locale)}</dd></div>}
        <div><dt>{t('details.series')}</dt><dd><bdi>{instrument.seriesNumber}</bdi></dd></div>
      </dl>
      {terminal.mode === 'training' && <p className="slip-training">{t('slip.trainingCard')}</p>}
    </article>
  );
}
