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
/**
 * What the terminal sends back as it came (an authorization's code, in a commit's path), prints, and
 * hands to a till (a card's number, one the server chose at an issue among them): plain characters
 * only (a code may be space-padded, as card networks' approval codes are; up to 128, as a backup
 * keeps them). A line break, a printer's ESC byte or a bidi override there would reach the till's
 * printed slip as printer commands or lines of the server's making; an answer with one is malformed.
 */
const code = v.pipe(
  v.string(),
  v.maxLength(128),
  v.regex(/^[\x20-\x7e]*[\x21-\x7e][\x20-\x7e]*$/, 'printable ASCII characters, not only spaces'),
);
const cardNumber = v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{1,64}$/, 'letters and digits, 1 to 64'));

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

export const giftCardWire = v.object({ giftCardId: cardNumber, ...datedInstrument });

export const storeCreditWire = v.object({ storeCreditId: cardNumber, ...datedInstrument });

export const loyaltyCardWire = v.object({
  loyaltyCardId: cardNumber,
  created: v.nullish(date),
  expiryDate: v.nullish(date),
  startDate: v.nullish(date),
  seriesNumber: v.string(),
  account: accountWire,
  customer: customerWire,
  statusCode: v.picklist([0, 1, 2, 4]),
});

export const authorizationWire = v.object({
  authCode: code,
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
