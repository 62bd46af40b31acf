import * as v from 'valibot';
import type { Account } from '@/domain/account';
import {
  deriveIssueStatus,
  type Customer,
  type GiftCard,
  type LoyaltyCard,
  type StoreCredit,
} from '@/domain/instrument';
import { majorToMinor, type Minor } from '@/domain/money';
import { TEXT_CAP, untrustedText } from '@/domain/untrusted-text';
import type { Authorization, LoyaltyPayment, LoyaltyVoid } from '@/domain/payment';

/**
 * The contract's response bodies on the wire (major units, loyalty-api.md sections 2-5), in valibot
 * (tree-shaken to what is used: the first download stays small). Unknown fields are dropped; wrong
 * types fail the parse and become a malformed_response error.
 */
const dateTime = v.pipe(v.string(), v.isoTimestamp());
const date = v.pipe(v.string(), v.isoDate());
const nonEmpty = v.pipe(v.string(), v.minLength(1));

export const accountWire = v.object({
  amountNet: v.number(),
  amountOriginal: v.number(),
  amountFloor: v.number(),
  amountAuthorized: v.number(),
});

export const customerWire = v.nullable(
  v.object({
    customerId: v.string(),
    name: v.nullish(v.string()),
    email: v.nullish(v.string()),
    phone: v.nullish(v.string()),
  }),
);

const issueStatus = v.picklist(['notIssued', 'issued', 'expired']);

const datedInstrument = {
  created: v.nullish(dateTime),
  expiryDate: v.nullish(dateTime),
  startDate: v.nullish(dateTime),
  seriesNumber: v.string(),
  account: accountWire,
  customer: customerWire,
  status: v.optional(issueStatus),
};

export const giftCardWire = v.object({ giftCardId: nonEmpty, ...datedInstrument });

export const storeCreditWire = v.object({ storeCreditId: nonEmpty, ...datedInstrument });

export const loyaltyCardWire = v.object({
  loyaltyCardId: nonEmpty,
  created: v.nullish(date),
  expiryDate: v.nullish(date),
  startDate: v.nullish(date),
  seriesNumber: v.string(),
  account: accountWire,
  customer: customerWire,
  statusCode: v.picklist([0, 1, 2, 4]),
});

export const authorizationWire = v.object({
  authCode: nonEmpty,
  instrumentId: v.string(),
  amount: v.number(),
  status: v.picklist(['pending', 'committed', 'canceled', 'expired']),
  created: dateTime,
  expires: dateTime,
  account: accountWire,
});

export const loyaltyPaymentWire = v.object({
  result: v.picklist(['approved', 'partiallyApproved', 'denied']),
  requestedAmount: v.number(),
  approvedAmount: v.number(),
  transactionId: v.string(),
  denialReason: v.nullish(v.picklist(['insufficient_funds', 'card_not_open', 'expired'])),
  account: accountWire,
});

export const loyaltyVoidWire = v.object({
  result: v.literal('voided'),
  transactionId: v.string(),
  voidedAmount: v.number(),
  account: accountWire,
});

export const errorBodyWire = v.object({
  error: v.looseObject({ code: v.string(), message: v.optional(v.string()) }),
});

export type AccountWire = v.InferOutput<typeof accountWire>;
export type CustomerWire = v.InferOutput<typeof customerWire>;

/** Why an answer does not fit its schema, field by field (for the malformed_response message). */
export function issuesText(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues.map((i) => `${v.getDotPath(i) ?? 'body'}: ${i.message}`).join('; ');
}

/** Wire (major units) to domain (minor units). An amount the currency cannot hold is a malformed answer. */
export class MalformedAmount extends Error {}

function minor(value: number, currency: string, field: string): Minor {
  const result = majorToMinor(value, currency);
  if (result === null) throw new MalformedAmount(`${field} ${value} is not an amount of ${currency}`);
  return result;
}

function account(wire: AccountWire, currency: string): Account {
  return {
    net: minor(wire.amountNet, currency, 'amountNet'),
    original: minor(wire.amountOriginal, currency, 'amountOriginal'),
    floor: minor(wire.amountFloor, currency, 'amountFloor'),
    authorized: minor(wire.amountAuthorized, currency, 'amountAuthorized'),
  };
}

/** Every string a server sends is cleaned and capped here, at the boundary (src/domain/untrusted-text.ts). */
const short = (text: string | null | undefined) => (text == null ? undefined : untrustedText(text, TEXT_CAP.short));

function customer(wire: CustomerWire): Customer | null {
  if (!wire) return null;
  return {
    customerId: short(wire.customerId) ?? '',
    name: short(wire.name),
    email: short(wire.email),
    phone: short(wire.phone),
  };
}

export function toGiftCard(wire: v.InferOutput<typeof giftCardWire>, currency: string, now = new Date()): GiftCard {
  return {
    kind: 'giftCard',
    number: wire.giftCardId,
    seriesNumber: short(wire.seriesNumber) ?? '',
    status: wire.status ?? deriveIssueStatus(wire.startDate ?? undefined, wire.expiryDate ?? undefined, now),
    account: account(wire.account, currency),
    customer: customer(wire.customer),
    created: wire.created ?? undefined,
    startDate: wire.startDate ?? undefined,
    expiryDate: wire.expiryDate ?? undefined,
  };
}

export function toStoreCredit(
  wire: v.InferOutput<typeof storeCreditWire>,
  currency: string,
  now = new Date(),
): StoreCredit {
  const { storeCreditId, ...rest } = wire;
  return { ...toGiftCard({ ...rest, giftCardId: storeCreditId }, currency, now), kind: 'storeCredit' };
}

export function toLoyaltyCard(wire: v.InferOutput<typeof loyaltyCardWire>, currency: string): LoyaltyCard {
  return {
    kind: 'loyaltyCard',
    number: wire.loyaltyCardId,
    seriesNumber: short(wire.seriesNumber) ?? '',
    statusCode: wire.statusCode,
    account: account(wire.account, currency),
    customer: customer(wire.customer),
    created: wire.created ?? undefined,
    startDate: wire.startDate ?? undefined,
    expiryDate: wire.expiryDate ?? undefined,
  };
}

export function toAuthorization(wire: v.InferOutput<typeof authorizationWire>, currency: string): Authorization {
  return { ...wire, amount: minor(wire.amount, currency, 'amount'), account: account(wire.account, currency) };
}

export function toLoyaltyPayment(wire: v.InferOutput<typeof loyaltyPaymentWire>, currency: string): LoyaltyPayment {
  return {
    result: wire.result,
    requestedAmount: minor(wire.requestedAmount, currency, 'requestedAmount'),
    approvedAmount: minor(wire.approvedAmount, currency, 'approvedAmount'),
    transactionId: wire.transactionId,
    denialReason: wire.denialReason ?? undefined,
    account: account(wire.account, currency),
  };
}

export function toLoyaltyVoid(wire: v.InferOutput<typeof loyaltyVoidWire>, currency: string): LoyaltyVoid {
  return {
    result: 'voided',
    transactionId: wire.transactionId,
    voidedAmount: minor(wire.voidedAmount, currency, 'voidedAmount'),
    account: account(wire.account, currency),
  };
}
