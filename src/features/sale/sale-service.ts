import type { QueryClient } from '@tanstack/react-query';
import { instrumentQueries } from '@/api/queries';
import { availableAmount } from '@/domain/account';
import type { Instrument, InstrumentKind } from '@/domain/instrument';
import { majorToMinor, type Minor } from '@/domain/money';
import type { Authorization, LoyaltyPayment } from '@/domain/payment';
import { canComplete, canTender, type Sale } from '@/domain/sale';
import { isInFlight, isUnresolved, type TenderEvent, type TenderLine } from '@/domain/tender-line';
import type { OperationOutcome, Runner } from '@/lib/operations/runner';
import type { LoyaltyApi } from '@/api/loyalty-api';
import { saleSnapshot, useSaleStore } from './sale-store';

type HoldKind = 'giftCard' | 'storeCredit';

export interface SaleServiceContext {
  runner: Runner;
  api: LoyaltyApi;
  scope: string;
  queryClient: QueryClient;
}

/** The answer to a pay request, as the event its line takes. */
function payEvent(kind: InstrumentKind, outcome: Exclude<OperationOutcome, { status: 'busy' }>, currency: string): TenderEvent {
  if (outcome.status === 'refused') {
    const available = outcome.error.details.available;
    return { type: 'refused', code: outcome.error.code, available: majorToMinor(available, currency) ?? undefined };
  }
  if (outcome.status === 'unknown') return { type: 'answerLost', reason: outcome.error.code };
  if (kind === 'loyaltyCard') {
    const payment = outcome.result as LoyaltyPayment;
    return { type: 'loyaltyAnswered', result: payment.result, approvedAmount: payment.approvedAmount, denialReason: payment.denialReason };
  }
  const hold = outcome.result as Authorization;
  return { type: 'holdPlaced', authCode: hold.authCode, expires: hold.expires };
}

/** A settle (commit or cancel) refused for good means the hold is not there to settle. */
const holdGone = new Set(['authorization_expired', 'authorization_canceled', 'authorization_not_found', 'not_found']);
/** Refusals that pass: the settle is simply sent again later. */
const passing = new Set(['rate_limited', 'unauthorized']);

/**
 * What a cashier does with a sale, each step through the recorded operation path, each answer
 * applied to the line it belongs to. Knows nothing of React: the screen and the recovery loop
 * both call it.
 */
export function createSaleService({ runner, api, scope, queryClient }: SaleServiceContext) {
  const actions = () => useSaleStore.getState().actions;
  const current = () => saleSnapshot(scope).current;
  const findSale = (transactionId: string): Sale | undefined => {
    const { current: c, recent } = saleSnapshot(scope);
    return c?.transactionId === transactionId ? c : recent.find((s) => s.transactionId === transactionId);
  };
  const findLine = (transactionId: string, lineId: string) => findSale(transactionId)?.lines.find((l) => l.id === lineId);
  const refresh = (kind: InstrumentKind, number: string) =>
    queryClient.invalidateQueries({ queryKey: [...instrumentQueries.all(scope), kind, number] });

  async function applyPay(sale: Sale, line: TenderLine, outcome: OperationOutcome | undefined) {
    if (!outcome || outcome.status === 'busy') return;
    if (line.kind === 'external') return;
    const latest = findLine(sale.transactionId, line.id);
    if (!latest || !isUnresolved(latest)) return;
    actions().tenderChanged(scope, sale.transactionId, line.id, payEvent(line.kind, outcome, api.config.currency));
    if (outcome.status === 'succeeded') {
      const result = outcome.result as Authorization | LoyaltyPayment;
      actions().tenderNoted(scope, sale.transactionId, line.id, { balanceAfter: availableAmount(result.account) });
    }
    await refresh(line.kind, line.number);
  }

  /** After an unknown outcome was resolved as "it happened": does the card show exactly that? */
  async function compareAfterResolve(line: TenderLine, operationId: string) {
    if (line.kind === 'external' || line.availableBefore === undefined) return;
    const fresh: Instrument = await queryClient.fetchQuery(instrumentQueries.detail(api, scope, line.kind, line.number)).catch(() => null as never);
    if (fresh && availableAmount(fresh.account) < line.availableBefore - line.amount) {
      await runner.flag(operationId, 'More left this card than this payment: the server may have applied the request twice. Check the card with the Loyalty server.');
    }
  }

  async function settleHold(sale: Sale, line: TenderLine, what: 'commit' | 'cancel') {
    if (line.state.name !== 'committing' && line.state.name !== 'canceling') return;
    const kind = line.kind as HoldKind;
    const operationId = line.settleOperationId ?? crypto.randomUUID();
    if (!line.settleOperationId) actions().tenderNoted(scope, sale.transactionId, line.id, { settleOperationId: operationId });
    // No record under a noted id means it was never sent (a crash in between): send it now, same id.
    const outcome =
      (line.settleOperationId ? await runner.retry(operationId) : undefined) ??
      (await runner.execute({ type: `${kind}.${what}`, number: line.number, authCode: line.state.authCode, amount: line.amount }, { transactionId: sale.transactionId, reason: what === 'commit' ? 'Sale' : 'Tender removed', id: operationId }));
    if (!outcome || outcome.status === 'busy' || outcome.status === 'unknown') return; // retried until it lands
    if (outcome.status === 'refused' && passing.has(outcome.error.code)) return;
    if (what === 'commit') {
      if (outcome.status === 'succeeded') actions().tenderChanged(scope, sale.transactionId, line.id, { type: 'committed' });
      else if (holdGone.has(outcome.error.code)) actions().tenderChanged(scope, sale.transactionId, line.id, { type: 'settleRefused' });
      else await runner.flag(operationId, `Commit refused: ${outcome.error.code}`);
    } else if (outcome.status === 'succeeded') {
      actions().tenderChanged(scope, sale.transactionId, line.id, { type: 'canceled', lapsed: (outcome.result as Authorization).status === 'expired' });
    } else if (holdGone.has(outcome.error.code)) {
      actions().tenderChanged(scope, sale.transactionId, line.id, { type: 'canceled', lapsed: true });
    } else if (outcome.error.code === 'authorization_committed') {
      actions().tenderChanged(scope, sale.transactionId, line.id, { type: 'turnedOutCommitted' });
      await runner.flag(operationId, 'The hold could not be released: it had been committed. The card paid this amount.');
    } else {
      await runner.flag(operationId, `Cancel refused: ${outcome.error.code}. The money may have been taken.`);
    }
    await refresh(kind, line.number);
  }

  /** Voids every approved payment of one loyalty card in this sale (the contract voids them together). */
  async function voidLoyalty(sale: Sale, number: string) {
    const lines = sale.lines.filter((l) => l.kind === 'loyaltyCard' && l.number === number && ['approved', 'partiallyApproved', 'voiding'].includes(l.state.name));
    if (lines.length === 0) return;
    const existing = lines.find((l) => l.settleOperationId)?.settleOperationId;
    const operationId = existing ?? crypto.randomUUID();
    for (const l of lines) {
      if (l.state.name !== 'voiding') actions().tenderChanged(scope, sale.transactionId, l.id, { type: 'voidRequested' });
      actions().tenderNoted(scope, sale.transactionId, l.id, { settleOperationId: operationId });
    }
    const amount = lines.reduce((sum, l) => sum + (l.state.name === 'approved' || l.state.name === 'partiallyApproved' || l.state.name === 'voiding' ? l.state.approvedAmount : 0), 0);
    const outcome =
      (existing ? await runner.retry(operationId) : undefined) ??
      (await runner.execute({ type: 'loyaltyCard.voidPayment', number, amount }, { transactionId: sale.transactionId, reason: 'Tender removed', id: operationId }));
    if (!outcome || outcome.status === 'busy' || outcome.status === 'unknown') return;
    if (outcome.status === 'refused' && passing.has(outcome.error.code)) return;
    if (outcome.status === 'succeeded' || outcome.error.code === 'payment_not_found') {
      for (const l of lines) actions().tenderChanged(scope, sale.transactionId, l.id, { type: 'voided' });
    } else {
      await runner.flag(operationId, `Void refused: ${outcome.error.code}`);
    }
    await refresh('loyaltyCard', number);
  }

  /** In a sale being voided, a line whose outcome became known is reversed at once. */
  async function reverse(transactionId: string, lineId: string) {
    const sale = findSale(transactionId);
    const line = findLine(transactionId, lineId);
    if (!sale || !line || sale.status !== 'voiding') return;
    if (line.state.name === 'authorized') {
      actions().tenderChanged(scope, transactionId, lineId, { type: 'cancelRequested' });
      await settleHold(sale, findLine(transactionId, lineId) ?? line, 'cancel');
    } else if (line.state.name === 'approved' || line.state.name === 'partiallyApproved') {
      await voidLoyalty(sale, line.number);
    }
  }

  async function finishIfSettled(transactionId: string) {
    const sale = findSale(transactionId);
    if (!sale) return;
    const settling = sale.lines.some((l) => ['committing', 'canceling', 'voiding'].includes(l.state.name));
    const unresolved = sale.lines.some(isUnresolved);
    if (sale.status === 'completing') {
      // A hold that lapsed before its commit: that money was not taken, so the sale is due again.
      const short = sale.lines.some((l) => l.state.name === 'failed' && l.state.code === 'authorization_expired');
      if (short) actions().saleStatusChanged(scope, transactionId, 'open');
      else if (!settling) actions().saleStatusChanged(scope, transactionId, 'completed');
    }
    if (sale.status === 'voiding' && !settling && !unresolved) actions().saleStatusChanged(scope, transactionId, 'voided');
  }

  return {
    /** Pays part of the sale with an instrument. The line exists (persisted) before the request leaves. */
    async tender(kind: InstrumentKind, number: string, amount: Minor, availableBefore: Minor | undefined) {
      const sale = current();
      if (!sale || !canTender(sale)) return;
      const line: TenderLine = { id: crypto.randomUUID(), kind, number, amount, availableBefore, payOperationId: crypto.randomUUID(), state: { name: 'requesting' } };
      actions().tenderAdded(scope, line);
      const outcome = await runner.execute({ type: `${kind}.pay`, number, amount }, { transactionId: sale.transactionId, reason: 'Sale', id: line.payOperationId });
      await applyPay(sale, line, outcome);
    },

    /** Cash, bank card: recorded on the sale only, nothing to send. */
    tenderExternal(amount: Minor, label: string) {
      const sale = current();
      if (!sale || !canTender(sale)) return;
      actions().tenderAdded(scope, { id: crypto.randomUUID(), kind: 'external', number: '', amount, label, state: { name: 'recorded' } });
    },

    /** Asks again with the same key: the way an unknown outcome is resolved. */
    async resolve(transactionId: string, lineId: string) {
      const sale = findSale(transactionId);
      const line = findLine(transactionId, lineId);
      if (!sale || !line?.payOperationId || !isUnresolved(line)) return;
      const outcome = await runner.retry(line.payOperationId);
      if (outcome?.status === 'busy') return;
      if (!outcome) {
        // Never written: the request never left, so nothing happened.
        actions().tenderChanged(scope, transactionId, lineId, { type: 'refused', code: 'not_sent' });
        return;
      }
      await applyPay(sale, line, outcome);
      if (outcome.status === 'succeeded' && outcome.record.attempts > 1) await compareAfterResolve(line, outcome.record.id);
    },

    async removeLine(lineId: string) {
      const sale = current();
      const line = sale?.lines.find((l) => l.id === lineId);
      if (!sale || !line || sale.status !== 'open') return;
      if (line.state.name === 'authorized') {
        actions().tenderChanged(scope, sale.transactionId, lineId, { type: 'cancelRequested' });
        await settleHold(sale, findLine(sale.transactionId, lineId) ?? line, 'cancel');
      } else if (line.state.name === 'approved' || line.state.name === 'partiallyApproved') {
        await voidLoyalty(sale, line.number);
      }
      const after = findLine(sale.transactionId, lineId);
      if (after && ['recorded', 'denied', 'failed', 'canceled', 'voided'].includes(after.state.name)) {
        for (const l of current()?.lines ?? []) {
          if (l.id === lineId || (l.kind === 'loyaltyCard' && l.number === line.number && l.state.name === 'voided')) actions().tenderRemoved(scope, l.id);
        }
      }
    },

    /** Commits every hold; the sale completes when all landed, or reopens with what is still due. */
    async complete() {
      const sale = current();
      if (!sale || !canComplete(sale)) return;
      actions().saleStatusChanged(scope, sale.transactionId, 'completing');
      for (const line of sale.lines.filter((l) => l.state.name === 'authorized')) {
        actions().tenderChanged(scope, sale.transactionId, line.id, { type: 'commitRequested' });
        await settleHold(sale, findLine(sale.transactionId, line.id) ?? line, 'commit');
      }
      await finishIfSettled(sale.transactionId);
      const after = findSale(sale.transactionId);
      if (after?.status === 'completing') actions().saleStatusChanged(scope, sale.transactionId, 'completed'); // commits still being delivered count as waiting
    },

    /**
     * Cancels every hold and voids every loyalty payment of the sale. Lines whose outcome is
     * still unknown are reversed as soon as it is known (recovery); the cashier may move on.
     */
    async voidSale() {
      const sale = current();
      if (!sale || sale.status !== 'open' || sale.lines.some(isInFlight)) return;
      actions().saleStatusChanged(scope, sale.transactionId, 'voiding');
      for (const line of sale.lines.filter((l) => l.state.name === 'authorized')) {
        actions().tenderChanged(scope, sale.transactionId, line.id, { type: 'cancelRequested' });
        await settleHold(sale, findLine(sale.transactionId, line.id) ?? line, 'cancel');
      }
      const loyaltyNumbers = new Set(sale.lines.filter((l) => l.state.name === 'approved' || l.state.name === 'partiallyApproved').map((l) => l.number));
      for (const number of loyaltyNumbers) await voidLoyalty(findSale(sale.transactionId) ?? sale, number);
      await finishIfSettled(sale.transactionId);
    },

    /**
     * Recovery: every line whose outcome is unknown is resolved, every commit, cancel and void not
     * yet delivered is sent again (same key). `afterRestart` also takes lines whose request was
     * cut off by a reload or crash.
     */
    async settlePending(afterRestart: boolean) {
      const { current: c, recent } = saleSnapshot(scope);
      for (const sale of [c, ...recent].filter((s): s is Sale => s !== null)) {
        for (const line of sale.lines) {
          if (line.state.name === 'unknown' || (afterRestart && line.state.name === 'requesting')) {
            if (line.state.name === 'requesting') actions().tenderChanged(scope, sale.transactionId, line.id, { type: 'answerLost', reason: 'interrupted' });
            await this.resolve(sale.transactionId, line.id);
            await reverse(sale.transactionId, line.id);
          } else if (line.state.name === 'committing') await settleHold(sale, line, 'commit');
          else if (line.state.name === 'canceling') await settleHold(sale, line, 'cancel');
          else if (line.state.name === 'voiding') await voidLoyalty(sale, line.number);
        }
        await finishIfSettled(sale.transactionId);
      }
    },

    newSale(due: Minor) {
      if (current()) actions().saleClosed(scope);
      actions().saleStarted(scope, due);
    },
    closeSale() {
      actions().saleClosed(scope);
    },
  };
}

export type SaleService = ReturnType<typeof createSaleService>;
