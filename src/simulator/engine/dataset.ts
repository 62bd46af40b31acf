import { z } from 'zod';
import { isKnownCurrency, majorToMinor } from '../../domain/money';

/** The dataset file (loyalty-api.md section 7). Amounts in major units, dates in RFC 3339 / YYYY-MM-DD. */
const nonEmpty = z.string().min(1, 'must not be empty');
const merchantList = z.array(nonEmpty).nullable().default(null);
const dateTime = z.iso.datetime({ offset: true, message: 'must be an RFC 3339 date-time, e.g. 2026-01-01T00:00:00Z' });
const date = z.iso.date({ message: 'must be a date, YYYY-MM-DD' });
const amount = z.number({ message: 'must be a number (major units)' }).finite();
const customer = z
  .object({
    customerId: nonEmpty,
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
  })
  .nullable()
  .default(null);

const seriesBase = {
  seriesNumber: nonEmpty,
  prefix: z.string().regex(/^[0-9A-Za-z]*$/, 'must be letters or digits'),
  length: z.number().int().min(1).max(15),
  validityMonths: z.number().int().positive().nullable().default(null),
  sellingMerchants: merchantList,
  acceptingMerchants: merchantList,
  description: z.string().optional(),
};

const giftCardSeries = z.object({
  ...seriesBase,
  issueType: z.enum(['preIssued', 'livePrinted']),
  fixedAmount: amount.positive().nullable().default(null),
});

const issuable = {
  number: z.string().regex(/^[0-9A-Za-z]{1,32}$/, 'must be 1 to 32 letters or digits'),
  seriesNumber: nonEmpty,
  amountOriginal: amount,
  amountNet: amount,
  amountFloor: amount.default(0),
  customer,
};

const giftCardRecord = z.object({
  ...issuable,
  status: z.enum(['notIssued', 'issued', 'expired']),
  created: dateTime.optional(),
  startDate: dateTime.optional(),
  expiryDate: dateTime.optional(),
});

const loyaltyCardRecord = z.object({
  ...issuable,
  statusCode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)], {
    message: 'must be 0 (New), 1 (Open), 2 (Closed) or 4 (Canceled)',
  }),
  created: date.optional(),
  startDate: date.optional(),
  expiryDate: date.optional(),
});

const loyaltyGroup = z.object({
  id: nonEmpty,
  merchants: z.array(nonEmpty),
  giftCardSeries: z.array(giftCardSeries).default([]),
  storeCreditSeries: z.array(z.object(seriesBase)).default([]),
  loyaltyCardSeries: z.array(z.object(seriesBase)).default([]),
  giftCards: z.array(giftCardRecord).default([]),
  loyaltyCards: z.array(loyaltyCardRecord).default([]),
  storeCredits: z.array(giftCardRecord).default([]),
});

export const datasetSchema = z.object({
  currency: z.string().refine(isKnownCurrency, 'must be an ISO 4217 currency code, e.g. EUR'),
  authorizationTtlSeconds: z.number().int().positive().default(900),
  tokens: z.array(z.object({ token: nonEmpty, merchantId: nonEmpty })).min(1, 'needs at least one token'),
  loyaltyGroups: z.array(loyaltyGroup),
});

export type Dataset = z.output<typeof datasetSchema>;
export type GiftCardSeriesData = z.output<typeof giftCardSeries>;
export type SeriesData = z.output<z.ZodObject<typeof seriesBase>>;

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
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
  const parsed = datasetSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${pathText(issue.path) || '(file)'}: ${issue.message}`),
    };
  }
  const problems = crossCheck(parsed.data);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, dataset: parsed.data };
}
