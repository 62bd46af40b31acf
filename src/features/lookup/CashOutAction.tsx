import { useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ConfirmQuestion, KeepAnswer } from '@/components/ConfirmQuestion';
import { ErrorNotice } from '@/components/ErrorNotice';
import { useFocusFollows } from '@/components/use-focus-follows';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import { SlipView } from '@/lib/printing/SlipView';
import { cashOutCheck, type CashOutPolicy, type CashOutRefusal } from '@/domain/cash-out';
import { type Instrument, maskNumber } from '@/domain/instrument';
import { cashOwed } from '@/domain/sale';
import { formatMoney } from '@/domain/money';
import { refusalText } from '@/lib/error-text';
import { useT, type T } from '@/lib/i18n';
import { printSlip } from '@/lib/printing/print-slip';
import { useCashOutPolicy } from '@/lib/settings/store';
import { useTerminal } from '@/lib/terminal-context';
import { onOutboxChange } from '@/outbox/changes';
import { useActiveSales, useOperationRecord, useOutbox, useSaleRecord } from '@/outbox/projection';
import { cashOutSlipDoc } from '@/lib/printing/slips/cash-out-slip';
import { cashOutProgress } from './cash-out-progress';

/**
 * The cash-outs this tab started, by server and card, until the cashier has seen how each ended
 * and said so: the card read again, the lookup left and come back to, or the page reloaded, the
 * cash-out is still on screen ("pay out" included), never lost with the component that started it.
 */
interface CashOutsHere {
  /** By server and card: the cash-out's sale. */
  started: Record<string, string>;
  /** The last sales whose end the cashier has seen. */
  seen: string[];
}
const useCashOutsHere = create<CashOutsHere>()(
  persist((): CashOutsHere => ({ started: {}, seen: [] }), {
    name: 'loyalty-terminal.cash-outs',
    version: 1,
    storage: createJSONStorage(() => sessionStorage),
  }),
);
const cashOutStarted = (key: string, saleId: string) =>
  useCashOutsHere.setState((s) => ({ started: { ...s.started, [key]: saleId } }));
/** The cashier has seen how it ended (paid out, or told why not): the card is offered as any other again. */
const cashOutSeen = (key: string, saleId: string) =>
  useCashOutsHere.setState((s) => ({
    started: Object.fromEntries(Object.entries(s.started).filter(([k]) => k !== key)),
    seen: [...s.seen.slice(-19), saleId],
  }));
/** Its sale has gone (a training reset deleted it): forgotten, and the card is offered as any other again. */
const cashOutGone = (key: string, saleId: string) =>
  useCashOutsHere.setState((s) =>
    s.started[key] === saleId
      ? { started: Object.fromEntries(Object.entries(s.started).filter(([k]) => k !== key)) }
      : s,
  );

/** Why a cash-out did not start, in words: the check's refusal when the cashier said yes, or the records not written. */
function notStartedText(t: T, why: CashOutRefusal | 'notRecorded', threshold: string): string {
  const reason =
    why === 'notRecorded'
      ? t('cashOut.notRecorded')
      : why === 'held'
        ? t('cashOut.held')
        : why === 'overThreshold'
          ? t('cashOut.overThreshold', { threshold })
          : why === 'disabled'
            ? t('cashOut.turnedOff')
            : t('cashOut.nothingLeft');
  return `${reason} ${t('cashOut.refused')}`;
}

/** The cash-out of this card under way or not yet seen through: this tab's, or one still being worked on in any window. */
function useCashOutOf(key: string, number: string): string | null {
  const here = useCashOutsHere((s) => s.started[key]);
  const seen = useCashOutsHere((s) => s.seen);
  const ofCard = useActiveSales().filter((s) => s.purpose === 'cashOut' && s.lines[0]?.number === number);
  // Cash still owed is never hidden, whatever this tab saw of it (a "Paid out" that did not go through).
  const owed = ofCard.find(cashOwed);
  if (owed) return owed.transactionId;
  const active = ofCard[0];
  const saleId = here ?? active?.transactionId ?? null;
  return saleId && !seen.includes(saleId) ? saleId : null;
}

/**
 * Cash-out of a small gift card balance, from the looked-up card: offered where Settings turned it
 * on, refused at or above the threshold and while part of it is held, behind the manager's PIN.
 * The balance is taken through the one path (executor, outbox, sender); the screen says "pay out"
 * only once it is committed, and keeps saying it until the cashier says it is done.
 */
export function CashOutAction({ card, stale = false }: { card: Instrument; stale?: boolean }) {
  const t = useT();
  const terminal = useTerminal();
  const policy = useCashOutPolicy();
  const { perform, reads } = useOutbox();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  // From the yes until the executor has said how it went; then why it did not start, if it did not.
  const [starting, setStarting] = useState(false);
  const [notStarted, setNotStarted] = useState<{ why: CashOutRefusal | 'notRecorded'; policy: CashOutPolicy } | null>(
    null,
  );
  // The sale this yes started, until it has been read once: a read that does not find it yet is no reason to forget it.
  const justStarted = useRef<string | null>(null);
  // The question takes Cash out's place: the button takes the focus again after "No"; after the
  // yes, each step that follows does ("sending", then "pay now", or how it ended).
  const cashOutButton = useRef<HTMLButtonElement>(null);
  const { follow, followRef } = useFocusFollows();
  const key = `${terminal.scope}:${card.number}`;
  const saleId = useCashOutOf(key, card.number);
  const sale = useSaleRecord(saleId);
  const commit = useOperationRecord(sale?.lines[0]?.settleOperationId ?? null);
  const money = (minor: number) => formatMoney(minor, terminal.currency, terminal.locale);

  // A cash-out this tab remembers whose sale is gone (a training reset deleted the training sales):
  // forgotten, as an issue's is (use-operation.ts), rather than "taking the balance" for ever. Asked
  // when it is shown and after each write, in any window.
  useEffect(() => {
    if (!saleId) return undefined;
    let live = true;
    const check = () =>
      void reads.getSale(saleId).then(
        (found) => {
          if (!live) return;
          if (found) {
            if (justStarted.current === saleId) justStarted.current = null;
          } else if (justStarted.current !== saleId) cashOutGone(key, saleId);
        },
        () => undefined, // not read now: asked again at the next change
      );
    check();
    const off = onOutboxChange(check);
    return () => {
      live = false;
      off();
    };
  }, [key, saleId, reads]);
  const seen = (
    <button ref={followRef} type="button" className="button" onClick={() => saleId && cashOutSeen(key, saleId)}>
      {t('cashOut.seen')}
    </button>
  );

  if (saleId) {
    const progress = cashOutProgress(sale, commit);
    if (progress.phase === 'withManager' || progress.phase === 'refused')
      return (
        <div className="cash-out-ended">
          <ErrorNotice
            message={
              progress.phase === 'withManager'
                ? t('cashOut.withManager')
                : `${t('cashOut.refused')} ${t('line.failed', {
                    reason: refusalText(
                      t,
                      progress.code,
                      // What the server said the card had, when it said (a card spent elsewhere since it was read).
                      'available' in progress && progress.available !== undefined
                        ? formatMoney(progress.available, sale?.currency ?? terminal.currency, terminal.locale)
                        : '–',
                    ),
                  })}`
            }
          />
          {seen}
        </div>
      );
    if (progress.phase === 'paidOut')
      return (
        <div className="cash-out-ended">
          <p className="notice notice-ok" role="status">
            <span aria-hidden="true">✓ </span>
            {t('cashOut.handedOver', { time: new Date(progress.at).toLocaleTimeString(terminal.locale) })}
          </p>
          {seen}
        </div>
      );
    if (progress.phase !== 'paid')
      return (
        <p ref={followRef} role="status" className="notice notice-warn" tabIndex={-1}>
          <span className="spinner" aria-hidden="true" />{' '}
          {t(progress.phase === 'waiting' ? 'cashOut.waiting' : 'cashOut.sending')}
        </p>
      );
    const amount = sale?.due ?? 0;
    // The cash owed is in the currency the cash-out was kept in (one kept before sales had one: the terminal's).
    const paidIn = sale?.currency ?? terminal.currency;
    const doc = cashOutSlipDoc(t, terminal, card, amount, card.account.floor, undefined, paidIn);
    return (
      // The "pay now" is the polite news; a failure under it is an alert of its own, not inside it (read out twice).
      <div className="notice notice-ok cash-out-done">
        <p ref={followRef} role="status" tabIndex={-1}>
          <span aria-hidden="true">✓ </span>
          {t('cashOut.payNow')}{' '}
          <strong className="cash-out-amount">{formatMoney(amount, paidIn, terminal.locale)}</strong>
        </p>
        {failed && <ErrorNotice message={t('cashOut.paidOutFailed')} />}
        <div className="actions">
          <button
            type="button"
            className="button button-large"
            onClick={() => void printSlip(<SlipView doc={doc} />, doc)}
          >
            {t('cashOut.print')}
          </button>
          <button
            type="button"
            className="button button-large"
            onClick={() =>
              // Recorded on the sale, for every window: the cash is owed no longer. Not recorded
              // (the records cannot be written now), it stays owed and on screen, and says so.
              void perform({ type: 'saleAction', transactionId: saleId, action: { type: 'paidOut' } }).then(
                (step) => {
                  if (!step?.rejected) return cashOutSeen(key, saleId);
                  // Another window said so a moment before: kept on screen here, saying when it was handed over.
                  if (step.rejected === 'nothing_owed') return cashOutStarted(key, saleId);
                  setFailed(true);
                },
                () => setFailed(true),
              )
            }
          >
            {t('cashOut.paidOut')}
          </button>
        </div>
      </div>
    );
  }

  if (starting)
    return (
      <p ref={followRef} role="status" className="notice notice-warn" tabIndex={-1}>
        <span className="spinner" aria-hidden="true" /> {t('cashOut.sending')}
      </p>
    );
  // The yes did not start it: said in words (nothing was taken, nothing to pay out), with the card's offer as it is now.
  const refusal = notStarted && (
    <div ref={followRef} tabIndex={-1} className="cash-out-ended">
      <ErrorNotice message={notStartedText(t, notStarted.why, money(notStarted.policy.threshold))} />
    </div>
  );
  // A trainer rehearsing a cash-out on a card that qualifies: told why there is none (one setting
  // for training and live, a manager's). A live cashier is not told it on every small card.
  if (
    !policy.enabled &&
    terminal.mode === 'training' &&
    typeof cashOutCheck(card, { ...policy, enabled: true }) !== 'string'
  )
    return refusal || <p className="hint">{t('cashOut.offInTraining')}</p>;
  if (!policy.enabled || card.kind !== 'giftCard') return refusal || null;
  const check = cashOutCheck(card, policy);
  if (check === 'nothing' || check === 'notIssued' || check === 'disabled' || check === 'notGiftCard')
    return refusal || null;
  if (check === 'overThreshold')
    return (
      <>
        {refusal}
        <p className="hint" id="cash-out-over">
          {t('cashOut.overThreshold', { threshold: money(policy.threshold) })}
        </p>
      </>
    );
  if (check === 'held')
    return (
      <>
        {refusal}
        <p className="hint">{t('cashOut.held')}</p>
      </>
    );
  if (!confirming || stale)
    return (
      <>
        {refusal}
        <button
          ref={cashOutButton}
          type="button"
          className="button"
          // Figures a failed read may have made old start nothing (what was started stays said above).
          disabled={stale}
          onClick={() => {
            setNotStarted(null);
            setConfirming(true);
          }}
        >
          {t('cashOut.action', { amount: money(check.amount) })}
        </button>
      </>
    );
  return (
    // The PIN each time, for this cash-out: a manager's unlock for other tasks does not pay out cash.
    <ManagerGate compact everyTime>
      <ConfirmQuestion
        className="notice notice-warn"
        labelledBy="cash-out-question"
        onKeep={() => setConfirming(false)}
        returnFocus={cashOutButton}
      >
        <p id="cash-out-question">
          {t('cashOut.confirm', { amount: money(check.amount), card: maskNumber(card.number) })}
        </p>
        <div className="actions">
          <KeepAnswer className="button button-large">{t('cashOut.no')}</KeepAnswer>
          <button
            type="button"
            className="button button-primary button-large"
            onClick={() => {
              setConfirming(false);
              setStarting(true);
              follow();
              // Not started (refused by the check as it stands now, or not written): said so, nothing paid out.
              void perform({ type: 'startCashOut', card, policy }).then(
                (started) => {
                  setStarting(false);
                  if (typeof started === 'string') return setNotStarted({ why: started, policy });
                  justStarted.current = started.transactionId;
                  cashOutStarted(key, started.transactionId);
                },
                () => {
                  setStarting(false);
                  setNotStarted({ why: 'notRecorded', policy });
                },
              );
            }}
          >
            {t('cashOut.yes', { amount: money(check.amount) })}
          </button>
        </div>
      </ConfirmQuestion>
    </ManagerGate>
  );
}

/**
 * Cash-outs taken from their card whose cash nobody has said was handed over, in every window of
 * the terminal (the outbox keeps them active until then), but the card on screen (its own action
 * says so there): a reload, a closed tab or another window does not lose cash that is owed. Each
 * shows its card again, where the cashier pays out and says it is done.
 */
export function CashOutsWaiting({
  shownNumber,
  onShow,
}: {
  shownNumber: string | undefined;
  onShow: (number: string) => void;
}) {
  const t = useT();
  const terminal = useTerminal();
  const owed = useActiveSales().filter((s) => cashOwed(s) && s.lines[0]?.number !== shownNumber);
  if (owed.length === 0) return null;
  return (
    <div className="cash-outs-waiting">
      {owed.map((sale) => {
        const number = sale.lines[0]?.number ?? '';
        const card = maskNumber(number);
        const amount = formatMoney(sale.due, sale.currency ?? terminal.currency, terminal.locale);
        // On screen from the start (not a change to announce): a plain notice, its button in reach.
        return (
          <div key={sale.transactionId} className="notice notice-warn">
            <p>{t('cashOut.waitingPayOut', { card, amount })}</p>
            <button type="button" className="button" onClick={() => onShow(number)}>
              {t('cashOut.show', { card })}
            </button>
          </div>
        );
      })}
    </div>
  );
}
