import * as v from 'valibot';
import type { Customer } from '../../domain/instrument';
import { type Minor, majorToMinor } from '../../domain/money';
import { fail } from './errors';

/** Request bodies, validated as the contract says: wrong shapes are 400 invalid_request, bad amounts 400 invalid_amount. */

// Flag-free regular expressions: a JSON Schema pattern (the OpenAPI document) has no flags.
const guid = /^\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?$/;
const GUID = 'workstationData.transactionId must be a GUID.';
const REASON = 'workstationData.reason must not be empty.';
const number = (name: string) =>
  v.nullish(
    v.pipe(
      v.number(`workstationData.${name} must be a number.`),
      v.finite(`workstationData.${name} must be a number.`),
    ),
  );
const text = (message: string) => v.nullish(v.string(message));

const body = v.looseObject({}, 'The request body must be a JSON object.');

/** Checked in this order: the first problem is the one answered. */
const workstationData = v.object(
  {
    transactionId: v.pipe(v.string(GUID), v.regex(guid, GUID)),
    // Not blank: \S is what trim() keeps, and unlike a check() it can be said in JSON Schema.
    reason: v.pipe(v.string(REASON), v.regex(/\S/, REASON)),
    storeId: number('storeId'),
    workstationId: number('workstationId'),
    operatorId: text('workstationData.operatorId must be a string.'),
  },
  'workstationData is required.',
);

export interface WorkstationData {
  storeId?: number | undefined;
  workstationId?: number | undefined;
  operatorId?: string | undefined;
  transactionId: string;
  reason: string;
}

const customer = v.nullish(
  v.object(
    {
      customerId: v.pipe(
        v.string('customer must be null or an object with a customerId.'),
        v.minLength(1, 'customer must be null or an object with a customerId.'),
      ),
      name: text('customer.name must be a string.'),
      email: text('customer.email must be a string.'),
      phone: text('customer.phone must be a string.'),
    },
    'customer must be null or an object with a customerId.',
  ),
);

const AMOUNT = 'The amount must be a positive number with no more decimals than the currency has.';

/** A requested amount; that its decimals fit the loyalty group's currency is checked after it (parseAmount). */
const amount = v.pipe(
  v.number(AMOUNT),
  v.finite(AMOUNT),
  v.gtValue(0, 'The amount must be greater than zero.'),
  v.description(
    "Major units of the loyalty group's currency, with at most as many decimals as it has minor units (ISO 4217: EUR 2, ISK 0, KWD 3).",
  ),
);

/**
 * Each operation's whole body, for the OpenAPI document, built from the very field schemas the
 * engine parses with. The engine parses field by field (workstationData, then amount, then
 * customer: its check order, docs/decisions.md), so a refused amount is invalid_amount, not
 * invalid_request; the document states the body as one shape.
 */
export const requestBodies = {
  /** un-issue, commit, cancel, void */
  workstationOnly: v.object({ workstationData }),
  /** a gift card, store credit or loyalty card _pay */
  pay: v.object({ amount, workstationData }),
  /** a gift card's _issue, by number or in a series: amount required unless the series has a fixed amount */
  issueGiftCard: v.object({ amount: v.nullish(amount), customer, workstationData }),
  issueStoreCredit: v.object({ amount, customer, workstationData }),
  issueLoyaltyCard: v.object({ customer, workstationData }),
};

/** The schema's output, or the contract's invalid_request with the first problem's words. */
function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (!result.success) throw fail.invalidRequest(result.issues[0]?.message);
  return result.output;
}

export function requireBody(input: unknown): Record<string, unknown> {
  return parse(body, input);
}

export function parseWorkstationData(input: Record<string, unknown>): WorkstationData {
  const ws = parse(workstationData, input.workstationData);
  return {
    storeId: ws.storeId ?? undefined,
    workstationId: ws.workstationId ?? undefined,
    operatorId: ws.operatorId ?? undefined,
    transactionId: ws.transactionId,
    reason: ws.reason,
  };
}

/** A required or optional positive amount; `undefined` only when optional and absent. */
export function parseAmount(body: Record<string, unknown>, currency: string, required: true): Minor;
export function parseAmount(body: Record<string, unknown>, currency: string, required: false): Minor | undefined;
export function parseAmount(body: Record<string, unknown>, currency: string, required: boolean): Minor | undefined {
  if (!('amount' in body) || body.amount === undefined || (!required && body.amount === null)) {
    if (required) throw fail.invalidAmount('amount is required.');
    return undefined;
  }
  const checked = v.safeParse(amount, body.amount, { abortEarly: true });
  if (!checked.success) throw fail.invalidAmount(checked.issues[0].message);
  // The currency's digits are the money module's rule, in one place; a positive amount that fits is at least 1.
  const minor = majorToMinor(checked.output, currency);
  if (minor === null) throw fail.invalidAmount();
  return minor;
}

/** Absent: undefined; null: no customer; otherwise a customer with only the fields given. */
export function parseCustomer(input: Record<string, unknown>): Customer | null | undefined {
  const c = parse(customer, input.customer);
  if (c === undefined || c === null) return input.customer === null ? null : undefined;
  return {
    customerId: c.customerId,
    ...(c.name != null && { name: c.name }),
    ...(c.email != null && { email: c.email }),
    ...(c.phone != null && { phone: c.phone }),
  };
}
