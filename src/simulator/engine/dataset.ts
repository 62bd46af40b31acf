import * as v from 'valibot';
import { isKnownCurrency, majorToMinor } from '../../domain/money';

/** The dataset file (loyalty-api.md section 7). Amounts in major units, dates in RFC 3339 / YYYY-MM-DD. */
const nonEmpty = v.pipe(v.string(), v.minLength(1, 'must not be empty'));
/** Absent (or null): the default. */
const orNull = <S extends v.GenericSchema>(schema: S) => v.optional(v.nullable(schema), null);
const list = <S extends v.GenericSchema>(item: S) => v.optional(v.array(item), () => []);
const merchantList = orNull(v.array(nonEmpty));
const dateTime = v.pipe(v.string(), v.isoTimestamp('must be an RFC 3339 date-time, e.g. 2026-01-01T00:00:00Z'));
const date = v.pipe(v.string(), v.isoDate('must be a date, YYYY-MM-DD'));
const amount = v.pipe(v.number('must be a number (major units)'), v.finite('must be a number (major units)'));
const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(min), v.maxValue(max));
const customer = orNull(
  v.object({
    customerId: nonEmpty,
    name: v.optional(v.string()),
    email: v.optional(v.string()),
    phone: v.optional(v.string()),
  }),
);

const seriesBase = {
  seriesNumber: nonEmpty,
  prefix: v.pipe(v.string(), v.regex(/^[0-9A-Za-z]*$/, 'must be letters or digits')),
  length: whole(1, 15),
  validityMonths: orNull(whole(1)),
  sellingMerchants: merchantList,
  acceptingMerchants: merchantList,
  description: v.optional(v.string()),
};

const giftCardSeries = v.object({
  ...seriesBase,
  issueType: v.picklist(['preIssued', 'livePrinted']),
  fixedAmount: orNull(v.pipe(amount, v.gtValue(0, 'must be greater than zero'))),
});

/**
 * A card whose payments fail the same way every time, for tests and trainers (this project's
 * extension of the dataset file, docs/decisions.md): the first attempt of each payment (each
 * Idempotency-Key) on it is applied and its answer lost, or gets no answer until the client gives
 * up, or is answered 503; the same key sent again is answered as usual.
 */
export const cardBehaviours = ['answerLost', 'timeout', 'unavailable'] as const;
export type CardBehaviour = (typeof cardBehaviours)[number];

const issuable = {
  number: v.pipe(v.string(), v.regex(/^[0-9A-Za-z]{1,32}$/, 'must be 1 to 32 letters or digits')),
  behaviour: v.optional(v.picklist(cardBehaviours)),
  seriesNumber: nonEmpty,
  amountOriginal: amount,
  amountNet: amount,
  // The lowest the balance may reach, "normally 0": never below it (an account that owes the store
  // is not an instrument's; the terminal takes a negative amount for a contradiction).
  amountFloor: v.optional(v.pipe(amount, v.minValue(0, 'must be 0 or more')), 0),
  customer,
};

const giftCardRecord = v.object({
  ...issuable,
  status: v.picklist(['notIssued', 'issued', 'expired']),
  created: v.optional(dateTime),
  startDate: v.optional(dateTime),
  expiryDate: v.optional(dateTime),
});

const loyaltyCardRecord = v.object({
  ...issuable,
  statusCode: v.picklist([0, 1, 2, 4], 'must be 0 (New), 1 (Open), 2 (Closed) or 4 (Canceled)'),
  created: v.optional(date),
  startDate: v.optional(date),
  expiryDate: v.optional(date),
});

const loyaltyGroup = v.object({
  id: nonEmpty,
  merchants: v.array(nonEmpty),
  giftCardSeries: list(giftCardSeries),
  storeCreditSeries: list(v.object(seriesBase)),
  loyaltyCardSeries: list(v.object(seriesBase)),
  giftCards: list(giftCardRecord),
  loyaltyCards: list(loyaltyCardRecord),
  storeCredits: list(giftCardRecord),
});

/** Cards and series added to a running simulator (POST /_simulator/cards): a loyalty group's lists. */
export const additionsSchema = v.object({
  loyaltyGroup: v.optional(nonEmpty),
  giftCardSeries: list(giftCardSeries),
  storeCreditSeries: list(v.object(seriesBase)),
  loyaltyCardSeries: list(v.object(seriesBase)),
  giftCards: list(giftCardRecord),
  loyaltyCards: list(loyaltyCardRecord),
  storeCredits: list(giftCardRecord),
});

export type Additions = v.InferInput<typeof additionsSchema>;

export const datasetSchema = v.object({
  currency: v.pipe(v.string(), v.check(isKnownCurrency, 'must be an ISO 4217 currency code, e.g. EUR')),
  authorizationTtlSeconds: v.optional(whole(1), 900),
  tokens: v.pipe(
    v.array(v.object({ token: nonEmpty, merchantId: nonEmpty })),
    v.minLength(1, 'needs at least one token'),
  ),
  loyaltyGroups: v.array(loyaltyGroup),
});

export type Dataset = v.InferOutput<typeof datasetSchema>;
export type GiftCardSeriesData = v.InferOutput<typeof giftCardSeries>;
export type SeriesData = v.InferOutput<v.ObjectSchema<typeof seriesBase, undefined>>;

/** Where an issue is, as a reader of the file names it: `loyaltyGroups[0].giftCards[1].amountNet`. */
function pathText(path: readonly { key: unknown }[] | undefined): string {
  return (path ?? []).reduce<string>(
    (text, { key }) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );
}

/** Cross-field rules the schema cannot say: series exist, numbers unique, amounts fit the currency. */
function crossCheck(dataset: Dataset): string[] {
  const problems: string[] = [];
  const digitsOk = (value: number) => majorToMinor(value, dataset.currency) !== null;
  dataset.loyaltyGroups.forEach((group, g) => {
    const at = `loyaltyGroups[${g}]`;
    const seen = new Set<string>();
    const lists = [
      ['giftCards', group.giftCards, group.giftCardSeries],
      ['storeCredits', group.storeCredits, group.storeCreditSeries],
      ['loyaltyCards', group.loyaltyCards, group.loyaltyCardSeries],
    ] as const;
    for (const [field, records, series] of lists) {
      records.forEach((record, i) => {
        const here = `${at}.${field}[${i}]`;
        if (!series.some((s) => s.seriesNumber === record.seriesNumber)) {
          problems.push(`${here}.seriesNumber: no ${field} series "${record.seriesNumber}" in this loyalty group`);
        }
        if (seen.has(record.number))
          problems.push(`${here}.number: "${record.number}" appears twice in this loyalty group`);
        seen.add(record.number);
        for (const key of ['amountOriginal', 'amountNet', 'amountFloor'] as const) {
          if (!digitsOk(record[key])) problems.push(`${here}.${key}: more decimals than ${dataset.currency} has`);
        }
        if (
          'status' in record &&
          record.status === 'expired' &&
          !(record.expiryDate && Date.parse(record.expiryDate) < Date.now())
        ) {
          problems.push(`${here}.expiryDate: status "expired" needs an expiryDate in the past`);
        }
      });
    }
    group.giftCardSeries.forEach((s, i) => {
      if (s.fixedAmount !== null && !digitsOk(s.fixedAmount)) {
        problems.push(`${at}.giftCardSeries[${i}].fixedAmount: more decimals than ${dataset.currency} has`);
      }
    });
  });
  const ids = dataset.loyaltyGroups.map((group) => group.id);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) problems.push(`loyaltyGroups[${i}].id: "${id}" appears twice`);
  });
  return problems;
}

export type DatasetResult = { ok: true; dataset: Dataset } | { ok: false; problems: string[] };

/** Validates a parsed dataset file; problems name the field ("loyaltyGroups[0].giftCards[1].amountNet: ..."). */
export function parseDataset(input: unknown): DatasetResult {
  const parsed = v.safeParse(datasetSchema, input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.issues.map((issue) => `${pathText(issue.path) || '(file)'}: ${issue.message}`),
    };
  }
  const problems = crossCheck(parsed.output);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, dataset: parsed.output };
}

/**
 * The dataset with cards and series added to one of its loyalty groups (the first when none is
 * named), checked as a whole file would be: a number used twice, a series that does not exist or
 * an amount the currency cannot hold is refused with the field named.
 */
export function addToDataset(dataset: Dataset, input: unknown): DatasetResult {
  const parsed = v.safeParse(additionsSchema, input);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.issues.map((issue) => `${pathText(issue.path) || '(body)'}: ${issue.message}`),
    };
  const { loyaltyGroup = dataset.loyaltyGroups[0]?.id, ...lists } = parsed.output;
  const at = dataset.loyaltyGroups.findIndex((g) => g.id === loyaltyGroup);
  if (at < 0) return { ok: false, problems: [`loyaltyGroup: no loyalty group "${loyaltyGroup}"`] };
  const merged: Dataset = structuredClone(dataset);
  const group = merged.loyaltyGroups[at]!;
  group.giftCardSeries.push(...lists.giftCardSeries);
  group.storeCreditSeries.push(...lists.storeCreditSeries);
  group.loyaltyCardSeries.push(...lists.loyaltyCardSeries);
  group.giftCards.push(...lists.giftCards);
  group.loyaltyCards.push(...lists.loyaltyCards);
  group.storeCredits.push(...lists.storeCredits);
  const problems = crossCheck(merged);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, dataset: merged };
}
