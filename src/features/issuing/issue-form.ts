import * as v from 'valibot';
import type { Customer } from '@/domain/instrument';
import { amountSchema } from '@/lib/amount-schema';

/** Amount (unless the series fixes it) and an optional customer: the fields every issue form shares. */
export function issueFormSchema(currency: string, locale: string, amountRequired: boolean) {
  return v.pipe(
    v.object({
      amount: amountRequired
        ? amountSchema(currency, locale)
        : v.pipe(
            v.string(),
            v.transform(() => undefined),
          ),
      customerId: v.pipe(v.string(), v.trim(), v.maxLength(ISSUE_LIMITS.customerId, 'tooLong')),
      customerName: v.pipe(v.string(), v.trim(), v.maxLength(ISSUE_LIMITS.customerName, 'tooLong')),
      reason: v.pipe(v.string(), v.trim(), v.maxLength(ISSUE_LIMITS.reason, 'tooLong')),
    }),
    // The contract keeps a name only with a customer id: one typed alone would be dropped in silence.
    v.forward(
      v.partialCheck(
        [['customerId'], ['customerName']],
        (values) => values.customerName === '' || values.customerId !== '',
        'customerIdFirst',
      ),
      ['customerName'],
    ),
  );
}

/** The longest customer id, name and reason the form takes (refused in words beyond). */
export const ISSUE_LIMITS = { customerId: 40, customerName: 80, reason: 60 } as const;

export type IssueFormInput = v.InferInput<ReturnType<typeof issueFormSchema>>;

export function customerOf(values: { customerId: string; customerName: string }): Customer | undefined {
  if (!values.customerId) return undefined;
  return { customerId: values.customerId, ...(values.customerName && { name: values.customerName }) };
}
