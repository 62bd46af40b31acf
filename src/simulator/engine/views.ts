import { minorToMajor } from '../../domain/money';
import type {
  AccountWire,
  AuthorizationWire,
  GiftCardWire,
  LoyaltyCardWire,
  LoyaltyPaymentWire,
  StoreCreditWire,
} from '../../wire/answers';
import { pendingOf } from './indexes';
import type {
  AuthorizationRecord,
  EngineState,
  HoldInstrument,
  InstrumentRecord,
  LoyaltyInstrument,
  LoyaltyPaymentRecord,
} from './state';

/**
 * The contract's JSON shapes, in major units, built from the engine's state. Typed by the schemas the
 * terminal parses answers with (src/wire/answers.ts): an answer that drifts from them does not compile.
 */

export const isoDateTime = (ms: number) => new Date(ms).toISOString();
export const isoDate = (ms: number) => isoDateTime(ms).slice(0, 10);

export function isHoldExpired(rec: HoldInstrument, now: number): boolean {
  return rec.issued && rec.expiryDate !== undefined && Date.parse(rec.expiryDate) <= now;
}

export function authorizedAmount(state: EngineState, rec: InstrumentRecord, now: number): number {
  if (rec.kind === 'loyaltyCard') return 0;
  return pendingOf(state, rec.group, rec.kind, rec.number)
    .filter((a) => a.expires > now)
    .reduce((sum, a) => sum + a.amount, 0);
}

function accountView(state: EngineState, rec: InstrumentRecord, now: number): AccountWire {
  const major = (minor: number) => minorToMajor(minor, state.currency);
  return {
    amountNet: major(rec.net),
    amountOriginal: major(rec.original),
    amountFloor: major(rec.floor),
    amountAuthorized: major(authorizedAmount(state, rec, now)),
  };
}

function dates(rec: InstrumentRecord) {
  return {
    ...(rec.created !== undefined && { created: rec.created }),
    ...(rec.startDate !== undefined && { startDate: rec.startDate }),
    ...(rec.expiryDate !== undefined && { expiryDate: rec.expiryDate }),
  };
}

function holdStatus(rec: HoldInstrument, now: number): 'notIssued' | 'issued' | 'expired' {
  if (!rec.issued) return 'notIssued';
  return isHoldExpired(rec, now) ? 'expired' : 'issued';
}

export function holdInstrumentView(
  state: EngineState,
  rec: HoldInstrument,
  now: number,
): GiftCardWire | StoreCreditWire {
  const id = rec.kind === 'giftCard' ? { giftCardId: rec.number } : { storeCreditId: rec.number };
  return {
    ...id,
    ...dates(rec),
    seriesNumber: rec.seriesNumber,
    account: accountView(state, rec, now),
    customer: rec.customer,
    status: holdStatus(rec, now),
  };
}

export function loyaltyCardView(state: EngineState, rec: LoyaltyInstrument, now: number): LoyaltyCardWire {
  return {
    loyaltyCardId: rec.number,
    ...dates(rec),
    seriesNumber: rec.seriesNumber,
    account: accountView(state, rec, now),
    customer: rec.customer,
    statusCode: rec.statusCode,
  };
}

export function authorizationView(
  state: EngineState,
  auth: AuthorizationRecord,
  rec: InstrumentRecord,
  now: number,
): AuthorizationWire {
  return {
    authCode: auth.authCode,
    instrumentId: auth.instrumentId,
    amount: minorToMajor(auth.amount, state.currency),
    status: auth.status,
    created: isoDateTime(auth.created),
    expires: isoDateTime(auth.expires),
    account: accountView(state, rec, now),
  };
}

export function loyaltyPaymentView(
  state: EngineState,
  payment: LoyaltyPaymentRecord,
  rec: LoyaltyInstrument,
  now: number,
): LoyaltyPaymentWire {
  return {
    result: payment.result,
    requestedAmount: minorToMajor(payment.requestedAmount, state.currency),
    approvedAmount: minorToMajor(payment.approvedAmount, state.currency),
    transactionId: payment.transactionId,
    ...(payment.denialReason !== undefined && { denialReason: payment.denialReason }),
    account: accountView(state, rec, now),
  };
}

/** GET /_simulator/state: the whole state, instruments as the API shows them plus their bookkeeping. */
export function stateView(state: EngineState, now: number) {
  const major = (minor: number) => minorToMajor(minor, state.currency);
  return {
    currency: state.currency,
    authorizationTtlSeconds: state.authorizationTtlSeconds,
    instruments: Object.values(state.instruments).map((rec) => {
      const view = rec.kind === 'loyaltyCard' ? loyaltyCardView(state, rec, now) : holdInstrumentView(state, rec, now);
      return {
        kind: rec.kind,
        loyaltyGroup: rec.group,
        number: rec.number,
        ...view,
        ...view.account,
        financialActivity: rec.financialActivity,
      };
    }),
    authorizations: state.authorizations.map((a) => ({
      authCode: a.authCode,
      loyaltyGroup: a.group,
      kind: a.kind,
      instrumentId: a.instrumentId,
      amount: major(a.amount),
      status: a.status,
      created: isoDateTime(a.created),
      expires: isoDateTime(a.expires),
      merchantId: a.merchantId,
      transactionId: a.transactionId,
    })),
    loyaltyPayments: state.loyaltyPayments.map((p) => ({
      loyaltyGroup: p.group,
      loyaltyCardId: p.loyaltyCardId,
      transactionId: p.transactionId,
      merchantId: p.merchantId,
      result: p.result,
      requestedAmount: major(p.requestedAmount),
      approvedAmount: major(p.approvedAmount),
      ...(p.denialReason !== undefined && { denialReason: p.denialReason }),
      status: p.result === 'denied' ? ('denied' as const) : p.voided ? ('voided' as const) : ('approved' as const),
      voided: p.voided,
      at: isoDateTime(p.at),
    })),
    seriesCounters: state.seriesCounters,
    journal: state.journal,
  };
}
