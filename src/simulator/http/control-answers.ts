import * as v from 'valibot';

/**
 * The answers of the simulator's own interface (loyalty-api.md section 7), for its OpenAPI document.
 * No client parses them with a schema, so these are written for the document; the app's answers are
 * typed by them (app.ts), so a state that drifts from its schema does not compile. The generated
 * JSON Schema allows more fields than these (section 7 promises "at least"): instruments carry every
 * field of the API's view too.
 */
const dateTime = v.pipe(v.string(), v.isoTimestamp());
const holdKind = v.picklist(['giftCard', 'storeCredit']);
const kind = v.picklist(['giftCard', 'storeCredit', 'loyaltyCard']);

/** Each instrument as the API shows it, plus its kind, group, number, flat amounts and bookkeeping. */
const stateInstrument = v.object({
  kind,
  loyaltyGroup: v.string(),
  number: v.string(),
  seriesNumber: v.string(),
  amountNet: v.number(),
  amountOriginal: v.number(),
  amountFloor: v.number(),
  amountAuthorized: v.number(),
  financialActivity: v.boolean(),
});

const stateAuthorization = v.object({
  authCode: v.string(),
  loyaltyGroup: v.string(),
  kind: holdKind,
  instrumentId: v.string(),
  amount: v.number(),
  status: v.picklist(['pending', 'committed', 'canceled', 'expired']),
  created: dateTime,
  expires: dateTime,
  merchantId: v.string(),
  transactionId: v.string(),
});

const stateLoyaltyPayment = v.object({
  loyaltyGroup: v.string(),
  loyaltyCardId: v.string(),
  transactionId: v.string(),
  merchantId: v.string(),
  result: v.picklist(['approved', 'partiallyApproved', 'denied']),
  requestedAmount: v.number(),
  approvedAmount: v.number(),
  denialReason: v.optional(v.picklist(['insufficient_funds', 'card_not_open', 'expired'])),
  status: v.picklist(['approved', 'voided', 'denied']),
  voided: v.boolean(),
  at: dateTime,
});

const journalEntry = v.object({
  at: dateTime,
  loyaltyGroup: v.string(),
  merchantId: v.string(),
  operation: v.string(),
  kind,
  instrumentId: v.string(),
  amount: v.optional(v.number()),
  authCode: v.optional(v.string()),
  result: v.optional(v.string()),
  transactionId: v.string(),
});

export const simulatorStateSchema = v.object({
  currency: v.string(),
  authorizationTtlSeconds: v.number(),
  instruments: v.array(stateInstrument),
  authorizations: v.array(stateAuthorization),
  loyaltyPayments: v.array(stateLoyaltyPayment),
  seriesCounters: v.record(v.string(), v.number()),
  journal: v.array(journalEntry),
});

export type SimulatorState = v.InferInput<typeof simulatorStateSchema>;

export const resetAnswerSchema = v.object({ reset: v.literal(true) });

/** POST /_simulator/clock: how far to move the clock on (holds lapse, dates pass); back at the next reset. */
export const clockBodySchema = v.object({ advanceMs: v.pipe(v.number(), v.integer(), v.minValue(0)) });

/** The simulator's clock after it was moved. */
export const clockAnswerSchema = v.object({ now: dateTime });

/** POST /_simulator/cards: what was added, by number (the cards) and series number. */
export const cardsAnswerSchema = v.object({
  giftCards: v.array(v.string()),
  loyaltyCards: v.array(v.string()),
  storeCredits: v.array(v.string()),
  series: v.array(v.string()),
});
