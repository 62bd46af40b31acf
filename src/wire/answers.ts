import * as v from 'valibot';

/**
 * The contract's response bodies on the wire (major units, loyalty-api.md sections 2-5), in valibot
 * (tree-shaken to what is used: the first download stays small). The terminal parses every answer
 * with them (src/api/contract.ts: unknown fields dropped, wrong types a malformed_response error);
 * the simulator's answers are typed by them, and its OpenAPI document is generated from them.
 * A leaf with relative imports only: the Node simulator runs under tsx, without the `@/` alias.
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

/** What a server may send (the schemas' input: they have no transforms, so it is also what parses out). */
export type GiftCardWire = v.InferInput<typeof giftCardWire>;
export type StoreCreditWire = v.InferInput<typeof storeCreditWire>;
export type LoyaltyCardWire = v.InferInput<typeof loyaltyCardWire>;
export type AuthorizationWire = v.InferInput<typeof authorizationWire>;
export type LoyaltyPaymentWire = v.InferInput<typeof loyaltyPaymentWire>;
export type LoyaltyVoidWire = v.InferInput<typeof loyaltyVoidWire>;
