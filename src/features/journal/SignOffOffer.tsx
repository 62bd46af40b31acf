import { useEffect, useState } from 'react';
import { ConfirmQuestion, KeepAnswer } from '@/components/ConfirmQuestion';
import { SlipView } from '@/lib/printing/SlipView';
import { useT } from '@/lib/i18n';
import { printSlip } from '@/lib/printing/print-slip';
import { useTerminal } from '@/lib/terminal-context';
import { useOutbox } from '@/outbox/projection';
import type { DayReport, KindFigures } from './day-report';
import { readDay } from './read-day';
import { cashierSlipDoc } from './report-slip';

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
  const [figures, setFigures] = useState<{
    mine: Record<string, KindFigures>;
    span: Pick<DayReport, 'from' | 'to'>;
  } | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const { report } = await readDay(reads, terminal.currency);
      if (live) setFigures({ mine: report.byCashier[operatorLabel(cashier)] ?? {}, span: report });
    })();
    return () => {
      live = false;
    };
  }, [reads, cashier, terminal.currency]);

  const print = () => {
    if (!figures) return;
    const doc = cashierSlipDoc(t, terminal, operatorLabel(cashier), figures.mine, figures.span);
    void printSlip(<SlipView doc={doc} />, doc);
  };

  return (
    // Opened from the header's menu, whose item has gone: it takes the focus, and gives it back to the
    // menu's button on "Stay signed on" or Escape.
    <ConfirmQuestion className="notice notice-quiet" labelledBy="sign-off-question" onKeep={() => onDone(false)}>
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
        <KeepAnswer className="button">{t('report.stay')}</KeepAnswer>
      </div>
    </ConfirmQuestion>
  );
}
