import { z } from 'zod';

// No `new Function` at run time: the terminal's Content-Security-Policy has no 'unsafe-eval'.
z.config({ jitless: true });

/**
 * The contract's response bodies on the wire (major units, loyalty-api.md sections 2-5). Unknown
 * fields are dropped; wrong types fail the parse and become a malformed_response error.
 */
const dateTime = z.iso.datetime({ offset: true });
const date = z.iso.date();

export const accountWire = z.object({
  amountNet: z.number(),
  amountOriginal: z.number(),
  amountFloor: z.number(),
  amountAuthorized: z.number(),
});

export const customerWire = z
  .object({
    customerId: z.string(),
    name: z.string().nullish(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
  })
  .nullable();

const issueStatus = z.enum(['notIssued', 'issued', 'expired']);

export const giftCardWire = z.object({
  giftCardId: z.string().min(1),
  created: dateTime.nullish(),
  expiryDate: dateTime.nullish(),
  startDate: dateTime.nullish(),
  seriesNumber: z.string(),
  account: accountWire,
  customer: customerWire,
  status: issueStatus.optional(),
});

export const storeCreditWire = giftCardWire.omit({ giftCardId: true }).extend({ storeCreditId: z.string().min(1) });

export const loyaltyCardWire = z.object({
  loyaltyCardId: z.string().min(1),
  created: date.nullish(),
  expiryDate: date.nullish(),
  startDate: date.nullish(),
  seriesNumber: z.string(),
  account: accountWire,
  customer: customerWire,
  statusCode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)]),
});

export const authorizationWire = z.object({
  authCode: z.string().min(1),
  instrumentId: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'committed', 'canceled', 'expired']),
  created: dateTime,
  expires: dateTime,
  account: accountWire,
});

export const loyaltyPaymentWire = z.object({
  result: z.enum(['approved', 'partiallyApproved', 'denied']),
  requestedAmount: z.number(),
  approvedAmount: z.number(),
  transactionId: z.string(),
  denialReason: z.enum(['insufficient_funds', 'card_not_open', 'expired']).nullish(),
  account: accountWire,
});

export const loyaltyVoidWire = z.object({
  result: z.literal('voided'),
  transactionId: z.string(),
  voidedAmount: z.number(),
  account: accountWire,
});

export const errorBodyWire = z.object({
  error: z.looseObject({ code: z.string(), message: z.string().optional() }),
});

export type AccountWire = z.output<typeof accountWire>;
export type CustomerWire = z.output<typeof customerWire>;
