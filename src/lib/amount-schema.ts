import * as v from 'valibot';
import { parseAmountInput } from '@/domain/money';

/**
 * An amount field as a cashier types it, by the locale's rules, to minor units. The issue's message
 * is an i18n key suffix; an ambiguous amount carries both readings: "ambiguous:150:150000".
 * `optional`: left empty, it is no amount (undefined); anything typed must be one.
 */
export function amountSchema(currency: string, locale: string): v.GenericSchema<string, number>;
export function amountSchema(
  currency: string,
  locale: string,
  optional: 'optional',
): v.GenericSchema<string, number | undefined>;
export function amountSchema(
  currency: string,
  locale: string,
  optional?: 'optional',
): v.GenericSchema<string, number | undefined> {
  return v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (optional && dataset.value.trim() === '') return undefined;
      const parsed = parseAmountInput(dataset.value, currency, locale);
      if (parsed.ok) return parsed.minor;
      addIssue({
        message: parsed.error === 'ambiguous' ? `ambiguous:${parsed.asDecimal}:${parsed.asGrouping}` : parsed.error,
      });
      return NEVER;
    }),
  );
}

/**
 * A check of the whole form whose problem belongs to one field (shown under it): `problem` returns
 * the message (an i18n key suffix) or null.
 */
export function fieldCheck<T extends Record<string, unknown>>(
  field: keyof T & string,
  problem: (values: T) => string | null,
) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = problem(dataset.value);
    if (message)
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: field, value: dataset.value[field] }],
      });
  });
}
