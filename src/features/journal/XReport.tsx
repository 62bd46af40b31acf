import { useEffect, useState } from 'react';
import { Money } from '@/components/Money';
import { SlipView } from '@/lib/printing/SlipView';
import { instrumentKinds, maskNumber } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import type { Sale } from '@/domain/sale';
import { useT } from '@/lib/i18n';
import { downloadFile } from '@/lib/download';
import { printSlip } from '@/lib/printing/print';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { useTerminal } from '@/lib/terminal-context';
import type { ZReport } from '@/outbox/db';
import { onOutboxChange } from '@/outbox/changes';
import { useOutbox } from '@/outbox/projection';
import type { OperationRecord } from '@/outbox/types';
import { dayReport, lineNames, reportCsv, type DayReport } from './day-report';
import { slipHead } from '@/lib/printing/slips/slip-head';

type Loaded = { records: OperationRecord[]; sales: Sale[]; zs: ZReport[]; at: string };

/** What the day's reports read: every record and sale since the last Z report, and what is not settled however old. */
function useDay(): Loaded | null {
  const { reads } = useOutbox();
  const [data, setData] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    const read = async () => {
      const zs = await reads.zReports();
      const from = zs[0]?.closedAt ?? '';
      const at = new Date(Date.now() + 1).toISOString();
      const [recent, unsettled, sales] = await Promise.all([
        reads.between(from, at),
        reads.unsettled(),
        reads.salesStartedBetween(from, at),
      ]);
      if (live) setData({ records: [...recent, ...unsettled], sales, zs, at });
    };
    void read();
    const off = onOutboxChange(() => void read());
    return () => {
      live = false;
      off();
    };
  }, [reads]);
  return data;
}

/**
 * The X report (the day so far: since the last Z report), per kind, printed or taken away as JSON
 * (per cashier too); and the Z report that closes the day, numbered, kept as it was when closed.
 */
export function XReport() {
  const t = useT();
  const terminal = useTerminal();
  const { perform } = useOutbox();
  const data = useDay();
  const [closing, setClosing] = useState(false);
  if (!data) return null;
  const from = data.zs[0]?.closedAt ?? '';
  const report = dayReport(data.records, data.sales, from, data.at, terminal.currency);
  const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);

  const slipOf = (r: DayReport, title: string, carried: string[] = []): SlipDoc => ({
    ...slipHead(t, terminal, title, new Date(r.to)),
    rows: [
      ...instrumentKinds.flatMap((kind) =>
        lineNames
          .filter((name) => r.byKind[kind][name].count > 0)
          .map((name) => ({
            label: `${t(`kind.${kind}`)}: ${t(`report.line.${name}`)} (${r.byKind[kind][name].count})`,
            value: money(r.byKind[kind][name].amount),
          })),
      ),
      { label: `${t('report.otherPayments')} (${r.otherPayments.count})`, value: money(r.otherPayments.amount) },
      { label: `${t('report.voidedSales')} (${r.voidedSales.count})`, value: money(r.voidedSales.amount) },
      ...r.open.map((o) => ({
        label: t('report.open'),
        value: `${o.request.type} ${'number' in o.request ? maskNumber(o.request.number) : ''}`,
      })),
      ...carried.map((c) => ({ label: t('report.open'), value: c })),
    ],
  });

  const closeDay = async () => {
    const carried = report.open.map((o) => ({
      id: o.id,
      type: o.request.type,
      maskedNumber: 'number' in o.request ? maskNumber(o.request.number) : '',
      status: o.status,
      createdAt: o.createdAt,
    }));
    const z = await perform({
      type: 'closeDay',
      z: { from, closedAt: data.at, report: { ...report, open: [] }, carried },
    });
    setClosing(false);
    if (z === 'already_closed') return;
    const zDoc = zSlip(z);
    void printSlip(<SlipView doc={zDoc} />, zDoc);
  };
  const zSlip = (z: ZReport) =>
    slipOf(
      z.report as DayReport,
      t('report.z', { number: z.number }),
      z.carried.map((c) => `${c.type} ${c.maskedNumber}`),
    );
  const doc = slipOf(report, t('report.x'));

  return (
    <section className="panel" aria-labelledby="x-report-heading">
      <h3 id="x-report-heading">{t('report.x')}</h3>
      <table className="table report-table">
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
              <th scope="row">{t(`report.line.${name}`)}</th>
              {instrumentKinds.map((kind) => (
                <td key={kind}>
                  {report.byKind[kind][name].count} · <Money minor={report.byKind[kind][name].amount} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {t('report.otherPayments')}: {report.otherPayments.count} · <Money minor={report.otherPayments.amount} /> —{' '}
        {t('report.voidedSales')}: {report.voidedSales.count} · <Money minor={report.voidedSales.amount} />
      </p>
      {report.open.length > 0 && (
        <p className="notice notice-warn" role="status">
          {t('report.openCount', { count: report.open.length })}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button" onClick={() => void printSlip(<SlipView doc={doc} />, doc)}>
          {t('report.print')}
        </button>
        <button type="button" className="button" onClick={() => download(report)}>
          {t('report.exportJson')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() =>
            downloadFile(
              `x-report-${report.to.slice(0, 10)}.csv`,
              reportCsv(report, terminal.currency),
              'text/csv;charset=utf-8',
            )
          }
        >
          {t('report.exportCsv')}
        </button>
        {!closing && (
          <button
            type="button"
            className="button button-danger"
            onClick={() => (report.open.length > 0 ? setClosing(true) : void closeDay())}
          >
            {t('report.closeDay')}
          </button>
        )}
      </div>
      {closing && (
        <div className="notice notice-warn" role="alertdialog" aria-labelledby="close-question">
          <p id="close-question">{t('report.closeWithOpen', { count: report.open.length })}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => setClosing(false)}>
              {t('report.resolveFirst')}
            </button>
            <button type="button" className="button button-danger" onClick={() => void closeDay()}>
              {t('report.closeAnyway')}
            </button>
          </div>
        </div>
      )}
      {data.zs.length > 0 && (
        <ul aria-label={t('report.zList')}>
          {data.zs.map((z) => (
            <li key={z.number}>
              {t('report.zLine', { number: z.number, at: new Date(z.closedAt).toLocaleString(terminal.locale) })}
              {z.carried.length > 0 && ` · ${t('report.carried', { count: z.carried.length })}`}{' '}
              <button
                type="button"
                className="button"
                aria-label={t('report.zPrintFor', { number: z.number })}
                onClick={() => {
                  const zDoc = zSlip(z);
                  void printSlip(<SlipView doc={zDoc} />, zDoc);
                }}
              >
                {t('report.printZ')}
              </button>{' '}
              <button
                type="button"
                className="button"
                aria-label={t('report.zCsvFor', { number: z.number })}
                onClick={() =>
                  downloadFile(
                    `z-report-${z.number}.csv`,
                    reportCsv(z.report as DayReport, terminal.currency),
                    'text/csv;charset=utf-8',
                  )
                }
              >
                CSV
              </button>{' '}
              <button
                type="button"
                className="button"
                aria-label={t('report.zJsonFor', { number: z.number })}
                onClick={() =>
                  downloadFile(`z-report-${z.number}.json`, JSON.stringify(z, null, 2), 'application/json')
                }
              >
                JSON
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The report as JSON (amounts in minor units, open operations with masked numbers only). */
function download(report: DayReport) {
  const open = report.open.map((r) => ({
    id: r.id,
    type: r.request.type,
    number: 'number' in r.request ? maskNumber(r.request.number) : undefined,
    status: r.status,
    createdAt: r.createdAt,
  }));
  downloadFile(
    `x-report-${report.to.slice(0, 10)}.json`,
    JSON.stringify({ ...report, open }, null, 2),
    'application/json',
  );
}
