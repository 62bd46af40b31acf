import { z } from 'zod';
import type { Customer } from '@/domain/instrument';
import { amountSchema } from '@/lib/amount-schema';

/** Amount (unless the series fixes it) and an optional customer: the fields every issue form shares. */
export function issueFormSchema(currency: string, locale: string, amountRequired: boolean) {
  return z.object({
    amount: amountRequired ? amountSchema(currency, locale) : z.string().transform(() => undefined),
    customerId: z.string().trim().max(40),
    customerName: z.string().trim().max(80),
    reason: z.string().trim().max(60),
  });
}

export type IssueFormInput = z.input<ReturnType<typeof issueFormSchema>>;

export function customerOf(values: { customerId: string; customerName: string }): Customer | undefined {
  if (!values.customerId) return undefined;
  return { customerId: values.customerId, ...(values.customerName && { name: values.customerName }) };
}
