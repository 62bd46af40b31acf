import { useEffect, useState } from 'react';
import { maskNumber } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import { kindOf } from '@/domain/operation';
import { useT } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';
import { onOutboxChange } from '@/outbox/changes';
import { useOutbox } from '@/outbox/projection';
import type { OperationRecord } from '@/outbox/types';
import { keptInThisTab } from '@/outbox/use-operation';

const issueTypes: ReadonlySet<string> = new Set([
  'giftCard.issue',
  'giftCard.issueInSeries',
  'storeCredit.issueInSeries',
  'loyaltyCard.issue',
]);

/** An issue sent and not answered (lost, or waiting to be sent again): it may have gone through. */
const answerMissing = (r: OperationRecord) =>
  issueTypes.has(r.request.type) && (r.status === 'unknown' || (r.status === 'pending' && r.attempts > 0));

/**
 * Issues of this terminal whose answer has not come, started in any window or before a reload or a
 * restart: named on the issue screen, so that nobody issues the same card or credit again while
 * the first may have gone through. The tab whose task shows one's outcome does not list it again.
 */
export function IssuesUnderWay() {
  const t = useT();
  const { currency, locale } = useTerminal();
  const { reads, resolveNow } = useOutbox();
  const [records, setRecords] = useState<OperationRecord[]>([]);
  useEffect(() => {
    let latest = 0;
    const read = () => {
      const mine = ++latest;
      reads.waiting().then(
        (all) => mine === latest && setRecords(all.filter(answerMissing)),
        () => undefined, // the records cannot be read now: the list stays as it was
      );
    };
    read();
    // Read again when an issue's record is written here (a box's cards are issues too), or anything
    // in another window; a sale's payments written here change nothing in the list.
    const off = onOutboxChange((change) => {
      if (change.remote || change.records.some((r) => issueTypes.has(r.request.type))) read();
    });
    return () => {
      latest = -1;
      off();
    };
  }, [reads]);
  const here = keptInThisTab(reads.scope);
  const shown = records.filter((r) => !here.has(r.id));
  if (shown.length === 0) return null;
  return (
    <div className="notice notice-warn" role="status">
      <p>{t('issue.underWay')}</p>
      <ul>
        {shown.map((r) => {
          const request = r.request;
          const card = 'number' in request ? maskNumber(request.number) : 'series' in request ? request.series : '';
          const amount = 'amount' in request && request.amount ? formatMoney(request.amount, currency, locale) : '';
          return (
            <li key={r.id}>
              {[t(`kind.${kindOf(request.type)}`), card, amount].filter(Boolean).join(' · ')}{' '}
              <button type="button" className="button" onClick={() => void resolveNow(r.id)}>
                {t('sale.resolve')}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
