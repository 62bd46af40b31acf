import { useState } from 'react';
import { ErrorNotice } from '@/components/ErrorNotice';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import { SlipView } from '@/lib/printing/SlipView';
import { cashOutCheck } from '@/domain/cash-out';
import { type Instrument, maskNumber } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import type { Sale } from '@/domain/sale';
import { isWithManager } from '@/domain/tender-line';
import { errorText } from '@/lib/error-text';
import { useT } from '@/lib/i18n';
import { printSlip } from '@/lib/printing/print';
import { useCashOutPolicy } from '@/lib/settings/store';
import { useTerminal } from '@/lib/terminal-context';
import { useOutbox, useSaleRecord } from '@/outbox/projection';
import { cashOutSlipDoc } from '@/lib/printing/slips/cash-out-slip';

/** How far a cash-out is, from its sale: the drawer opens only once the card's money is committed. */
function progressOf(sale: Sale | undefined) {
  const line = sale?.lines[0];
  if (!sale || !line) return { phase: 'sending' as const };
  if (line.state.name === 'committed') return { phase: 'paid' as const };
  // The hold's outcome went to a manager: the cash-out ends, nothing is paid out, the card is checked.
  if (isWithManager(line)) return { phase: 'withManager' as const };
  if (sale.status === 'voided' || sale.status === 'voiding')
    return { phase: 'refused' as const, code: line.state.name === 'failed' ? line.state.code : 'unknown' };
  if (line.state.name === 'unknown' || line.settleQueued) return { phase: 'waiting' as const };
  return { phase: 'sending' as const };
}

/**
 * Cash-out of a small gift card balance, from the looked-up card: offered where Settings turned it
 * on, refused at or above the threshold, behind the manager's PIN. The balance is taken through
 * the one path (executor, outbox, sender); the screen says "pay out" only once it is committed.
 */
export function CashOutAction({ card }: { card: Instrument }) {
  const t = useT();
  const terminal = useTerminal();
  const policy = useCashOutPolicy();
  const { perform } = useOutbox();
  const [confirming, setConfirming] = useState(false);
  const [saleId, setSaleId] = useState<string | null>(null);
  const [amount, setAmount] = useState(0);
  const sale = useSaleRecord(saleId);
  const money = (minor: number) => formatMoney(minor, terminal.currency, terminal.locale);

  if (saleId) {
    const progress = progressOf(sale);
    if (progress.phase === 'withManager') return <ErrorNotice message={t('cashOut.withManager')} />;
    if (progress.phase === 'refused')
      return <ErrorNotice message={`${t('cashOut.refused')} ${errorText(t, { code: progress.code, message: '' })}`} />;
    if (progress.phase !== 'paid')
      return (
        <p role="status" className="notice notice-warn">
          <span className="spinner" aria-hidden="true" />{' '}
          {t(progress.phase === 'waiting' ? 'cashOut.waiting' : 'cashOut.sending')}
        </p>
      );
    const doc = cashOutSlipDoc(t, terminal, card, amount);
    return (
      <div className="notice notice-ok cash-out-done" role="status">
        <p>
          <span aria-hidden="true">✓ </span>
          {t('cashOut.payNow')} <strong className="cash-out-amount">{money(amount)}</strong>
        </p>
        <button
          type="button"
          className="button button-large"
          onClick={() => void printSlip(<SlipView doc={doc} />, doc)}
        >
          {t('cashOut.print')}
        </button>
      </div>
    );
  }

  if (!policy.enabled || card.kind !== 'giftCard') return null;
  const check = cashOutCheck(card, policy);
  if (check === 'nothing' || check === 'notIssued' || check === 'disabled' || check === 'notGiftCard') return null;
  if (check === 'overThreshold')
    return (
      <p className="hint" id="cash-out-over">
        {t('cashOut.overThreshold', { threshold: money(policy.threshold) })}
      </p>
    );
  if (!confirming)
    return (
      <button type="button" className="button" onClick={() => setConfirming(true)}>
        {t('cashOut.action', { amount: money(check.amount) })}
      </button>
    );
  return (
    // The PIN each time, for this cash-out: a manager's unlock for other tasks does not pay out cash.
    <ManagerGate compact everyTime>
      <div className="notice notice-warn" role="alertdialog" aria-labelledby="cash-out-question">
        <p id="cash-out-question">
          {t('cashOut.confirm', { amount: money(check.amount), card: maskNumber(card.number) })}
        </p>
        <div className="actions">
          <button type="button" className="button button-large" autoFocus onClick={() => setConfirming(false)}>
            {t('cashOut.no')}
          </button>
          <button
            type="button"
            className="button button-primary button-large"
            onClick={() => {
              setConfirming(false);
              setAmount(check.amount);
              void perform({ type: 'startCashOut', card, policy }).then((started) => {
                if (typeof started !== 'string') setSaleId(started.transactionId);
              });
            }}
          >
            {t('cashOut.yes', { amount: money(check.amount) })}
          </button>
        </div>
      </div>
    </ManagerGate>
  );
}
