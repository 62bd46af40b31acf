import { useEffect, useState } from 'react';
import { Money } from '@/components/Money';
import { SlipView } from '@/components/SlipView';
import { instrumentKinds } from '@/domain/instrument';
import { maskNumber } from '@/domain/instrument-number';
import { formatMoney } from '@/domain/money';
import type { Sale } from '@/domain/sale';
import { useT } from '@/lib/i18n';
import { printSlip } from '@/lib/print';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { useTerminal } from '@/lib/terminal-context';
import { useOutbox } from '@/outbox/projection';
import type { OperationRecord } from '@/outbox/types';
import { dayReport, lineNames, type DayReport } from './day-report';

/** The X report: the day so far, per kind (and per cashier in its export), printed or taken away as JSON. */
export function XReport({ records, from, to }: { records: OperationRecord[]; from: string; to: string }) {
  const t = useT();
  const terminal = useTerminal();
  const { reads } = useOutbox();
  const [sales, setSales] = useState<Sale[]>([]);
  useEffect(() => {
    let live = true;
    void reads.salesStartedBetween(from, to).then((s) => live && setSales(s));
    return () => {
      live = false;
    };
  }, [reads, from, to, records]);
  const report = dayReport(records, sales, from, to, terminal.currency);
  const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);

  const doc: SlipDoc = {
    name: t('report.x'),
    training: terminal.mode === 'training' ? t('slip.training') : undefined,
    title: t('report.x'),
    header: [
      t('slip.store', { store: terminal.storeId ?? '–', till: terminal.workstationId ?? '–' }),
      new Date().toLocaleString(terminal.locale),
    ],
    rows: [
      ...instrumentKinds.flatMap((kind) =>
        lineNames
          .filter((name) => report.byKind[kind][name].count > 0)
          .map((name) => ({
            label: `${t(`kind.${kind}`)}: ${t(`report.line.${name}`)} (${report.byKind[kind][name].count})`,
            value: money(report.byKind[kind][name].amount),
          })),
      ),
      {
        label: `${t('report.otherPayments')} (${report.otherPayments.count})`,
        value: money(report.otherPayments.amount),
      },
      { label: `${t('report.voidedSales')} (${report.voidedSales.count})`, value: money(report.voidedSales.amount) },
      ...report.open.map((r) => ({
        label: t('report.open'),
        value: `${r.request.type} ${'number' in r.request ? maskNumber(r.request.number) : ''}`,
      })),
    ],
  };

  return (
    <section className="panel" aria-labelledby="x-report-heading">
      <h3 id="x-report-heading">{t('report.x')}</h3>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('journal.kind')}</th>
            {lineNames.map((name) => (
              <th key={name} scope="col">
                {t(`report.line.${name}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {instrumentKinds.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`kind.${kind}`)}</th>
              {lineNames.map((name) => (
                <td key={name}>
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
      </div>
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
  const link = document.createElement('a');
  link.href = URL.createObjectURL(
    new Blob([JSON.stringify({ ...report, open }, null, 2)], { type: 'application/json' }),
  );
  link.download = `x-report-${report.from.slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(link.href);
}
