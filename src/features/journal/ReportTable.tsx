import { useId } from 'react';
import { Money } from '@/components/Money';
import { TableScroll } from '@/components/TableScroll';
import { instrumentKinds } from '@/domain/instrument';
import { useT } from '@/lib/i18n';
import {
  figureOf,
  lineNames,
  partOfTaken,
  wayFigure,
  waysShown,
  type ByWay,
  type DayReport,
  type Figure,
} from './day-report';
import { operationText, settledLateText } from './report-slip';

/**
 * A day's figures on screen: its lines by kind, payments another way, what settled late into it,
 * what was flagged, the cash-outs' cash still owed or paid out late, what is open.
 */
export function ReportTable({
  report,
  caption,
  currency,
}: {
  report: DayReport;
  caption: string;
  /** The report's currency (a Z report's own); absent: the terminal's. */
  currency?: string | undefined;
}) {
  const t = useT();
  const captionId = useId();
  return (
    <>
      <TableScroll labelledBy={captionId}>
        <table className="table report-table">
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('report.line')}</th>
              {instrumentKinds.map((kind) => (
                <th key={kind} scope="col">
                  {t(`kind.${kind}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lineNames.map((name) => (
              <tr key={name}>
                <th scope="row" className={partOfTaken(name) ? 'row-part' : undefined}>
                  {t(`report.line.${name}`)}
                </th>
                {instrumentKinds.map((kind) => (
                  <td key={kind}>
                    {figureOf(report.byKind, kind, name).count} ·{' '}
                    <Money currency={currency} minor={figureOf(report.byKind, kind, name).amount} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p>
        {t('report.otherPayments')}:{' '}
        <Other total={report.otherPayments} ways={report.otherPaymentsByWay} currency={currency} /> —{' '}
        {report.otherPaymentsBack && (
          <>
            {t('report.otherPaymentsBack')}:{' '}
            <Other total={report.otherPaymentsBack} ways={report.otherPaymentsBackByWay} currency={currency} /> —{' '}
          </>
        )}
        {t('report.voidedSales')}: {report.voidedSales.count} ·{' '}
        <Money currency={currency} minor={report.voidedSales.amount} />
      </p>
      {(report.settledLate ?? []).length > 0 && (
        <ul aria-label={t('report.settledLate')}>
          {(report.settledLate ?? []).map((s) => (
            <li key={s.id}>{settledLateText(t, s)}</li>
          ))}
        </ul>
      )}
      {(report.flagged ?? []).length > 0 && (
        <ul aria-label={t('report.flagged')}>
          {(report.flagged ?? []).map((f) => (
            <li key={f.id}>
              {t('report.flagged')}: {operationText(t, f.type, f.maskedNumber)}
            </li>
          ))}
        </ul>
      )}
      {(report.otherCurrency ?? []).length > 0 && (
        <ul aria-label={t('report.otherCurrency')}>
          {(report.otherCurrency ?? []).map((o) => (
            <li key={o.id}>
              {t('report.otherCurrency')}: {operationText(t, o.type, o.maskedNumber)} ·{' '}
              <Money minor={o.amount} currency={o.currency} />
            </li>
          ))}
        </ul>
      )}
      {(report.cashOwed ?? []).length > 0 && (
        <ul aria-label={t('report.cashOwed')}>
          {(report.cashOwed ?? []).map((c) => (
            <li key={c.id}>
              {c.owedAtZ === undefined ? t('report.cashOwed') : t('report.cashOwedAtZ', { number: c.owedAtZ })}:{' '}
              {t('kind.giftCard')} {c.maskedNumber} · <Money currency={currency} minor={c.amount} />
            </li>
          ))}
        </ul>
      )}
      {(report.paidOutLate ?? []).length > 0 && (
        <ul aria-label={t('report.paidOutLateList')}>
          {(report.paidOutLate ?? []).map((c) => (
            <li key={c.id}>
              {t('report.paidOutLate', { number: c.owedAtZ })}: {t('kind.giftCard')} {c.maskedNumber} ·{' '}
              <Money currency={currency} minor={c.amount} />
            </li>
          ))}
        </ul>
      )}
      {report.open.length > 0 && (
        <p className="notice notice-warn" role="status">
          {t('report.openCount', { count: report.open.length })}
        </p>
      )}
    </>
  );
}

/** A total of money another way and, when the report kept them, its ways: "3 · €57.00 (of which cash: 2 · €32.00, …)". */
function Other({ total, ways, currency }: { total: Figure; ways: ByWay | undefined; currency: string | undefined }) {
  const t = useT();
  const split = ways ? waysShown(ways).map((way) => ({ way, f: wayFigure(ways, way) })) : [];
  return (
    <>
      {total.count} · <Money currency={currency} minor={total.amount} />
      {split.length > 0 && (
        <>
          {' ('}
          {split.map(({ way, f }, i) => (
            <span key={way}>
              {i > 0 && ', '}
              {t(`report.way.${way}`)}: {f.count} · <Money currency={currency} minor={f.amount} />
            </span>
          ))}
          {')'}
        </>
      )}
    </>
  );
}
