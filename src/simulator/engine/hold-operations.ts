import { type Minor, majorToMinor, minorToMajor } from '../../domain/money';
import { addMonthsUtc, kindName, type Caller, type EngineContext, type HoldKind } from './context';
import { fail, SimError } from './errors';
import { authCodeTaken, findAuthorization as lookUpAuthorization } from './indexes';
import { parseAmount, parseCustomer } from './requests';
import { instrumentKey, type AuthorizationRecord, type GroupData, type HoldInstrument } from './state';
import { authorizationView, authorizedAmount, holdInstrumentView, isHoldExpired, isoDateTime } from './views';

/** Gift cards and store credit: issue (by number or by series), un-issue, pay, commit, cancel, query. */
export function createHoldOperations(ctx: EngineContext, randomCode: () => string) {
  const { state: st, now, group, seriesOf, requireMerchant, find, sweep, record, begin } = ctx;
  const holdView = (rec: HoldInstrument, t: number) => holdInstrumentView(st(), rec, t);

  // ---- issuing -------------------------------------------------------------------------------

  function issueAmount(body: Record<string, unknown>, fixedAmount: number | null | undefined): Minor {
    const requested = parseAmount(body, st().currency, false);
    if (fixedAmount === null || fixedAmount === undefined) {
      if (requested === undefined) throw fail.invalidAmount('amount is required for this series.');
      return requested;
    }
    const fixedMinor = majorToMinor(fixedAmount, st().currency) ?? Number.NaN; // parseDataset checked it fits
    if (requested !== undefined && requested !== fixedMinor) {
      throw fail.invalidAmount(`This series has a fixed amount of ${fixedAmount}.`);
    }
    return fixedMinor;
  }

  function applyIssue(
    rec: HoldInstrument,
    amount: Minor,
    customer: HoldInstrument['customer'] | undefined,
    validityMonths: number | null,
    t: number,
  ) {
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
    parseAmount(body, st().currency, false);
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

  function nextSeriesNumber(
    g: GroupData,
    kind: HoldKind,
    series: { seriesNumber: string; prefix: string; length: number },
  ): string {
    const key = `${g.id}|${kind}|${series.seriesNumber}`;
    let counter = st().seriesCounters[key] ?? 1;
    const max = 10 ** series.length - 1;
    const taken = (n: string) =>
      (['giftCard', 'storeCredit', 'loyaltyCard'] as const).some((k) => st().instruments[instrumentKey(g.id, k, n)]);
    while (counter <= max) {
      const candidate = series.prefix + String(counter).padStart(series.length, '0');
      counter += 1;
      if (!taken(candidate)) {
        st().seriesCounters[key] = counter;
        return candidate;
      }
    }
    st().seriesCounters[key] = counter;
    throw fail.conflict('series_exhausted', `Series ${series.seriesNumber} has no numbers left.`);
  }

  function issueFromSeries(caller: Caller, kind: HoldKind, seriesNumber: string, rawBody: unknown) {
    const { t, g, body, ws } = begin(caller, rawBody);
    parseAmount(body, st().currency, false);
    const customer = parseCustomer(body);
    const series = seriesOf(g, kind, seriesNumber);
    if (!series) throw new SimError(404, 'series_not_found', `Series "${seriesNumber}" not found.`);
    // The documented order (decisions, 2026-11-22): the selling list (403), the fixed amount (400), then conflicts (409).
    requireMerchant(caller, g, kind, seriesNumber, 'sell');
    const amount = issueAmount(body, 'fixedAmount' in series ? (series.fixedAmount as number | null) : null);
    if (kind === 'giftCard' && 'issueType' in series && series.issueType !== 'livePrinted') {
      throw fail.conflict(
        'series_not_live_printed',
        `Series ${seriesNumber} is pre-numbered: issue its cards by number.`,
      );
    }
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
    st().instruments[instrumentKey(g.id, kind, number)] = rec;
    record(caller, ws, 'issue', rec, { amount });
    return holdView(rec, t);
  }

  function unissueHold(caller: Caller, kind: HoldKind, number: string, rawBody: unknown) {
    const { t, g, ws } = begin(caller, rawBody);
    const rec = find(caller, kind, number);
    requireMerchant(caller, g, kind, rec.seriesNumber, 'sell');
    if (!rec.issued) throw fail.conflict('not_issued', `This ${kindName[kind].toLowerCase()} is not issued.`);
    if (rec.financialActivity)
      throw fail.conflict('financial_activity', 'Payments have been made with it since it was issued.');
    rec.issued = false;
    rec.original = 0;
    rec.net = 0;
    rec.floor = 0; // "amounts 0"
    rec.startDate = undefined;
    rec.expiryDate = undefined;
    rec.customer = null;
    record(caller, ws, 'unissue', rec);
    return holdView(rec, t);
  }

  // ---- holds: pay, commit, cancel ------------------------------------------------------------

  function payHold(caller: Caller, kind: HoldKind, number: string, rawBody: unknown) {
    const { t, g, body, ws } = begin(caller, rawBody);
    const amount = parseAmount(body, st().currency, true);
    const rec = find(caller, kind, number);
    requireMerchant(caller, g, kind, rec.seriesNumber, 'accept');
    if (!rec.issued) throw fail.conflict('not_issued', `This ${kindName[kind].toLowerCase()} is not issued.`);
    if (isHoldExpired(rec, t)) throw fail.conflict('expired', `This ${kindName[kind].toLowerCase()} has expired.`);
    if (rec.startDate !== undefined && Date.parse(rec.startDate) > t) {
      throw fail.conflict('not_yet_valid', `This ${kindName[kind].toLowerCase()} is not valid yet.`);
    }
    const available = Math.max(0, rec.net - authorizedAmount(st(), rec, t) - rec.floor);
    if (amount > available) {
      throw fail.conflict('insufficient_funds', 'Not enough funds.', {
        available: minorToMajor(available, st().currency),
      });
    }
    let authCode = randomCode();
    while (authCodeTaken(st(), authCode)) authCode = randomCode();
    const auth: AuthorizationRecord = {
      authCode,
      group: g.id,
      kind,
      instrumentId: rec.number,
      amount,
      status: 'pending',
      created: t,
      expires: t + st().authorizationTtlSeconds * 1000,
      merchantId: caller.merchantId,
      transactionId: ws.transactionId,
    };
    st().authorizations.push(auth);
    rec.financialActivity = true;
    record(caller, ws, 'pay', rec, { amount, authCode });
    return authorizationView(st(), auth, rec, t);
  }

  function findAuthorization(rec: HoldInstrument, authCode: string): AuthorizationRecord {
    const auth = lookUpAuthorization(st(), rec.group, rec.kind, rec.number, authCode);
    if (!auth)
      throw new SimError(404, 'authorization_not_found', `Authorization ${authCode} not found for this instrument.`);
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
    return authorizationView(st(), auth, rec, t);
  }

  function cancelHold(caller: Caller, kind: HoldKind, number: string, authCode: string, rawBody: unknown) {
    const { t, g, ws } = begin(caller, rawBody);
    const rec = find(caller, kind, number);
    requireMerchant(caller, g, kind, rec.seriesNumber, 'accept');
    const auth = findAuthorization(rec, authCode);
    if (auth.status === 'committed')
      throw fail.conflict('authorization_committed', 'This authorization is already committed.');
    if (auth.status === 'pending') {
      auth.status = 'canceled';
      record(caller, ws, 'cancel', rec, { amount: auth.amount, authCode });
    }
    return authorizationView(st(), auth, rec, t);
  }

  function getHold(caller: Caller, kind: HoldKind, number: string) {
    const t = now();
    sweep(t);
    group(caller);
    return holdView(find(caller, kind, number), t);
  }

  return { issuePreNumbered, issueFromSeries, unissueHold, payHold, commitHold, cancelHold, getHold };
}
