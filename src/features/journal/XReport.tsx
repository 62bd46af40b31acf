import { useEffect, useRef, useState } from 'react';
import { ConfirmQuestion, KeepAnswer } from '@/components/ConfirmQuestion';
import { useT } from '@/lib/i18n';
import { downloadFile } from '@/lib/download';
import { printSlip } from '@/lib/printing/print-slip';
import { SlipView } from '@/lib/printing/SlipView';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { useTerminal, type Terminal } from '@/lib/terminal-context';
import type { ZReport } from '@/outbox/db';
import { onOutboxChange } from '@/outbox/changes';
import { useOutbox } from '@/outbox/projection';
import { maskedCardOf, reportCsv, type DayReport } from './day-report';
import { localDate } from './journal-rows';
import { closedJustBefore, readDay, type Day } from './read-day';
import { ReportTable } from './ReportTable';
import { reportSlipDoc, zSlipDoc } from './report-slip';

const print = (doc: SlipDoc) => void printSlip(<SlipView doc={doc} />, doc);

/** The closed days of this server, newest first, read again when anything is written. */
function useZReports(): ZReport[] {
  const { reads } = useOutbox();
  const [zs, setZs] = useState<ZReport[]>([]);
  useEffect(() => {
    let live = true;
    const read = () => void reads.zReports().then((all) => live && setZs(all));
    read();
    const off = onOutboxChange(read);
    return () => {
      live = false;
      off();
    };
  }, [reads]);
  return zs;
}

/** The day so far, read while `shown` (and again after each write), never on the journal's first paint. */
function useDay(shown: boolean): Day | null {
  const { reads } = useOutbox();
  const { currency } = useTerminal();
  const [day, setDay] = useState<Day | null>(null);
  useEffect(() => {
    if (!shown) return undefined;
    let live = true;
    const read = () => void readDay(reads, currency).then((d) => live && setDay(d));
    read();
    const off = onOutboxChange(read);
    return () => {
      live = false;
      off();
    };
  }, [reads, currency, shown]);
  return shown ? day : null;
}

/** The Z this window closed last (its closedAt): kept while the window lives, whichever screen it shows. */
let closedInThisWindow: string | null = null;
const closedHere = (z: ZReport) => {
  closedInThisWindow = z.closedAt;
};
const wasClosedHere = (z: ZReport) => closedInThisWindow === z.closedAt;

/**
 * The day's reports: the X report (the day so far, since the last Z report) when the manager asks
 * for it, printed or taken away as JSON or CSV; the Z report that closes the day, numbered, kept as
 * it was; the closed days. Which day an operation counts on: day-report.ts.
 */
export function XReport() {
  const t = useT();
  const terminal = useTerminal();
  const { perform, reads } = useOutbox();
  const zs = useZReports();
  const [shown, setShown] = useState(false);
  const day = useDay(shown);
  const [closing, setClosing] = useState<Day | null>(null);
  const closeDayButton = useRef<HTMLButtonElement>(null);
  const [closedElsewhere, setClosedElsewhere] = useState<ZReport | null>(null);
  const [keptChanging, setKeptChanging] = useState(false);
  /** A Z this window did not close again just after it closed it. */
  const [justClosed, setJustClosed] = useState<ZReport | null>(null);

  const close = async (d: Day, tries = 0) => {
    setClosing(null);
    setKeptChanging(false);
    const carried = d.report.open.map((o) => ({
      id: o.id,
      type: o.request.type,
      maskedNumber: maskedCardOf(o),
      status: o.status,
      createdAt: o.createdAt,
    }));
    const z = await perform({
      type: 'closeDay',
      z: {
        from: d.report.from,
        closedAt: d.report.to,
        currency: terminal.currency,
        report: { ...d.report, open: [] },
        carried,
      },
      counted: d.counted,
    });
    if (z === 'changed') {
      // An operation settled (or a sale finished) since the day was read: read it again, so that it counts.
      if (tries < 3) await askToClose(tries + 1);
      else setKeptChanging(true);
      return;
    }
    if (z === 'already_closed') {
      // Another window closed this day first: its Z report is the one there is.
      setClosedElsewhere((await reads.zReports())[0] ?? null);
      return;
    }
    setClosedElsewhere(null);
    closedHere(z);
    print(zSlipDoc(t, terminal, z));
  };
  /** Closes the day this window shows (it starts where the Z reports listed here end); another window may have closed it since. */
  const askToClose = async (tries = 0) => {
    const shownFrom = zs[0]?.closedAt ?? '';
    setJustClosed(null);
    const d = await readDay(reads, terminal.currency);
    if (d.report.from !== shownFrom) {
      setClosedElsewhere(d.zs[0] ?? null);
      return;
    }
    // A second press a moment after a Z, nothing since: no empty day is closed; that Z is shown. A
    // quiet day is closed as ever once a minute has passed.
    const last = closedJustBefore(d);
    if (last) {
      if (wasClosedHere(last)) setJustClosed(last);
      else setClosedElsewhere(last);
      return;
    }
    if (d.report.open.length > 0) setClosing(d);
    else await close(d, tries);
  };

  return (
    <section className="panel" aria-labelledby="x-report-heading">
      <h3 id="x-report-heading">{t('report.x')}</h3>
      {closedElsewhere && (
        <div className="notice notice-warn" role="status">
          <p>{t('report.closedElsewhere', { number: closedElsewhere.number })}</p>
          <ReportTable
            report={closedElsewhere.report as DayReport}
            caption={t('report.z', { number: closedElsewhere.number })}
            currency={closedElsewhere.currency}
          />
          <button type="button" className="button" onClick={() => print(zSlipDoc(t, terminal, closedElsewhere))}>
            {t('report.zPrintFor', { number: closedElsewhere.number })}
          </button>
        </div>
      )}
      {justClosed && (
        <p className="notice notice-warn" role="status">
          {t('report.justClosed', { number: justClosed.number })}
        </p>
      )}
      {keptChanging && (
        <p className="notice notice-warn" role="status">
          {t('report.dayKeptChanging')}
        </p>
      )}
      {day && <ReportTable report={day.report} caption={t('report.x')} />}
      <div className="actions">
        {!shown ? (
          <button type="button" className="button" onClick={() => setShown(true)}>
            {t('report.show')}
          </button>
        ) : (
          day && (
            <>
              <button
                type="button"
                className="button"
                onClick={() => print(reportSlipDoc(t, terminal, day.report, t('report.x')))}
              >
                {t('report.print')}
              </button>
              <button type="button" className="button" onClick={() => download(day.report, terminal)}>
                {t('report.exportJson')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() =>
                  downloadFile(
                    `x-report-${terminal.mode}-${localDate(new Date(day.report.to))}.csv`,
                    reportCsv(day.report, terminal.currency, [], { report: 'X', mode: terminal.mode }),
                    'text/csv;charset=utf-8',
                  )
                }
              >
                {t('report.exportCsv')}
              </button>
            </>
          )
        )}
        {!closing && (
          <button ref={closeDayButton} type="button" className="button button-danger" onClick={() => void askToClose()}>
            {t('report.closeDay')}
          </button>
        )}
      </div>
      {closing && (
        // In the place of Close the day, which comes back with either answer and takes the focus again.
        <ConfirmQuestion
          className="notice notice-warn"
          labelledBy="close-question"
          onKeep={() => setClosing(null)}
          returnFocus={closeDayButton}
        >
          <p id="close-question">{t('report.closeWithOpen', { count: closing.report.open.length })}</p>
          <div className="actions">
            <KeepAnswer className="button">{t('report.resolveFirst')}</KeepAnswer>
            <button type="button" className="button button-danger" onClick={() => void close(closing)}>
              {t('report.closeAnyway')}
            </button>
          </div>
        </ConfirmQuestion>
      )}
      {zs.length > 0 && (
        <ul aria-label={t('report.zList')}>
          {zs.map((z) => (
            <li key={z.number}>
              {t('report.zLine', { number: z.number, at: new Date(z.closedAt).toLocaleString(terminal.locale) })}
              {z.carried.length > 0 && ` · ${t('report.carried', { count: z.carried.length })}`}{' '}
              <button
                type="button"
                className="button"
                aria-label={t('report.zPrintFor', { number: z.number })}
                onClick={() => print(zSlipDoc(t, terminal, z))}
              >
                {t('report.printZ')}
              </button>{' '}
              <button
                type="button"
                className="button"
                aria-label={t('report.zCsvFor', { number: z.number })}
                onClick={() =>
                  downloadFile(
                    `z-report-${terminal.mode}-${z.number}.csv`,
                    reportCsv(z.report as DayReport, z.currency ?? terminal.currency, z.carried, {
                      report: 'Z',
                      number: z.number,
                      mode: terminal.mode,
                    }),
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
                  downloadFile(
                    `z-report-${terminal.mode}-${z.number}.json`,
                    JSON.stringify(z, null, 2),
                    'application/json',
                  )
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

/** The report as JSON (amounts in minor units of `currency`, open operations with masked numbers only). */
function download(report: DayReport, { currency, mode }: Terminal) {
  const open = report.open.map((r) => ({
    id: r.id,
    type: r.request.type,
    number: maskedCardOf(r) || undefined,
    status: r.status,
    createdAt: r.createdAt,
  }));
  downloadFile(
    `x-report-${mode}-${localDate(new Date(report.to))}.json`,
    JSON.stringify({ currency, mode, ...report, open }, null, 2),
    'application/json',
  );
}
