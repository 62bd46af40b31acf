import { useEffect, useState } from 'react';
import { SlipView } from '@/lib/printing/SlipView';
import { instrumentKinds } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import { useT } from '@/lib/i18n';
import { printSlip } from '@/lib/printing/print';
import type { SlipDoc } from '@/lib/printing/slip-doc';
import { useTerminal } from '@/lib/terminal-context';
import { useOutbox } from '@/outbox/projection';
import { dayReport, lineNames, type KindFigures } from './day-report';

/** The journal's name for a cashier (as journal-rows writes it). */
/** The cashier signing off (the shell's sign-on keeps who it is). */
type Cashier = { operatorId: string; name?: string | undefined };

const operatorLabel = (c: Cashier) => (c.name ? `${c.name} (${c.operatorId})` : c.operatorId);

/**
 * Signing a cashier off offers that cashier's X report: what they sold, took and gave back since the
 * last Z report, printed before they go (or not: the choice is theirs).
 */
export function SignOffOffer({ cashier, onDone }: { cashier: Cashier; onDone: (signOff: boolean) => void }) {
  const t = useT();
  const terminal = useTerminal();
  const { reads } = useOutbox();
  const [figures, setFigures] = useState<Record<string, KindFigures> | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const from = (await reads.zReports())[0]?.closedAt ?? '';
      const at = new Date(Date.now() + 1).toISOString();
      const [records, sales] = await Promise.all([reads.between(from, at), reads.salesStartedBetween(from, at)]);
      const report = dayReport(records, sales, from, at, terminal.currency);
      if (live) setFigures(report.byCashier[operatorLabel(cashier)] ?? {});
    })();
    return () => {
      live = false;
    };
  }, [reads, cashier, terminal.currency]);

  const print = () => {
    const money = (m: number) => formatMoney(m, terminal.currency, terminal.locale);
    const title = t('report.cashierX', { name: operatorLabel(cashier) });
    const doc: SlipDoc = {
      name: title,
      training: terminal.mode === 'training' ? t('slip.training') : undefined,
      title,
      header: [new Date().toLocaleString(terminal.locale)],
      rows: instrumentKinds.flatMap((kind) =>
        lineNames
          .filter((name) => (figures?.[kind]?.[name].count ?? 0) > 0)
          .map((name) => ({
            label: `${t(`kind.${kind}`)}: ${t(`report.line.${name}`)} (${figures?.[kind]?.[name].count ?? 0})`,
            value: money(figures?.[kind]?.[name].amount ?? 0),
          })),
      ),
    };
    void printSlip(<SlipView doc={doc} />, doc);
  };

  return (
    <div className="notice notice-quiet" role="alertdialog" aria-labelledby="sign-off-question">
      <p id="sign-off-question">{t('report.signOffQuestion', { name: operatorLabel(cashier) })}</p>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={!figures}
          onClick={() => {
            print();
            onDone(true);
          }}
        >
          {t('report.printAndSignOff')}
        </button>
        <button type="button" className="button" onClick={() => onDone(true)}>
          {t('report.justSignOff')}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t('report.stay')}
        </button>
      </div>
    </div>
  );
}
