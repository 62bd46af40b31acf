import * as v from 'valibot';
import {
  type Account,
  deriveIssueStatus,
  type Customer,
  type GiftCard,
  type LoyaltyCard,
  type StoreCredit,
} from '@/domain/instrument';
import { majorToMinor, type Minor } from '@/domain/money';
import { TEXT_CAP, untrustedText } from '@/domain/answer-check';
import type { Authorization, LoyaltyPayment, LoyaltyVoid } from '@/domain/payment';
import type {
  AccountWire,
  authorizationWire,
  CustomerWire,
  giftCardWire,
  loyaltyCardWire,
  loyaltyPaymentWire,
  loyaltyVoidWire,
  storeCreditWire,
} from '@/wire/answers';

/** The answers' shapes are in src/wire/answers.ts (shared with the simulator); here they become the terminal's types. */

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

/** Every string a server sends is cleaned and capped here, at the boundary (src/domain/answer-check.ts). */
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
