import { useDeferredValue, useEffect, useRef, useState, type FormEvent } from 'react';
import { LookupButton } from '@/components/LookupButton';
import { ErrorNotice } from '@/components/ErrorNotice';
import { useDelayedFlag } from '@/components/use-delayed-flag';
import { LoyaltyApiError } from '@/api/errors';
import { groupNumber } from '@/domain/instrument';
import { errorText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import { useNavigationActions, usePendingLookup } from '@/lib/navigation-store';
import { useScanner } from '@/lib/scanner';
import { InstrumentDetails } from '@/components/InstrumentDetails';
import { UnissueAction } from './UnissueAction';
import { LiftPause } from './LiftPause';
import { balanceSlipDoc } from '@/lib/printing/slips/balance-slip';
import { CashOutAction, CashOutsWaiting } from './CashOutAction';
import { SlipView } from '@/lib/printing/SlipView';
import { printSlip } from '@/lib/printing/print-slip';
import { useTerminal } from '@/lib/terminal-context';
import { KindChoice } from '@/components/KindChoice';
import { useCardLookup } from '@/lib/card-lookup';

export function LookupScreen() {
  const t = useT();
  const terminal = useTerminal();
  // A look-up asked for elsewhere (a scenario card) is where this screen starts.
  const pending = usePendingLookup();
  const { pendingLookupTaken } = useNavigationActions();
  const lookup = useCardLookup(pending && { kind: pending.kind, number: pending.number });
  const { target, query, submit } = lookup;
  const [input, setInput] = useState(pending?.number ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  const slow = useDelayedFlag(query.isFetching);

  const onScan = (text: string) => {
    setInput(text.trim());
    submit(text);
  };
  useScanner(onScan);

  useEffect(() => {
    if (pending) pendingLookupTaken();
  }, [pending, pendingLookupTaken]);

  useEffect(() => inputRef.current?.focus(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(input);
    inputRef.current?.select();
  };

  const error = query.error;
  const { answer, shown, reading, readFailed } = lookup;
  const paused = error instanceof LoyaltyApiError && error.code === 'lookups_paused';
  // The read failed because lookups are paused: said as such, with the manager's lift, whether or not
  // older figures are on screen (they stay, marked as older; the notice's own retry replaces "Read again").
  const pausedOverOld = shown !== undefined && !answer && readFailed && paused;
  // What can be done with the card: its answer's, or that answer's after a read of it since failed
  // (an operation on the card had it read again): an un-issue's or a cash-out's outcome stays on
  // screen, but nothing new starts from figures that may be old.
  const actionCard = answer ?? (lookup.refreshFailed ? shown : undefined);
  // A scan's amounts are drawn first; what can be done with the card follows in the render after.
  // Once there, they stay while the same card is read again in the background (an un-issue's answer is theirs).
  const actionsShown = useDeferredValue(actionCard !== undefined);
  // Only when an older read is shown: a time formatted on every render costs a scan its share.
  const readAt = () => new Date(query.dataUpdatedAt).toLocaleTimeString(terminal.locale);

  return (
    <div className="screen lookup">
      <h2 className="screen-title">{t('lookup.title')}</h2>
      <form className="lookup-form" onSubmit={onSubmit} noValidate>
        <label htmlFor="lookup-number" className="field-label">
          {t('lookup.numberLabel')}
        </label>
        <div className="lookup-row lookup-row-number">
          <input
            id="lookup-number"
            ref={inputRef}
            className="input input-large"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            inputMode="text"
            aria-describedby={lookup.inputError ? 'lookup-hint lookup-error' : 'lookup-hint'}
            aria-invalid={lookup.inputError ? true : undefined}
          />
          <LookupButton primary />
        </div>
        <p id="lookup-hint" className="hint">
          {t('lookup.hint')}
        </p>
        {lookup.inputError && (
          <p id="lookup-error" className="field-error" role="alert">
            {t(lookup.inputError)}
          </p>
        )}
      </form>

      <CashOutsWaiting
        shownNumber={answer?.number}
        onShow={(number) => {
          setInput(number);
          lookup.choose({ kind: 'giftCard', number });
        }}
      />

      {lookup.askKindFor && (
        <div className="ask-kind">
          <KindChoice
            number={lookup.askKindFor}
            legend={t('lookup.askKind', { number: groupNumber(lookup.askKindFor) })}
            onChoose={(kind) => lookup.choose({ kind, number: lookup.askKindFor ?? '' })}
          />
          <button type="button" className="button" onClick={lookup.cancelAsk}>
            {t('lookup.cancelAsk')}
          </button>
        </div>
      )}

      <div className="lookup-result" aria-busy={query.isFetching}>
        {slow && (
          <p role="status" className="progress">
            <span className="spinner" aria-hidden="true" /> {t('lookup.loading')}
          </p>
        )}
        {target && error && (!shown || pausedOverOld) && (
          <ErrorNotice
            message={errorText(t, error, { kind: target.kind, locale: terminal.locale })}
            onRetry={() => void query.refetch()}
          >
            {paused && <LiftPause onLifted={() => void query.refetch()} />}
            {error instanceof LoyaltyApiError && error.code === 'not_found' && (
              <KindChoice
                number={target.number}
                legend={t('lookup.askKind', { number: groupNumber(target.number) })}
                onChoose={(kind) => lookup.choose({ kind, number: target.number })}
              />
            )}
          </ErrorNotice>
        )}
        {shown && !answer && (
          // What was read before: shown while this scan is read, or when its read failed, never as the answer.
          <div className="instrument-old">
            <p className="notice notice-quiet" role="status">
              <span aria-hidden="true">… </span>
              {reading ? t('lookup.reading', { time: readAt() }) : t('lookup.refreshFailed', { time: readAt() })}
            </p>
            <InstrumentDetails instrument={shown} />
            {readFailed && !paused && (
              <div className="actions">
                <button type="button" className="button" onClick={lookup.readAgain}>
                  {t('lookup.refresh')}
                </button>
              </div>
            )}
          </div>
        )}
        {answer && <InstrumentDetails instrument={answer} />}
        {actionCard && actionsShown && (
          // One place in the tree, fresh or not: the actions keep what they show across a failed read.
          <div className="actions">
            {answer && (
              <button type="button" className="button" onClick={lookup.readAgain} disabled={query.isFetching}>
                {t('lookup.refresh')}
              </button>
            )}
            <button
              type="button"
              className="button"
              disabled={!answer}
              onClick={() => {
                if (!answer) return;
                const doc = balanceSlipDoc(t, terminal, answer);
                void printSlip(<SlipView doc={doc} />, doc);
              }}
            >
              {t('balance.print')}
            </button>
            <CashOutAction key={`cash-out:${actionCard.number}`} card={actionCard} stale={!answer} />
            <UnissueAction key={`${actionCard.kind}:${actionCard.number}`} instrument={actionCard} stale={!answer} />
          </div>
        )}
      </div>
    </div>
  );
}
