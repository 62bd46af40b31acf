import type { Customer, Instrument, InstrumentKind } from '@/domain/instrument';
import { minorToMajor, type Minor } from '@/domain/money';
import { toAuthorization, toGiftCard, toLoyaltyCard, toLoyaltyPayment, toLoyaltyVoid, toStoreCredit } from './contract';
import { path, request, type HttpConfig } from './http';
import {
  authorizationWire,
  giftCardWire,
  loyaltyCardWire,
  loyaltyPaymentWire,
  loyaltyVoidWire,
  storeCreditWire,
} from '@/wire/answers';
import { queryOptions } from '@tanstack/react-query';
import { instrumentKeys } from './query-keys';
import { lookupContradiction } from '@/domain/answer-check';
import { LoyaltyApiError } from './errors';

export interface ApiConfig extends HttpConfig {
  merchantId: string;
  currency: string;
  storeId?: number | undefined;
  workstationId?: number | undefined;
  operatorId?: string | undefined;
}

/** What every POST carries besides its own fields: the sale it belongs to, why, and its key. */
export interface PostOptions {
  transactionId: string;
  reason: string;
  /** Recorded before sending and reused on every retry; a fresh one when absent. */
  idempotencyKey?: string | undefined;
  /** Told whether the server's answer replays an earlier attempt's (its Idempotency-Replayed header). */
  answer?: { replayed: boolean } | undefined;
  /**
   * Who sends it, as recorded with the operation: every retry sends the body of the first attempt
   * (a key reused with another body is refused). The API's own settings when absent.
   */
  workstation?: Workstation | undefined;
}

export interface Workstation {
  storeId?: number | undefined;
  workstationId?: number | undefined;
  operatorId?: string | undefined;
}

export interface IssueFields {
  /** Omit for a fixed-amount series. */
  amount?: Minor | undefined;
  customer?: Customer | null | undefined;
}

/**
 * One function for each of the contract's 18 operations. Amounts go in and come out in minor
 * units; the conversion to the contract's major units happens here, in ./contract.ts and (an error's
 * `available`) in ./http.ts, nowhere else.
 */
export function createLoyaltyApi(config: ApiConfig) {
  const { currency } = config;
  const major = (amount: Minor) => minorToMajor(amount, currency);

  function post<T, R>(
    p: string,
    fields: Record<string, unknown>,
    options: PostOptions,
    schema: Parameters<typeof request<T, R>>[1]['schema'],
    map: (wire: T) => R,
  ) {
    const from: Workstation = options.workstation ?? config;
    const workstationData = {
      ...(from.storeId !== undefined && { storeId: from.storeId }),
      ...(from.workstationId !== undefined && { workstationId: from.workstationId }),
      ...(from.operatorId && { operatorId: from.operatorId }),
      transactionId: options.transactionId,
      reason: options.reason,
    };
    return request(
      config,
      {
        method: 'POST',
        path: p,
        body: { ...fields, workstationData },
        idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
        answer: options.answer,
        schema,
      },
      map,
    );
  }

  const issueBody = (fields: IssueFields) => ({
    ...(fields.amount !== undefined && { amount: major(fields.amount) }),
    ...(fields.customer !== undefined && { customer: fields.customer }),
  });

  const giftCard = (w: Parameters<typeof toGiftCard>[0]) => toGiftCard(w, currency);
  const storeCredit = (w: Parameters<typeof toStoreCredit>[0]) => toStoreCredit(w, currency);
  const loyaltyCard = (w: Parameters<typeof toLoyaltyCard>[0]) => toLoyaltyCard(w, currency);
  const authorization = (w: Parameters<typeof toAuthorization>[0]) => toAuthorization(w, currency);

  return {
    config,
    giftCards: {
      get: (number: string, signal?: AbortSignal) =>
        request(config, { method: 'GET', path: path`/giftcards/${number}`, schema: giftCardWire, signal }, giftCard),
      issue: (number: string, fields: IssueFields, o: PostOptions) =>
        post(path`/giftcards/${number}/_issue`, issueBody(fields), o, giftCardWire, giftCard),
      issueInSeries: (series: string, fields: IssueFields, o: PostOptions) =>
        post(path`/giftCardSeries/${series}/giftcards/_issue`, issueBody(fields), o, giftCardWire, giftCard),
      unissue: (number: string, o: PostOptions) =>
        post(path`/giftcards/${number}/_unissue`, {}, o, giftCardWire, giftCard),
      pay: (number: string, amount: Minor, o: PostOptions) =>
        post(path`/giftcards/${number}/_pay`, { amount: major(amount) }, o, authorizationWire, authorization),
      commit: (number: string, authCode: string, o: PostOptions) =>
        post(path`/giftcards/${number}/authorizations/${authCode}/_commit`, {}, o, authorizationWire, authorization),
      cancel: (number: string, authCode: string, o: PostOptions) =>
        post(path`/instruments/${number}/authorizations/${authCode}/_cancel`, {}, o, authorizationWire, authorization),
    },
    loyaltyCards: {
      get: (number: string, signal?: AbortSignal) =>
        request(
          config,
          { method: 'GET', path: path`/loyaltycards/${number}`, schema: loyaltyCardWire, signal },
          loyaltyCard,
        ),
      issue: (number: string, fields: Pick<IssueFields, 'customer'>, o: PostOptions) =>
        post(
          path`/loyaltycards/${number}/_issue`,
          issueBody({ customer: fields.customer }),
          o,
          loyaltyCardWire,
          loyaltyCard,
        ),
      unissue: (number: string, o: PostOptions) =>
        post(path`/loyaltycards/${number}/_unissue`, {}, o, loyaltyCardWire, loyaltyCard),
      pay: (number: string, amount: Minor, o: PostOptions) =>
        post(path`/loyaltycards/${number}/_pay`, { amount: major(amount) }, o, loyaltyPaymentWire, (w) =>
          toLoyaltyPayment(w, currency),
        ),
      voidPayment: (number: string, o: PostOptions) =>
        post(path`/merchant/${config.merchantId}/loyaltycards/${number}/_voidPayment`, {}, o, loyaltyVoidWire, (w) =>
          toLoyaltyVoid(w, currency),
        ),
    },
    storeCredits: {
      get: (number: string, signal?: AbortSignal) =>
        request(
          config,
          { method: 'GET', path: path`/storecredits/${number}`, schema: storeCreditWire, signal },
          storeCredit,
        ),
      issueInSeries: (series: string, fields: IssueFields & { amount: Minor }, o: PostOptions) =>
        post(
          path`/storeCreditSeries/${series}/storecredits/_issue`,
          issueBody(fields),
          o,
          storeCreditWire,
          storeCredit,
        ),
      unissue: (number: string, o: PostOptions) =>
        post(path`/storecredits/${number}/_unissue`, {}, o, storeCreditWire, storeCredit),
      pay: (number: string, amount: Minor, o: PostOptions) =>
        post(path`/storecredits/${number}/_pay`, { amount: major(amount) }, o, authorizationWire, authorization),
      commit: (number: string, authCode: string, o: PostOptions) =>
        post(path`/storecredits/${number}/authorizations/${authCode}/_commit`, {}, o, authorizationWire, authorization),
      cancel: (number: string, authCode: string, o: PostOptions) =>
        post(path`/storecredit/${number}/authorizations/${authCode}/_cancel`, {}, o, authorizationWire, authorization),
    },
  };
}

export type LoyaltyApi = ReturnType<typeof createLoyaltyApi>;

/** One instrument from the server, checked to be the one asked for: another card's data is never shown or paid from. */
export async function getInstrument(
  api: LoyaltyApi,
  kind: InstrumentKind,
  number: string,
  signal?: AbortSignal,
): Promise<Instrument> {
  const instrument = await (kind === 'giftCard'
    ? api.giftCards.get(number, signal)
    : kind === 'storeCredit'
      ? api.storeCredits.get(number, signal)
      : api.loyaltyCards.get(number, signal));
  const problem = lookupContradiction(kind, number, instrument);
  if (problem)
    throw new LoyaltyApiError({
      code: 'contradictory_answer',
      message: `The server's answer contradicts the request: ${problem}.`,
      method: 'GET',
      status: 200,
    });
  return instrument;
}

/** Query options per resource, with hierarchical keys: used to fetch, prefetch and invalidate alike. */
export const instrumentQueries = {
  ...instrumentKeys,
  detail: (api: LoyaltyApi, scope: string, kind: InstrumentKind, number: string) =>
    queryOptions({
      queryKey: instrumentQueries.key(scope, kind, number),
      queryFn: ({ signal }) => getInstrument(api, kind, number, signal),
    }),
};
