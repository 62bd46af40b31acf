import { useState } from 'react';
import { ErrorNotice } from '@/components/ErrorNotice';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import { type Instrument, groupNumber } from '@/domain/instrument';
import { errorText } from '@/lib/error-text';
import { useT, type MessageKey } from '@/lib/i18n';
import { useInstrumentOperation } from '@/outbox/use-operation';

/** Why un-issue cannot make sense for this instrument, as far as its own data shows (the server decides the rest). */
function unissueBlocked(instrument: Instrument): MessageKey | 'hidden' | null {
  if (instrument.kind === 'loyaltyCard') return instrument.statusCode === 1 ? null : 'hidden';
  if (instrument.status === 'notIssued') return 'hidden';
  const { account } = instrument;
  return account.net !== account.original || account.authorized > 0 ? 'unissue.blockedActivity' : null;
}

/** Un-issue from the detail view, after a confirmation that says what will happen. */
export function UnissueAction({ instrument }: { instrument: Instrument }) {
  const t = useT();
  const op = useInstrumentOperation();
  const [confirming, setConfirming] = useState(false);
  const blocked = unissueBlocked(instrument);
  const what = `${t(`kind.${instrument.kind}`)} ${groupNumber(instrument.number)}`;
  // The answer stays on screen after the refreshed card no longer offers the action.
  if (op.state.phase === 'done') {
    return (
      <p className="notice notice-ok" role="status">
        <span aria-hidden="true">✓ </span>
        {t('unissue.done', { what })}
      </p>
    );
  }
  if (blocked === 'hidden') return null;
  return (
    <div className="unissue">
      {op.state.phase === 'refused' && (
        <ErrorNotice message={errorText(t, op.state.error, { kind: instrument.kind })} />
      )}
      {op.state.phase === 'waiting' && (
        <p className="notice notice-warn" role="status">
          {t('operation.waitingToRetry', { seconds: op.state.seconds })}
        </p>
      )}
      {op.state.phase === 'unknown' && (
        <div role="alert" className="notice notice-warn">
          <p>{t('issue.unknown')}</p>
          <button type="button" className="button" onClick={() => void op.resolve()}>
            {t('sale.resolve')}
          </button>
        </div>
      )}
      {confirming ? (
        <ManagerGate compact>
          <div className="notice notice-error" role="alertdialog" aria-labelledby="unissue-question">
            <p id="unissue-question">
              {t(instrument.kind === 'loyaltyCard' ? 'unissue.confirmLoyalty' : 'unissue.confirm', { what })}
            </p>
            <div className="actions">
              <button type="button" className="button button-large" autoFocus onClick={() => setConfirming(false)}>
                {t('unissue.no')}
              </button>
              <button
                type="button"
                className="button button-danger button-large"
                onClick={() => {
                  setConfirming(false);
                  void op.start({ type: `${instrument.kind}.unissue`, number: instrument.number }, 'Issue undone');
                }}
              >
                {t('unissue.yes')}
              </button>
            </div>
          </div>
        </ManagerGate>
      ) : (
        <>
          <button
            type="button"
            className="button button-danger"
            disabled={blocked !== null || op.state.phase === 'sending'}
            aria-describedby={blocked ? 'unissue-blocked' : undefined}
            onClick={() => setConfirming(true)}
          >
            {t('unissue.action')}
          </button>
          {blocked && (
            <p id="unissue-blocked" className="hint">
              {t(blocked)}
            </p>
          )}
        </>
      )}
    </div>
  );
}
