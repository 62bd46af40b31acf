import type { InstrumentKind } from '../../domain/instrument';
import type { Minor } from '../../domain/money';
import { majorToMinor, minorToMajor } from '../../domain/money';
import type { Dataset } from './dataset';
import { fail, SimError } from './errors';
import { createIdempotencyStore } from './idempotency';
import { parseAmount, parseCustomer, parseWorkstationData, requireBody, type WorkstationData } from './requests';
import {
  instrumentKey,
  stateFromDataset,
  type AuthorizationRecord,
  type EngineState,
  type GroupData,
  type HoldInstrument,
  type InstrumentRecord,
  type LoyaltyInstrument,
  type LoyaltyPaymentRecord,
} from './state';
import {
  authorizationView,
  authorizedAmount,
  holdInstrumentView,
  isHoldExpired,
  isoDate,
  isoDateTime,
  loyaltyCardView,
  loyaltyPaymentView,
  stateView,
} from './views';

export type HoldKind = 'giftCard' | 'storeCredit';

/** Who is asking, and in which loyalty group (from the token and the path). */
export interface Caller {
  merchantId: string;
  loyaltyGroup: string;
}

export interface EngineOptions {
  now?: () => number;
  /** A stored state to continue from (training mode across reloads). */
  state?: EngineState;
  randomCode?: () => string;
}

const kindName: Record<InstrumentKind, string> = { giftCard: 'Gift card', storeCredit: 'Store credit', loyaltyCard: 'Loyalty card' };

function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

function defaultCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * The simulated Loyalty server: state plus the contract's operations (loyalty-api.md sections 2-6).
 * Pure apart from the clock and the authCode generator, both injectable. Knows nothing of HTTP:
 * operations take the parsed JSON body and return the response body, or throw SimError.
 */
export function createEngine(dataset: Dataset, options: EngineOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const randomCode = options.randomCode ?? defaultCode;
  let state: EngineState = options.state ?? stateFromDataset(dataset);
  const idempotency = createIdempotencyStore(() => state, now);

  // ---- shared checks -------------------------------------------------------------------------

  function group(caller: Caller): GroupData {
    const found = state.groups.find((g) => g.id === caller.loyaltyGroup);
    if (!found) throw new SimError(404, 'loyalty_group_not_found', `Loyalty group "${caller.loyaltyGroup}" not found.`);
    if (!found.merchants.includes(caller.merchantId)) {
      throw fail.merchantNotAllowed(`Merchant ${caller.merchantId} is not a merchant of loyalty group ${found.id}.`);
    }
    return found;
  }

  function seriesOf(g: GroupData, kind: InstrumentKind, seriesNumber: string) {
    const list = kind === 'giftCard' ? g.giftCardSeries : kind === 'storeCredit' ? g.storeCreditSeries : g.loyaltyCardSeries;
    return list.find((s) => s.seriesNumber === seriesNumber);
  }

  function requireMerchant(caller: Caller, g: GroupData, kind: InstrumentKind, seriesNumber: string, action: 'sell' | 'accept') {
    const series = seriesOf(g, kind, seriesNumber);
    const allowed = action === 'sell' ? series?.sellingMerchants : series?.acceptingMerchants;
    if (allowed && !allowed.includes(caller.merchantId)) {
      throw fail.merchantNotAllowed(`Merchant ${caller.merchantId} may not ${action} series ${seriesNumber}.`);
    }
  }

  function find(caller: Caller, kind: HoldKind, number: string): HoldInstrument;
  function find(caller: Caller, kind: 'loyaltyCard', number: string): LoyaltyInstrument;
  function find(caller: Caller, kind: InstrumentKind, number: string): InstrumentRecord {
    const rec = state.instruments[instrumentKey(caller.loyaltyGroup, kind, number)];
    if (!rec) throw fail.notFound(kindName[kind]);
    return rec;
  }

  /** Pending authorizations lapse at `expires`: made visible before every read and write. */
  function sweep(t: number) {
    for (const a of state.authorizations) if (a.status === 'pending' && a.expires <= t) a.status = 'expired';
  }

  function record(caller: Caller, ws: WorkstationData, operation: string, rec: InstrumentRecord, extra: { amount?: Minor; authCode?: string; result?: string } = {}) {
    state.journal.push({
      at: isoDateTime(now()),
      loyaltyGroup: caller.loyaltyGroup,
      merchantId: caller.merchantId,
      operation,
      kind: rec.kind,
      instrumentId: rec.number,
      ...(extra.amount !== undefined && { amount: minorToMajor(extra.amount, state.currency) }),
      ...(extra.authCode !== undefined && { authCode: extra.authCode }),
      ...(extra.result !== undefined && { result: extra.result }),
      transactionId: ws.transactionId,
    });
  }

  function begin(caller: Caller, body: unknown) {
    const t = now();
    sweep(t);
    const g = group(caller);
    const parsed = requireBody(body);
    return { t, g, body: parsed, ws: parseWorkstationData(parsed) };
  }

  function holdView(rec: HoldInstrument, t: number) {
    return holdInstrumentView(state, rec, t);
  }

  // ---- issuing -------------------------------------------------------------------------------

  function issueAmount(body: Record<string, unknown>, fixedAmount: number | null | undefined): Minor {
    const requested = parseAmount(body, state.currency, false);
    if (fixedAmount === null || fixedAmount === undefined) {
      if (requested === undefined) throw fail.invalidAmount('amount is required for this series.');
      return requested;
    }
    const fixedMinor = majorToMinor(fixedAmount, state.currency) ?? Number.NaN; // parseDataset checked it fits
    if (requested !== undefined && requested !== fixedMinor) {
      throw fail.invalidAmount(`This series has a fixed amount of ${fixedAmount}.`);
    }
    return fixedMinor;
  }

  function applyIssue(rec: HoldInstrument, amount: Minor, customer: HoldInstrument['customer'] | undefined, validityMonths: number | null, t: number) {
    rec.issued = true;
    rec.original = amount;
    rec.net = amount;
    rec.startDate = isoDateTime(t);
    rec.expiryDate = validityMonths ? isoDateTime(addMonthsUtc(t, validityMonths)) : undefined;
    rec.created ??= isoDateTime(t);
    if (customer !== undefined) rec.customer = customer;
    rec.financialActivity = false;
  }

  function issuePreNumbered(caller: Caller, number: string, rawBody: unknown) {
    const { t, g, body, ws } = begin(caller, rawBody);
    parseAmount(body, state.currency, false);
    const customer = parseCustomer(body);
    const rec = find(caller, 'giftCard', number);
    requireMerchant(caller, g, 'giftCard', rec.seriesNumber, 'sell');
    const series = g.giftCardSeries.find((s) => s.seriesNumber === rec.seriesNumber);
    const amount = issueAmount(body, series?.fixedAmount);
    if (rec.issued) throw fail.conflict('already_issued', 'This gift card is already issued.');
    applyIssue(rec, amount, customer, series?.validityMonths ?? null, t);
    record(caller, ws, 'issue', rec, { amount });
    return holdView(rec, t);
  }

  function nextSeriesNumber(g: GroupData, kind: HoldKind, series: { seriesNumber: string; prefix: string; length: number }): string {
    const key = `${g.id}|${kind}|${series.seriesNumber}`;
    let counter = state.seriesCounters[key] ?? 1;
    const max = 10 ** series.length - 1;
    const taken = (n: string) => (['giftCard', 'storeCredit', 'loyaltyCard'] as const).some((k) => state.instruments[instrumentKey(g.id, k, n)]);
    while (counter <= max) {
      const candidate = series.prefix + String(counter).padStart(series.length, '0');
      counter += 1;
      if (!taken(candidate)) {
        state.seriesCounters[key] = counter;
        return candidate;
      }
    }
    state.seriesCounters[key] = counter;
    throw fail.conflict('series_exhausted', `Series ${series.seriesNumber} has no numbers left.`);
  }

  function issueFromSeries(caller: Caller, kind: HoldKind, seriesNumber: string, rawBody: unknown) {
    const { t, g, body, ws } = begin(caller, rawBody);
    parseAmount(body, state.currency, false);
    const customer = parseCustomer(body);
    const series = seriesOf(g, kind, seriesNumber);
    if (!series) throw new SimError(404, 'series_not_found', `Series "${seriesNumber}" not found.`);
    if (kind === 'giftCard' && 'issueType' in series && series.issueType !== 'livePrinted') {
      throw fail.conflict('series_not_live_printed', `Series ${seriesNumber} is pre-numbered: issue its cards by number.`);
    }
    requireMerchant(caller, g, kind, seriesNumber, 'sell');
    const amount = issueAmount(body, 'fixedAmount' in series ? (series.fixedAmount as number | null) : null);
    const number = nextSeriesNumber(g, kind, series);
    const rec: HoldInstrument = {
      kind,
      group: g.id,
      number,
      seriesNumber,
      issued: false,
      original: 0,
      net: 0,
      floor: 0,
      customer: null,
      financialActivity: false,
    };
    applyIssue(rec, amount, customer, series.validityMonths, t);
    state.instruments[instrumentKey(g.id, kind, number)] = rec;
    record(caller, ws, 'issue', rec, { amount });
    return holdView(rec, t);
  }

  function unissueHold(caller: Caller, kind: HoldKind, number: string, rawBody: unknown) {
    const { t, g, ws } = begin(caller, rawBody);
    const rec = find(caller, kind, number);
    requireMerchant(caller, g, kind, rec.seriesNumber, 'sell');
    if (!rec.issued) throw fail.conflict('not_issued', `This ${kindName[kind].toLowerCase()} is not issued.`);
    if (rec.financialActivity) throw fail.conflict('financial_activity', 'Payments have been made with it since it was issued.');
    rec.issued = false;
    rec.original = 0;
    rec.net = 0;
    rec.startDate = undefined;
    rec.expiryDate = undefined;
    rec.customer = null;
    record(caller, ws, 'unissue', rec);
    return holdView(rec, t);
  }

  // ---- holds: pay, commit, cancel ------------------------------------------------------------

  function payHold(caller: Caller, kind: HoldKind, number: string, rawBody: unknown) {
    const { t, g, body, ws } = begin(caller, rawBody);
    const amount = parseAmount(body, state.currency, true);
    const rec = find(caller, kind, number);
    requireMerchant(caller, g, kind, rec.seriesNumber, 'accept');
    if (!rec.issued) throw fail.conflict('not_issued', `This ${kindName[kind].toLowerCase()} is not issued.`);
    if (isHoldExpired(rec, t)) throw fail.conflict('expired', `This ${kindName[kind].toLowerCase()} has expired.`);
    if (rec.startDate !== undefined && Date.parse(rec.startDate) > t) {
      throw fail.conflict('not_yet_valid', `This ${kindName[kind].toLowerCase()} is not valid yet.`);
    }
    const available = Math.max(0, rec.net - authorizedAmount(state, rec, t) - rec.floor);
    if (amount > available) {
      throw fail.conflict('insufficient_funds', 'Not enough funds.', { available: minorToMajor(available, state.currency) });
    }
    let authCode = randomCode();
    while (state.authorizations.some((a) => a.authCode === authCode)) authCode = randomCode();
    const auth: AuthorizationRecord = {
      authCode,
      group: g.id,
      kind,
      instrumentId: rec.number,
      amount,
      status: 'pending',
      created: t,
      expires: t + state.authorizationTtlSeconds * 1000,
      merchantId: caller.merchantId,
      transactionId: ws.transactionId,
    };
    state.authorizations.push(auth);
    rec.financialActivity = true;
    record(caller, ws, 'pay', rec, { amount, authCode });
    return authorizationView(state, auth, rec, t);
  }

  function findAuthorization(rec: HoldInstrument, authCode: string): AuthorizationRecord {
    const auth = state.authorizations.find((a) => a.group === rec.group && a.kind === rec.kind && a.instrumentId === rec.number && a.authCode === authCode);
    if (!auth) throw new SimError(404, 'authorization_not_found', `Authorization ${authCode} not found for this instrument.`);
    return auth;
  }

  function commitHold(caller: Caller, kind: HoldKind, number: string, authCode: string, rawBody: unknown) {
    const { t, g, ws } = begin(caller, rawBody);
    const rec = find(caller, kind, number);
    requireMerchant(caller, g, kind, rec.seriesNumber, 'accept');
    const auth = findAuthorization(rec, authCode);
    if (auth.status === 'canceled') throw fail.conflict('authorization_canceled', 'This authorization was canceled.');
    if (auth.status === 'expired') throw fail.conflict('authorization_expired', 'This authorization has lapsed.');
    if (auth.status === 'pending') {
      auth.status = 'committed';
      rec.net -= auth.amount;
      record(caller, ws, 'commit', rec, { amount: auth.amount, authCode });
    }
    return authorizationView(state, auth, rec, t);
  }

  function cancelHold(caller: Caller, kind: HoldKind, number: string, authCode: string, rawBody: unknown) {
    const { t, g, ws } = begin(caller, rawBody);
    const rec = find(caller, kind, number);
    requireMerchant(caller, g, kind, rec.seriesNumber, 'accept');
    const auth = findAuthorization(rec, authCode);
    if (auth.status === 'committed') throw fail.conflict('authorization_committed', 'This authorization is already committed.');
    if (auth.status === 'pending') {
      auth.status = 'canceled';
      record(caller, ws, 'cancel', rec, { amount: auth.amount, authCode });
    }
    return authorizationView(state, auth, rec, t);
  }

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
    return loyaltyCardView(state, rec, t);
  }

  function unissueLoyalty(caller: Caller, number: string, rawBody: unknown) {
    const { t, g, ws } = begin(caller, rawBody);
    const rec = find(caller, 'loyaltyCard', number);
    requireMerchant(caller, g, 'loyaltyCard', rec.seriesNumber, 'sell');
    if (rec.statusCode === 0) throw fail.conflict('not_issued', 'This loyalty card is not issued.');
    if (rec.statusCode === 2) throw fail.conflict('card_closed', 'This loyalty card is closed.');
    if (rec.statusCode === 4) throw fail.conflict('card_canceled', 'This loyalty card is canceled.');
    if (rec.financialActivity) throw fail.conflict('financial_activity', 'Payments have been approved on it since it was issued.');
    rec.statusCode = 0;
    rec.startDate = undefined;
    record(caller, ws, 'unissue', rec);
    return loyaltyCardView(state, rec, t);
  }

  function payLoyalty(caller: Caller, number: string, rawBody: unknown) {
    const { t, g, body, ws } = begin(caller, rawBody);
    const requested = parseAmount(body, state.currency, true);
    const rec = find(caller, 'loyaltyCard', number);
    requireMerchant(caller, g, 'loyaltyCard', rec.seriesNumber, 'accept');
    const available = Math.max(0, rec.net - rec.floor);
    const denial: LoyaltyPaymentRecord['denialReason'] =
      rec.statusCode !== 1 ? 'card_not_open' : rec.expiryDate !== undefined && rec.expiryDate < isoDate(t) ? 'expired' : available === 0 ? 'insufficient_funds' : undefined;
    const approved = denial ? 0 : Math.min(requested, available);
    const payment: LoyaltyPaymentRecord = {
      group: g.id,
      loyaltyCardId: rec.number,
      transactionId: ws.transactionId,
      merchantId: caller.merchantId,
      result: denial ? ('denied' as const) : approved < requested ? ('partiallyApproved' as const) : ('approved' as const),
      requestedAmount: requested,
      approvedAmount: approved,
      denialReason: denial,
      voided: false,
      at: t,
    };
    state.loyaltyPayments.push(payment);
    if (approved > 0) {
      rec.net -= approved;
      rec.financialActivity = true;
    }
    record(caller, ws, 'pay', rec, { amount: approved, result: payment.result });
    return loyaltyPaymentView(state, payment, rec, t);
  }

  function voidLoyalty(caller: Caller, pathMerchantId: string, number: string, rawBody: unknown) {
    const { g, ws } = begin(caller, rawBody);
    if (pathMerchantId !== caller.merchantId) {
      throw fail.merchantNotAllowed(`The merchant in the path (${pathMerchantId}) is not this token's merchant.`);
    }
    const rec = find(caller, 'loyaltyCard', number);
    requireMerchant(caller, g, 'loyaltyCard', rec.seriesNumber, 'accept');
    const key = `${g.id}|${rec.number}|${ws.transactionId}`;
    const toVoid = state.loyaltyPayments.filter(
      (p) => p.group === g.id && p.loyaltyCardId === rec.number && p.transactionId === ws.transactionId && p.approvedAmount > 0 && !p.voided,
    );
    if (toVoid.length === 0) {
      const earlier = state.loyaltyVoids[key];
      if (!earlier) throw new SimError(404, 'payment_not_found', 'No approved payment on this card under this transaction.');
      return voidView(earlier);
    }
    const voidedAmount = toVoid.reduce((sum, p) => sum + p.approvedAmount, 0);
    for (const p of toVoid) p.voided = true;
    rec.net += voidedAmount;
    const account = { net: rec.net, original: rec.original, floor: rec.floor, authorized: 0 };
    const answer = { transactionId: ws.transactionId, voidedAmount, account };
    state.loyaltyVoids[key] = answer;
    record(caller, ws, 'voidPayment', rec, { amount: voidedAmount, result: 'voided' });
    return voidView(answer);
  }

  function voidView(v: { transactionId: string; voidedAmount: Minor; account: { net: Minor; original: Minor; floor: Minor; authorized: Minor } }) {
    const major = (m: Minor) => minorToMajor(m, state.currency);
    return {
      result: 'voided' as const,
      transactionId: v.transactionId,
      voidedAmount: major(v.voidedAmount),
      account: { amountNet: major(v.account.net), amountOriginal: major(v.account.original), amountFloor: major(v.account.floor), amountAuthorized: major(v.account.authorized) },
    };
  }

  // ---- reads ---------------------------------------------------------------------------------

  function getHold(caller: Caller, kind: HoldKind, number: string) {
    const t = now();
    sweep(t);
    group(caller);
    return holdView(find(caller, kind, number), t);
  }

  function getLoyalty(caller: Caller, number: string) {
    const t = now();
    sweep(t);
    group(caller);
    return loyaltyCardView(state, find(caller, 'loyaltyCard', number), t);
  }

  return {
    get state() {
      return state;
    },
    get currency() {
      return state.currency;
    },
    now,
    idempotency,
    /** The merchant a token belongs to, or null (401). */
    authenticate(token: string | null): string | null {
      if (!token) return null;
      return state.tokens.find((t) => t.token === token)?.merchantId ?? null;
    },
    reset() {
      state = stateFromDataset(dataset);
    },
    view() {
      const t = now();
      sweep(t);
      return stateView(state, t);
    },
    giftCards: {
      get: (c: Caller, n: string) => getHold(c, 'giftCard', n),
      issue: (c: Caller, n: string, b: unknown) => issuePreNumbered(c, n, b),
      issueFromSeries: (c: Caller, s: string, b: unknown) => issueFromSeries(c, 'giftCard', s, b),
      unissue: (c: Caller, n: string, b: unknown) => unissueHold(c, 'giftCard', n, b),
      pay: (c: Caller, n: string, b: unknown) => payHold(c, 'giftCard', n, b),
      commit: (c: Caller, n: string, code: string, b: unknown) => commitHold(c, 'giftCard', n, code, b),
      cancel: (c: Caller, n: string, code: string, b: unknown) => cancelHold(c, 'giftCard', n, code, b),
    },
    storeCredits: {
      get: (c: Caller, n: string) => getHold(c, 'storeCredit', n),
      issueFromSeries: (c: Caller, s: string, b: unknown) => issueFromSeries(c, 'storeCredit', s, b),
      unissue: (c: Caller, n: string, b: unknown) => unissueHold(c, 'storeCredit', n, b),
      pay: (c: Caller, n: string, b: unknown) => payHold(c, 'storeCredit', n, b),
      commit: (c: Caller, n: string, code: string, b: unknown) => commitHold(c, 'storeCredit', n, code, b),
      cancel: (c: Caller, n: string, code: string, b: unknown) => cancelHold(c, 'storeCredit', n, code, b),
    },
    loyaltyCards: {
      get: (c: Caller, n: string) => getLoyalty(c, n),
      issue: (c: Caller, n: string, b: unknown) => issueLoyalty(c, n, b),
      unissue: (c: Caller, n: string, b: unknown) => unissueLoyalty(c, n, b),
      pay: (c: Caller, n: string, b: unknown) => payLoyalty(c, n, b),
      voidPayment: (c: Caller, merchantId: string, n: string, b: unknown) => voidLoyalty(c, merchantId, n, b),
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
