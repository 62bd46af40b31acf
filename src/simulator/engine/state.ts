import type { Customer, InstrumentKind, LoyaltyStatusCode } from '../../domain/instrument';
import { type Minor, majorToMinor } from '../../domain/money';
import type { CardBehaviour, Dataset, GiftCardSeriesData, SeriesData } from './dataset';

/** Everything the simulated server knows, in minor units and epoch milliseconds; plain data, so it can be stored. */
export interface EngineState {
  version: 1;
  currency: string;
  authorizationTtlSeconds: number;
  tokens: { token: string; merchantId: string }[];
  groups: GroupData[];
  /** Keyed by instrumentKey(group, kind, number). */
  instruments: Record<string, InstrumentRecord>;
  authorizations: AuthorizationRecord[];
  loyaltyPayments: LoyaltyPaymentRecord[];
  /** The answer of each void, keyed by group|card|transactionId, replayed on repeats. */
  loyaltyVoids: Record<string, LoyaltyVoidRecord>;
  seriesCounters: Record<string, number>;
  idempotency: Record<string, IdempotencyRecord>;
  journal: JournalEntry[];
}

export interface GroupData {
  id: string;
  merchants: string[];
  giftCardSeries: GiftCardSeriesData[];
  storeCreditSeries: SeriesData[];
  loyaltyCardSeries: SeriesData[];
}

interface InstrumentBase {
  group: string;
  number: string;
  seriesNumber: string;
  original: Minor;
  net: Minor;
  floor: Minor;
  customer: Customer | null;
  created?: string | undefined;
  startDate?: string | undefined;
  expiryDate?: string | undefined;
  /** Since last issued: a _pay that created an authorization, or an approved loyalty payment. */
  financialActivity: boolean;
  /** How this card's payments fail, for tests and trainers (dataset.ts, cardBehaviours). */
  behaviour?: CardBehaviour | undefined;
}

export interface HoldInstrument extends InstrumentBase {
  kind: 'giftCard' | 'storeCredit';
  issued: boolean;
}

export interface LoyaltyInstrument extends InstrumentBase {
  kind: 'loyaltyCard';
  statusCode: LoyaltyStatusCode;
}

export type InstrumentRecord = HoldInstrument | LoyaltyInstrument;

export interface AuthorizationRecord {
  authCode: string;
  group: string;
  kind: 'giftCard' | 'storeCredit';
  instrumentId: string;
  amount: Minor;
  status: 'pending' | 'committed' | 'canceled' | 'expired';
  created: number;
  expires: number;
  merchantId: string;
  transactionId: string;
}

export interface LoyaltyPaymentRecord {
  group: string;
  loyaltyCardId: string;
  transactionId: string;
  merchantId: string;
  result: 'approved' | 'partiallyApproved' | 'denied';
  requestedAmount: Minor;
  approvedAmount: Minor;
  denialReason?: 'insufficient_funds' | 'card_not_open' | 'expired' | undefined;
  voided: boolean;
  at: number;
}

export interface LoyaltyVoidRecord {
  transactionId: string;
  voidedAmount: Minor;
  account: { net: Minor; original: Minor; floor: Minor; authorized: Minor };
}

export interface IdempotencyRecord {
  fingerprint: string;
  state: 'inProgress' | 'done';
  status: number;
  body: string;
  at: number;
}

export interface JournalEntry {
  at: string;
  loyaltyGroup: string;
  merchantId: string;
  operation: string;
  kind: InstrumentKind;
  instrumentId: string;
  amount?: number | undefined;
  authCode?: string | undefined;
  result?: string | undefined;
  transactionId: string;
}

export function instrumentKey(group: string, kind: InstrumentKind, number: string): string {
  return `${group}|${kind}|${number}`;
}

function minor(value: number, currency: string): Minor {
  const result = majorToMinor(value, currency);
  if (result === null) throw new Error(`Amount ${value} does not fit ${currency}`); // parseDataset checked this
  return result;
}

/**
 * A state kept by the page before it was reloaded (or by an earlier build), with what the dataset
 * has gained since: its series (as the dataset defines them now), its cards the state does not know
 * (a scenario card added since answered "not found"), and its cards' dates (a scenario card must not
 * expire on a date). What the trainer did stays: their sales, and each card's money. A request still
 * in progress when the page went is gone with it: its key, left "in progress", would answer 409 to
 * every resend for ever.
 */
export function withDatasetAdditions(kept: EngineState, dataset: Dataset): EngineState {
  const fresh = stateFromDataset(dataset);
  const instruments = { ...fresh.instruments, ...kept.instruments };
  for (const [key, card] of Object.entries(fresh.instruments)) {
    const was = instruments[key];
    if (was && was.startDate !== undefined && card.startDate !== undefined)
      instruments[key] = { ...was, startDate: card.startDate, expiryDate: card.expiryDate };
  }
  return {
    ...kept,
    tokens: fresh.tokens,
    groups: fresh.groups,
    instruments,
    seriesCounters: { ...fresh.seriesCounters, ...kept.seriesCounters },
    idempotency: Object.fromEntries(Object.entries(kept.idempotency).filter(([, r]) => r.state === 'done')),
  };
}

/** A fresh state from a validated dataset. */
export function stateFromDataset(dataset: Dataset): EngineState {
  const { currency } = dataset;
  const instruments: Record<string, InstrumentRecord> = {};
  for (const group of dataset.loyaltyGroups) {
    const holds = [
      ['giftCard', group.giftCards],
      ['storeCredit', group.storeCredits],
    ] as const;
    for (const [kind, records] of holds) {
      for (const r of records) {
        const issued = r.status !== 'notIssued';
        instruments[instrumentKey(group.id, kind, r.number)] = {
          kind,
          group: group.id,
          number: r.number,
          seriesNumber: r.seriesNumber,
          issued,
          original: minor(r.amountOriginal, currency),
          net: minor(r.amountNet, currency),
          floor: minor(r.amountFloor, currency),
          customer: r.customer,
          created: r.created,
          startDate: issued ? (r.startDate ?? r.created ?? '2000-01-01T00:00:00Z') : undefined,
          expiryDate: issued ? r.expiryDate : undefined,
          // A card loaded with less than it was issued with has been paid with: it cannot be un-issued.
          financialActivity: issued && r.amountNet !== r.amountOriginal,
          ...(r.behaviour && { behaviour: r.behaviour }),
        };
      }
    }
    for (const r of group.loyaltyCards) {
      instruments[instrumentKey(group.id, 'loyaltyCard', r.number)] = {
        kind: 'loyaltyCard',
        group: group.id,
        number: r.number,
        seriesNumber: r.seriesNumber,
        statusCode: r.statusCode,
        original: minor(r.amountOriginal, currency),
        net: minor(r.amountNet, currency),
        floor: minor(r.amountFloor, currency),
        customer: r.customer,
        created: r.created,
        startDate: r.startDate,
        expiryDate: r.expiryDate,
        financialActivity: r.amountNet < r.amountOriginal,
        ...(r.behaviour && { behaviour: r.behaviour }),
      };
    }
  }
  return {
    version: 1,
    currency,
    authorizationTtlSeconds: dataset.authorizationTtlSeconds,
    tokens: dataset.tokens,
    groups: dataset.loyaltyGroups.map((g) => ({
      id: g.id,
      merchants: g.merchants,
      giftCardSeries: g.giftCardSeries,
      storeCreditSeries: g.storeCreditSeries,
      loyaltyCardSeries: g.loyaltyCardSeries,
    })),
    instruments,
    authorizations: [],
    loyaltyPayments: [],
    loyaltyVoids: {},
    seriesCounters: {},
    idempotency: {},
    journal: [],
  };
}
