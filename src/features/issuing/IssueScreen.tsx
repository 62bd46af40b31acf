import { useEffect, useState } from 'react';
import { askedSeriesIssue, clearSeriesIssue } from '@/lib/issue-request';
import { useT, type MessageKey } from '@/lib/i18n';
import { takesPayments, useRecordsUsable } from '@/outbox/db';
import { BoxTask } from './BoxTask';
import { IssuesUnderWay } from './IssuesUnderWay';
import { IssueFromSeries, OpenLoyaltyCard, SellGiftCard } from './tasks';

const tasks = [
  { id: 'giftCard', label: 'issue.task.giftCard' },
  { id: 'printed', label: 'issue.task.printed' },
  { id: 'storeCredit', label: 'issue.task.storeCredit' },
  { id: 'loyalty', label: 'issue.task.loyalty' },
  { id: 'box', label: 'issue.task.box' },
] as const satisfies readonly { id: string; label: MessageKey }[];

type Task = (typeof tasks)[number]['id'];

/** Selling gift cards, issuing store credit and opening loyalty cards: not payments, each its own operation. */
export function IssueScreen() {
  const t = useT();
  // A series issue asked for from the trainer's panel opens that task with that series.
  const [asked] = useState(askedSeriesIssue);
  useEffect(() => clearSeriesIssue(), []);
  const [task, setTask] = useState<Task>(asked ? (asked.kind === 'giftCard' ? 'printed' : 'storeCredit') : 'giftCard');
  // Choosing a task, even the same one again, starts it afresh.
  const [round, setRound] = useState(0);
  const usable = useRecordsUsable();
  const choose = (next: Task) => {
    setTask(next);
    setRound((r) => r + 1);
  };
  return (
    <div className="screen issuing">
      <h2 className="screen-title">{t('issue.title')}</h2>
      {usable === 'missing' || usable === 'refused' ? (
        <p className="notice notice-error" role="alert">
          {t('storage.noIssues')}
        </p>
      ) : !takesPayments(usable) ? null : (
        <>
          <div className="task-tabs" role="group" aria-label={t('issue.title')}>
            {tasks.map((k) => (
              <button
                key={k.id}
                type="button"
                className="button"
                aria-pressed={task === k.id}
                onClick={() => choose(k.id)}
              >
                {t(k.label)}
              </button>
            ))}
          </div>
          <IssuesUnderWay />
          <section className="panel" aria-labelledby="task-heading">
            <h3 id="task-heading">{t(tasks.find((k) => k.id === task)?.label ?? 'issue.title')}</h3>
            {task === 'giftCard' && <SellGiftCard key={round} />}
            {task === 'printed' && (
              <IssueFromSeries key={round} kind="giftCard" series={round === 0 ? asked?.series : undefined} />
            )}
            {task === 'storeCredit' && (
              <IssueFromSeries key={round} kind="storeCredit" series={round === 0 ? asked?.series : undefined} />
            )}
            {task === 'loyalty' && <OpenLoyaltyCard key={round} />}
            {task === 'box' && <BoxTask key={round} />}
          </section>
        </>
      )}
    </div>
  );
}
