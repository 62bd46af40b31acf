import { availableAmount, type Instrument } from './instrument';
import type { Minor } from './money';
import { newSale, type Sale } from './sale';
import { decide, type FlowEnv, type FlowStep, type SaleMeta } from './sale-flow';

/**
 * Cash-out of a small gift card balance (where the law asks for it: California, under $15 from
 * 1 April 2026). The whole balance is taken through the sale flow's own path (pay, then commit,
 * each recorded and sent with its key), as a sale of its own kind that no cashier steps through:
 * the flow commits it as soon as the hold is there (sale-flow.ts, `cashOutFollows`). The drawer
 * pays only once the commit is answered (the screen waits for the committed line).
 */
export interface CashOutPolicy {
  enabled: boolean;
  /** Balances strictly under this (minor units) may be paid out. */
  threshold: Minor;
}

export type CashOutRefusal = 'disabled' | 'notGiftCard' | 'notIssued' | 'nothing' | 'held' | 'overThreshold';

/** Whether this card may be cashed out now, and for how much: its whole available balance. */
export function cashOutCheck(card: Instrument, policy: CashOutPolicy): { amount: Minor } | CashOutRefusal {
  if (!policy.enabled) return 'disabled';
  if (card.kind !== 'giftCard') return 'notGiftCard';
  if (card.status !== 'issued') return 'notIssued';
  // The threshold is the balance's, not what is spendable now: money held for a sale in progress
  // (another till's) is still the card's, and comes back if that sale is canceled. A card with a
  // hold is not cashed out until it has gone; then "the whole balance" is what is taken.
  if (card.account.net - card.account.floor >= policy.threshold) return 'overThreshold';
  if (card.account.authorized > 0) return 'held';
  const amount = availableAmount(card.account);
  if (amount <= 0) return 'nothing';
  return { amount };
}

/**
 * The cash-out as a sale: due the whole balance, the card tendered for it at once. Closed from the
 * start (no cashier's sale screen shows it); the outbox keeps it active until its lines settle.
 */
export function startCashOut(
  card: Instrument,
  policy: CashOutPolicy,
  meta: SaleMeta,
  env: FlowEnv,
): FlowStep | CashOutRefusal {
  const check = cashOutCheck(card, policy);
  if (typeof check === 'string') return check;
  const sale: Sale = {
    ...newSale(env.newId(), check.amount, env.now),
    scope: meta.scope,
    owner: meta.owner,
    closed: true,
    purpose: 'cashOut',
    ...(meta.currency ? { currency: meta.currency } : {}),
  };
  const step = decide(
    sale,
    { type: 'tender', kind: 'giftCard', number: card.number, amount: check.amount, availableBefore: check.amount },
    env,
  );
  return step.rejected ? 'nothing' : step;
}
