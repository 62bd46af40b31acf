import { useCallback, useEffect, useMemo, useState } from 'react';
import { IssueSlip, issueSlipDoc } from '@/lib/printing/slips/issue-slip';
import { Money } from '@/components/Money';
import { TableScroll } from '@/components/TableScroll';
import { instrumentKinds } from '@/domain/instrument';
import { TEXT_CAP, untrustedText } from '@/domain/answer-check';
import { useT, type MessageKey } from '@/lib/i18n';
import { onOutboxChange } from '@/outbox/changes';
import { useOutbox } from '@/outbox/projection';
import type { JournalPlace } from '@/outbox/read-model';
import { issuedCard, type OperationRecord } from '@/outbox/types';
import { downloadFile } from '@/lib/download';
import { notesText } from '@/lib/note-text';
import { printSlip } from '@/lib/printing/print-slip';
import { useTerminal } from '@/lib/terminal-context';
import { localDate, toCsv, toRow, totalsInCurrency } from './journal-rows';
import { referenceText } from './journal-words';
import { SaleSearch } from './SaleSearch';
import { XReport } from './XReport';
import { LookupPauses } from './LookupPauses';

const PAGE_SIZE = 50;

function dayBounds(now: Date): [string, string] {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  return [start.toISOString(), end.toISOString()];
}

/**
 * The journal a page at a time, newest first: only the rows on screen are read and rendered,
 * whatever the journal's size. `starts` holds where each page seen so far began.
 */
function useJournalPage() {
  const { reads } = useOutbox();
  const [starts, setStarts] = useState<(JournalPlace | undefined)[]>([undefined]);
  const [records, setRecords] = useState<OperationRecord[]>([]);
  const [today, setToday] = useState<OperationRecord[]>([]);
  const before = starts[starts.length - 1];
  useEffect(() => {
    let live = true;
    const read = () => {
      void reads.page(PAGE_SIZE + 1, before).then((r) => live && setRecords(r));
      void reads.between(...dayBounds(new Date())).then((r) => live && setToday(r));
    };
    read();
    const off = onOutboxChange(read);
    // A journal left open over midnight (one or several): "Today" is the new day's from its first minute.
    let midnight: ReturnType<typeof setTimeout>;
    const atMidnight = () => {
      midnight = setTimeout(
        () => {
          read();
          atMidnight();
        },
        Date.parse(dayBounds(new Date())[1]) - Date.now() + 1000,
      );
    };
    atMidnight();
    return () => {
      live = false;
      off();
      clearTimeout(midnight);
    };
  }, [reads, before]);
  const shown = records.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  return {
    records: shown,
    today,
    page: starts.length,
    older:
      last && records.length > PAGE_SIZE
        ? () => setStarts((s) => [...s, { createdAt: last.createdAt, id: last.id }])
        : null,
    newer: starts.length > 1 ? () => setStarts((s) => s.slice(0, -1)) : null,
    all: () => reads.all(),
  };
}

const outcomeIcon: Record<OperationRecord['status'], string> = {
  succeeded: '✓',
  refused: '✕',
  unknown: '?',
  pending: '…',
  attention: '!',
};

/** The manager's view: every operation, the day's totals per kind, CSV export, slip reprints. */
export function JournalScreen() {
  const t = useT();
  const terminal = useTerminal();
  const journal = useJournalPage();
  const { records } = journal;
  const { currency, locale } = terminal;
  const words = useCallback(
    (r: OperationRecord) => notesText(t, r, { currency: r.currency ?? currency, locale }),
    [t, currency, locale],
  );
  const rows = useMemo(() => records.map((r) => toRow(r, currency, words)), [records, currency, words]);
  const { totals, leftOut } = useMemo(
    () =>
      totalsInCurrency(
        journal.today.map((r) => toRow(r, currency)),
        currency,
      ),
    [journal.today, currency],
  );

  const exportCsv = async () => {
    const all = (await journal.all()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const csv = toCsv(all.map((r) => toRow(r, currency, words)));
    downloadFile(`journal-${terminal.mode}-${localDate(new Date())}.csv`, csv, 'text/csv;charset=utf-8');
  };

  return (
    <div className="screen journal">
      <h2 className="screen-title">{t('journal.title')}</h2>
      <section className="panel" aria-labelledby="totals-heading">
        <h3 id="totals-heading">{t('journal.today')}</h3>
        <TableScroll labelledBy="totals-heading">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('journal.kind')}</th>
                <th scope="col">{t('journal.operations')}</th>
                <th scope="col">{t('journal.paid')}</th>
                <th scope="col">{t('journal.issued')}</th>
                <th scope="col">{t('journal.returned')}</th>
                <th scope="col">{t('journal.unissued')}</th>
                <th scope="col">{t('journal.cashedOut')}</th>
              </tr>
            </thead>
            <tbody>
              {instrumentKinds.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t(`kind.${kind}`)}</th>
                  <td>{totals[kind].operations}</td>
                  <td>
                    <Money minor={totals[kind].paid} />
                  </td>
                  <td>
                    <Money minor={totals[kind].issued} />
                  </td>
                  <td>
                    <Money minor={totals[kind].returned} />
                  </td>
                  <td>
                    <Money minor={totals[kind].unissued} />
                  </td>
                  <td>
                    <Money minor={totals[kind].cashedOut} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {leftOut.count > 0 && (
          <p className="hint">
            {t('journal.otherCurrencyToday', { count: leftOut.count, currencies: leftOut.currencies.join(', ') })}
          </p>
        )}
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={rows.length === 0}>
          {t('journal.export')}
        </button>
      </section>
      <XReport />
      <SaleSearch />
      <LookupPauses />
      <section className="panel" aria-labelledby="ops-heading">
        <h3 id="ops-heading">{t('journal.operationsTitle')}</h3>
        {rows.length === 0 ? (
          <p className="hint">{t('journal.empty')}</p>
        ) : (
          <TableScroll labelledBy="ops-heading">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('journal.time')}</th>
                  <th scope="col">{t('journal.operator')}</th>
                  <th scope="col">{t('journal.operation')}</th>
                  <th scope="col">{t('journal.card')}</th>
                  <th scope="col">{t('slip.amount')}</th>
                  <th scope="col">{t('journal.reference')}</th>
                  <th scope="col">{t('journal.outcome')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('journal.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => {
                  const record = records[i];
                  const issued = issuedCard(record);
                  const reference = referenceText(t, row, locale);
                  return (
                    <tr key={row.id} className={`outcome-${row.outcome}`}>
                      <td>{new Date(row.at).toLocaleString(terminal.locale)}</td>
                      <td>{row.operator}</td>
                      <td>
                        {t(`kind.${row.kind}`)} · {t(`journal.op.${row.operation}` as MessageKey)}
                      </td>
                      <td className="mono">{row.maskedNumber}</td>
                      <td>{row.amount === undefined ? '' : <Money minor={row.amount} currency={row.currency} />}</td>
                      <td className={reference.code ? 'mono' : undefined}>
                        <bdi>{reference.text}</bdi>
                      </td>
                      <td>
                        <span aria-hidden="true">{outcomeIcon[row.outcome]} </span>
                        {t(`journal.outcome.${row.outcome}`)}
                        {row.note && (
                          <>
                            <br />
                            <bdi>{untrustedText(row.note, TEXT_CAP.notes)}</bdi>
                          </>
                        )}
                      </td>
                      <td>
                        {issued && (
                          <button
                            type="button"
                            className="button"
                            onClick={() =>
                              void printSlip(<IssueSlip instrument={issued} />, issueSlipDoc(t, terminal, issued))
                            }
                            aria-label={t('journal.reprintFor', { number: row.maskedNumber })}
                          >
                            {t('journal.reprint')}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
        {(journal.older || journal.newer) && (
          <nav className="actions journal-pages" aria-label={t('journal.pages')}>
            <button type="button" className="button" disabled={!journal.newer} onClick={() => journal.newer?.()}>
              {t('journal.newer')}
            </button>
            <span>{t('journal.pageNumber', { page: journal.page })}</span>
            <button type="button" className="button" disabled={!journal.older} onClick={() => journal.older?.()}>
              {t('journal.older')}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
