import { IssueSlip, issueSlipDoc } from '@/lib/printing/slips/issue-slip';
import { Money } from '@/components/Money';
import { groupNumber } from '@/domain/instrument';
import { returnOnItsWay, returnParts, type SaleReturn } from '@/domain/return-flow';
import { useT } from '@/lib/i18n';
import { printSlip } from '@/lib/printing/print-slip';
import { useTerminal } from '@/lib/terminal-context';
import { useReturn } from './use-return';
import { lineText, returnSlipDoc, stateText } from './return-text';
import { SlipView } from '@/lib/printing/SlipView';
import type { useFocusFollows } from '@/components/use-focus-follows';

/**
 * A return under way and its outcome: each way the money goes back, the new card's number, the
 * slips. The form that gave it back has gone: the outcome takes the focus from the page
 * (`followRef`, from the screen's `useFocusFollows`).
 */
export function ReturnOutcome({
  saleReturn,
  onNext,
  followRef,
  mayLeaveWhileGoing = false,
}: {
  saleReturn: SaleReturn;
  onNext: () => void;
  /** Next return offered while money is on its way (the cashier left this outcome for another screen once). */
  mayLeaveWhileGoing?: boolean;
  followRef: ReturnType<typeof useFocusFollows>['followRef'];
}) {
  const t = useT();
  const terminal = useTerminal();
  const { current, saleReference, issued } = useReturn(saleReturn);
  const slip = returnSlipDoc(t, terminal, current, saleReference);
  // Waits while money is on its way back; a line with a manager does not keep the cashier here.
  const going = returnOnItsWay(current);
  const parts = returnParts(current);
  const short = parts.refused > 0 || parts.withManager > 0;
  return (
    <div className="screen returns">
      <h2 className="screen-title">{t('returns.title')}</h2>
      <p
        ref={followRef}
        role="status"
        className={`notice ${going || short ? 'notice-warn' : 'notice-ok'}`}
        tabIndex={-1}
      >
        {going ? t('returns.going') : t('returns.done')}
        {!going && <Money minor={parts.back} />}
        {!going && parts.refused > 0 && (
          <>
            {' · '}
            {t('returns.notGivenBack')}
            <Money minor={parts.refused} />
          </>
        )}
        {!going && parts.withManager > 0 && (
          <>
            {' · '}
            {t('returns.withManager')}
            <Money minor={parts.withManager} />
          </>
        )}
      </p>
      <ul className="return-lines" aria-label={t('returns.lines')}>
        {current.lines.map((line) => (
          <li key={line.id}>
            <span>{lineText(t, line)}</span> <Money minor={line.amount} /> · <span>{stateText(t, line)}</span>
            {line.state.name === 'done' && line.state.issuedNumber && (
              <strong className="instrument-number"> {groupNumber(line.state.issuedNumber)}</strong>
            )}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button
          type="button"
          className="button button-large"
          onClick={() => void printSlip(<SlipView doc={slip} />, slip)}
        >
          {t('returns.printSlip')}
        </button>
        {issued.map((card) => (
          <button
            key={card.number}
            type="button"
            className="button button-large"
            onClick={() => void printSlip(<IssueSlip instrument={card} />, issueSlipDoc(t, terminal, card))}
          >
            {t('returns.printCard', { number: groupNumber(card.number) })}
          </button>
        ))}
        <button
          type="button"
          className="button button-primary button-large"
          disabled={going && !mayLeaveWhileGoing}
          onClick={onNext}
        >
          {t('returns.next')}
        </button>
      </div>
    </div>
  );
}
