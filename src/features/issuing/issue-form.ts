import * as v from 'valibot';
import type { Customer } from '@/domain/instrument';
import { amountSchema } from '@/lib/amount-schema';

/** Amount (unless the series fixes it) and an optional customer: the fields every issue form shares. */
export function issueFormSchema(currency: string, locale: string, amountRequired: boolean) {
  return v.object({
    amount: amountRequired
      ? amountSchema(currency, locale)
      : v.pipe(
          v.string(),
          v.transform(() => undefined),
        ),
    customerId: v.pipe(v.string(), v.trim(), v.maxLength(40)),
    customerName: v.pipe(v.string(), v.trim(), v.maxLength(80)),
    reason: v.pipe(v.string(), v.trim(), v.maxLength(60)),
  });
}

export type IssueFormInput = v.InferInput<ReturnType<typeof issueFormSchema>>;

export function customerOf(values: { customerId: string; customerName: string }): Customer | undefined {
  if (!values.customerId) return undefined;
  return { customerId: values.customerId, ...(values.customerName && { name: values.customerName }) };
}
