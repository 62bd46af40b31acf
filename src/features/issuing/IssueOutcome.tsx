import { ErrorNotice } from '@/components/ErrorNotice';
import { IssueSlip, issueSlipDoc } from '@/lib/printing/slips/issue-slip';
import { useTerminal } from '@/lib/terminal-context';
import { groupNumber, type InstrumentKind } from '@/domain/instrument';
import { errorText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import type { OperationState } from '@/outbox/use-operation';
import { notesText } from '@/lib/note-text';
import { printSlip } from '@/lib/printing/print-slip';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import type { useFocusFollows } from '@/components/use-focus-follows';

/**
 * What came of an issue: the new number shown large with its slip, the refusal in words, or
 * "unknown, resolving". The form that asked has gone: what is shown takes the focus from the
 * page (`followRef`, from the task's `useFocusFollows`), "Issuing…" first, then the outcome.
 */
export function IssueOutcome({
  kind,
  state,
  onResolve,
  onNext,
  followRef,
}: {
  /** The kind of card being issued: a refusal names it. */
  kind: InstrumentKind;
  state: OperationState;
  onResolve: () => void;
  onNext: () => void;
  followRef: ReturnType<typeof useFocusFollows>['followRef'];
}) {
  const t = useT();
  const terminal = useTerminal();
  if (state.phase === 'sending')
    return (
      <p ref={followRef} role="status" className="progress" tabIndex={-1}>
        <span className="spinner" aria-hidden="true" /> {t('issue.sending')}
      </p>
    );
  // Refused (nothing was issued): said, and the next issue one tap away (the task's form again).
  const next = (
    <button ref={followRef} type="button" className="button button-large" onClick={onNext}>
      {t('issue.next')}
    </button>
  );
  if (state.phase === 'refused')
    return (
      <>
        <ErrorNotice message={errorText(t, state.error, { kind })} />
        {next}
      </>
    );
  if (state.phase === 'waiting')
    return (
      <p ref={followRef} role="status" className="notice notice-warn" tabIndex={-1}>
        {t('operation.waitingToRetry', { seconds: state.seconds })}
      </p>
    );
  // With a manager (it may have issued after all): a new issue only once a manager has checked the
  // card (the PIN), never from the cashier's tap on the task.
  if (state.phase === 'attention')
    return (
      <>
        <ErrorNotice message={`${t('journal.outcome.attention')}: ${notesText(t, state.record, terminal)}`} />
        {state.record.answeredNumber && !('number' in state.record.request) && (
          <p className="notice notice-warn">
            {t('issue.answeredCard', { number: groupNumber(state.record.answeredNumber) })}
          </p>
        )}
        <ManagerGate compact>
          <button ref={followRef} type="button" className="button button-large" onClick={onNext}>
            {t('issue.checkedNext')}
          </button>
        </ManagerGate>
      </>
    );
  if (state.phase === 'unknown') {
    return (
      <div ref={followRef} role="alert" className="notice notice-warn" tabIndex={-1}>
        <p>
          <span aria-hidden="true">? </span>
          {t('issue.unknown')}
        </p>
        <button type="button" className="button" onClick={onResolve}>
          {t('sale.resolve')}
        </button>
      </div>
    );
  }
  if (state.phase !== 'done') return null;
  const { instrument } = state;
  return (
    <div className="issue-done" role="status">
      <p ref={followRef} className="notice notice-ok" tabIndex={-1}>
        <span aria-hidden="true">✓ </span>
        {t('issue.done', { kind: t(`kind.${instrument.kind}`) })}
      </p>
      {state.flagged && (
        <p className="notice notice-warn">{`${t('journal.outcome.attention')}: ${notesText(t, state.flagged, terminal)}`}</p>
      )}
      <dl className="new-number-block">
        <dt id="issue-new-number" className="new-number-label">
          {t('issue.number')}
        </dt>
        <dd aria-labelledby="issue-new-number" className="new-number">
          {groupNumber(instrument.number)}
        </dd>
      </dl>
      <IssueSlip instrument={instrument} />
      <div className="actions">
        <button
          type="button"
          className="button button-large"
          onClick={() => void printSlip(<IssueSlip instrument={instrument} />, issueSlipDoc(t, terminal, instrument))}
        >
          {t('issue.print')}
        </button>
        <button type="button" className="button button-primary button-large" onClick={onNext}>
          {t('issue.next')}
        </button>
      </div>
    </div>
  );
}
