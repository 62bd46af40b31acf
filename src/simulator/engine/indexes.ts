import type { AuthorizationRecord, EngineState, LoyaltyPaymentRecord } from './state';

/**
 * Lookups that stay flat however many holds and payments are on record. The state itself stays
 * plain arrays (it is stored and sent as JSON); these maps are derived from it, built on first use
 * and extended as records are appended (records are never removed; a reset is a new state).
 */
interface Indexes {
  authorizations: AuthorizationRecord[];
  payments: LoyaltyPaymentRecord[];
  authSeen: number;
  paymentsSeen: number;
  byAuthCode: Map<string, AuthorizationRecord>;
  /** Holds that may still be pending, per instrument and all together: the only ones a sweep or a sum must look at. */
  pendingByInstrument: Map<string, Set<AuthorizationRecord>>;
  pending: Set<AuthorizationRecord>;
  paymentsBySale: Map<string, LoyaltyPaymentRecord[]>;
}

const all = new WeakMap<EngineState, Indexes>();

const instrumentOf = (group: string, kind: string, number: string) => `${group}|${kind}|${number}`;
const saleOf = (group: string, card: string, transactionId: string) => `${group}|${card}|${transactionId}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function indexes(state: EngineState): Indexes {
  let ix = all.get(state);
  if (!ix || ix.authorizations !== state.authorizations || ix.payments !== state.loyaltyPayments) {
    ix = {
      authorizations: state.authorizations,
      payments: state.loyaltyPayments,
      authSeen: 0,
      paymentsSeen: 0,
      byAuthCode: new Map(),
      pendingByInstrument: new Map(),
      pending: new Set(),
      paymentsBySale: new Map(),
    };
    all.set(state, ix);
  }
  for (; ix.authSeen < state.authorizations.length; ix.authSeen += 1) {
    const a = state.authorizations[ix.authSeen]!;
    ix.byAuthCode.set(a.authCode, a);
    if (a.status === 'pending') {
      ix.pending.add(a);
      const key = instrumentOf(a.group, a.kind, a.instrumentId);
      const set = ix.pendingByInstrument.get(key) ?? new Set();
      ix.pendingByInstrument.set(key, set.add(a));
    }
  }
  for (; ix.paymentsSeen < state.loyaltyPayments.length; ix.paymentsSeen += 1) {
    const p = state.loyaltyPayments[ix.paymentsSeen]!;
    push(ix.paymentsBySale, saleOf(p.group, p.loyaltyCardId, p.transactionId), p);
  }
  return ix;
}

export const authCodeTaken = (state: EngineState, authCode: string) => indexes(state).byAuthCode.has(authCode);

/** An authorization is found only under the instrument it was issued for. */
export function findAuthorization(
  state: EngineState,
  group: string,
  kind: string,
  number: string,
  authCode: string,
): AuthorizationRecord | undefined {
  const a = indexes(state).byAuthCode.get(authCode);
  return a && a.group === group && a.kind === kind && a.instrumentId === number ? a : undefined;
}

/** The instrument's holds still pending (settled ones are dropped from the set as they are met). */
export function pendingOf(state: EngineState, group: string, kind: string, number: string): AuthorizationRecord[] {
  const set = indexes(state).pendingByInstrument.get(instrumentOf(group, kind, number));
  if (!set) return [];
  for (const a of set) if (a.status !== 'pending') set.delete(a);
  return [...set];
}

/** Pending holds lapse at `expires`; only holds still pending are looked at. */
export function sweepLapsed(state: EngineState, now: number) {
  const { pending } = indexes(state);
  for (const a of pending) {
    if (a.status === 'pending' && a.expires <= now) a.status = 'expired';
    if (a.status !== 'pending') pending.delete(a);
  }
}

export const paymentsOfSale = (
  state: EngineState,
  group: string,
  card: string,
  transactionId: string,
): readonly LoyaltyPaymentRecord[] => indexes(state).paymentsBySale.get(saleOf(group, card, transactionId)) ?? [];
