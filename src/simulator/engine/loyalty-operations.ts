import { type Minor, minorToMajor } from '../../domain/money';
import { addMonthsUtc, type Caller, type EngineContext } from './context';
import { fail, SimError } from './errors';
import { paymentsOfSale } from './indexes';
import { parseAmount, parseCustomer } from './requests';
import type { LoyaltyVoidWire } from '../../wire/answers';
import type { LoyaltyPaymentRecord } from './state';
import { isoDate, loyaltyCardView, loyaltyPaymentView } from './views';

/** Loyalty cards: open (issue), un-issue, pay (approved, partially approved or denied), void, query. */
export function createLoyaltyOperations(ctx: EngineContext) {
  const { state: st, now, group, seriesOf, requireMerchant, find, sweep, record, begin } = ctx;

  // ---- loyalty cards -------------------------------------------------------------------------

  function issueLoyalty(caller: Caller, number: string, rawBody: unknown) {
    const { t, g, body, ws } = begin(caller, rawBody);
    const customer = parseCustomer(body);
    const rec = find(caller, 'loyaltyCard', number);
    requireMerchant(caller, g, 'loyaltyCard', rec.seriesNumber, 'sell');
    if (rec.statusCode === 1) throw fail.conflict('already_issued', 'This loyalty card is already open.');
    if (rec.statusCode === 2) throw fail.conflict('card_closed', 'This loyalty card is closed.');
    if (rec.statusCode === 4) throw fail.conflict('card_canceled', 'This loyalty card is canceled.');
    rec.statusCode = 1;
    rec.startDate = isoDate(t);
    rec.created ??= isoDate(t);
    const validity = seriesOf(g, 'loyaltyCard', rec.seriesNumber)?.validityMonths;
    if (validity) rec.expiryDate = isoDate(addMonthsUtc(t, validity));
    if (customer !== undefined) rec.customer = customer;
    rec.financialActivity = false;
    record(caller, ws, 'issue', rec);
    return loyaltyCardView(st(), rec, t);
  }

  function unissueLoyalty(caller: Caller, number: string, rawBody: unknown) {
    const { t, g, ws } = begin(caller, rawBody);
    const rec = find(caller, 'loyaltyCard', number);
    requireMerchant(caller, g, 'loyaltyCard', rec.seriesNumber, 'sell');
    if (rec.statusCode === 0) throw fail.conflict('not_issued', 'This loyalty card is not issued.');
    if (rec.statusCode === 2) throw fail.conflict('card_closed', 'This loyalty card is closed.');
    if (rec.statusCode === 4) throw fail.conflict('card_canceled', 'This loyalty card is canceled.');
    if (rec.financialActivity)
      throw fail.conflict('financial_activity', 'Payments have been approved on it since it was issued.');
    rec.statusCode = 0;
    rec.startDate = undefined;
    record(caller, ws, 'unissue', rec);
    return loyaltyCardView(st(), rec, t);
  }

  function payLoyalty(caller: Caller, number: string, rawBody: unknown) {
    const { t, g, body, ws } = begin(caller, rawBody);
    const requested = parseAmount(body, st().currency, true);
    const rec = find(caller, 'loyaltyCard', number);
    requireMerchant(caller, g, 'loyaltyCard', rec.seriesNumber, 'accept');
    const available = Math.max(0, rec.net - rec.floor);
    const denial: LoyaltyPaymentRecord['denialReason'] =
      rec.statusCode !== 1
        ? 'card_not_open'
        : rec.expiryDate !== undefined && rec.expiryDate < isoDate(t)
          ? 'expired'
          : available === 0
            ? 'insufficient_funds'
            : undefined;
    const approved = denial ? 0 : Math.min(requested, available);
    const payment: LoyaltyPaymentRecord = {
      group: g.id,
      loyaltyCardId: rec.number,
      transactionId: ws.transactionId,
      merchantId: caller.merchantId,
      result: denial
        ? ('denied' as const)
        : approved < requested
          ? ('partiallyApproved' as const)
          : ('approved' as const),
      requestedAmount: requested,
      approvedAmount: approved,
      denialReason: denial,
      voided: false,
      at: t,
    };
    st().loyaltyPayments.push(payment);
    if (approved > 0) {
      rec.net -= approved;
      rec.financialActivity = true;
    }
    record(caller, ws, 'pay', rec, { amount: approved, result: payment.result });
    return loyaltyPaymentView(st(), payment, rec, t);
  }

  function voidLoyalty(caller: Caller, pathMerchantId: string, number: string, rawBody: unknown) {
    const { g, ws } = begin(caller, rawBody);
    if (pathMerchantId !== caller.merchantId) {
      throw fail.merchantNotAllowed(`The merchant in the path (${pathMerchantId}) is not this token's merchant.`);
    }
    const rec = find(caller, 'loyaltyCard', number);
    requireMerchant(caller, g, 'loyaltyCard', rec.seriesNumber, 'accept');
    const key = `${g.id}|${rec.number}|${ws.transactionId}`;
    const toVoid = paymentsOfSale(st(), g.id, rec.number, ws.transactionId).filter(
      (p) => p.approvedAmount > 0 && !p.voided,
    );
    if (toVoid.length === 0) {
      const earlier = st().loyaltyVoids[key];
      if (!earlier)
        throw new SimError(404, 'payment_not_found', 'No approved payment on this card under this transaction.');
      return voidView(earlier);
    }
    const voidedAmount = toVoid.reduce((sum, p) => sum + p.approvedAmount, 0);
    for (const p of toVoid) p.voided = true;
    rec.net += voidedAmount;
    const account = { net: rec.net, original: rec.original, floor: rec.floor, authorized: 0 };
    const answer = { transactionId: ws.transactionId, voidedAmount, account };
    st().loyaltyVoids[key] = answer;
    record(caller, ws, 'voidPayment', rec, { amount: voidedAmount, result: 'voided' });
    return voidView(answer);
  }

  function voidView(v: {
    transactionId: string;
    voidedAmount: Minor;
    account: { net: Minor; original: Minor; floor: Minor; authorized: Minor };
  }): LoyaltyVoidWire {
    const major = (m: Minor) => minorToMajor(m, st().currency);
    return {
      result: 'voided',
      transactionId: v.transactionId,
      voidedAmount: major(v.voidedAmount),
      account: {
        amountNet: major(v.account.net),
        amountOriginal: major(v.account.original),
        amountFloor: major(v.account.floor),
        amountAuthorized: major(v.account.authorized),
      },
    };
  }

  function getLoyalty(caller: Caller, number: string) {
    const t = now();
    sweep(t);
    group(caller);
    return loyaltyCardView(st(), find(caller, 'loyaltyCard', number), t);
  }

  return { issueLoyalty, unissueLoyalty, payLoyalty, voidLoyalty, getLoyalty };
}
