import { useRef, useState } from 'react';
import { ConfirmQuestion, KeepAnswer } from '@/components/ConfirmQuestion';
import { ErrorNotice } from '@/components/ErrorNotice';
import { useFocusFollows } from '@/components/use-focus-follows';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import { type Instrument, groupNumber } from '@/domain/instrument';
import { errorText } from '@/lib/error-text';
import { notesText } from '@/lib/note-text';
import { useTerminal } from '@/lib/terminal-context';
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
/** `stale`: the card's figures are from before a read that failed since: nothing new starts from them. */
export function UnissueAction({ instrument, stale = false }: { instrument: Instrument; stale?: boolean }) {
  const t = useT();
  const terminal = useTerminal();
  const op = useInstrumentOperation(`unissue:${instrument.kind}:${instrument.number}`);
  const [confirming, setConfirming] = useState(false);
  // The question takes Un-issue's place: the button takes the focus again after "No"; after the
  // yes, the outcome does (the button is greyed out while the un-issue is sent).
  const unissueButton = useRef<HTMLButtonElement>(null);
  const { follow, followRef } = useFocusFollows();
  const blocked = unissueBlocked(instrument);
  const what = `${t(`kind.${instrument.kind}`)} ${groupNumber(instrument.number)}`;
  // The answer stays on screen after the refreshed card no longer offers the action.
  if (op.state.phase === 'done') {
    return (
      <p ref={followRef} className="notice notice-ok" role="status" tabIndex={-1}>
        <span aria-hidden="true">✓ </span>
        {t('unissue.done', { what })}
      </p>
    );
  }
  // An outcome not known yet, or one a manager must look into, stays on screen whatever the card
  // read since shows (the un-issue may be what it shows), and nothing is offered meanwhile.
  if (op.state.phase === 'attention')
    return <ErrorNotice message={`${t('journal.outcome.attention')}: ${notesText(t, op.state.record, terminal)}`} />;
  if (op.state.phase === 'unknown')
    return (
      <div ref={followRef} role="alert" className="notice notice-warn" tabIndex={-1}>
        <p>{t('unissue.unknown')}</p>
        <button type="button" className="button" onClick={() => void op.resolve()}>
          {t('sale.resolve')}
        </button>
      </div>
    );
  const refusal = op.state.phase === 'refused' && (
    <ErrorNotice message={errorText(t, op.state.error, { kind: instrument.kind })} />
  );
  // A refusal stays too (another till may have un-issued the card meanwhile: it says so).
  if (blocked === 'hidden') return refusal || null;
  return (
    <div className="unissue">
      {refusal}
      {op.state.phase === 'waiting' && (
        <p className="notice notice-warn" role="status">
          {t('operation.waitingToRetry', { seconds: op.state.seconds })}
        </p>
      )}
      {confirming && !stale ? (
        <ManagerGate compact>
          <ConfirmQuestion
            className="notice notice-error"
            labelledBy="unissue-question"
            onKeep={() => setConfirming(false)}
            returnFocus={unissueButton}
          >
            <p id="unissue-question">
              {t(instrument.kind === 'loyaltyCard' ? 'unissue.confirmLoyalty' : 'unissue.confirm', { what })}
            </p>
            <div className="actions">
              <KeepAnswer className="button button-large">{t('unissue.no')}</KeepAnswer>
              <button
                type="button"
                className="button button-danger button-large"
                onClick={() => {
                  setConfirming(false);
                  follow();
                  void op.start(
                    { type: `${instrument.kind}.unissue`, number: instrument.number },
                    'Issue undone',
                    // What "sold" counted for a gift card or store credit; a loyalty card is loaded with nothing.
                    instrument.kind === 'loyaltyCard' ? {} : { loaded: instrument.account.original },
                  );
                }}
              >
                {t('unissue.yes')}
              </button>
            </div>
          </ConfirmQuestion>
        </ManagerGate>
      ) : (
        <>
          <button
            ref={(button) => {
              unissueButton.current = button;
              return followRef(button);
            }}
            type="button"
            className="button button-danger"
            disabled={blocked !== null || op.state.phase === 'sending' || stale}
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
