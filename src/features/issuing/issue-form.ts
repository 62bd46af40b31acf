import * as v from 'valibot';
import type { Customer } from '@/domain/instrument';
import { amountSchema } from '@/lib/amount-schema';

const emailShape = v.pipe(v.string(), v.email());

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
      // Its shape only, loosely: whether the address reaches anyone is not the till's to know.
      customerEmail: v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(ISSUE_LIMITS.customerEmail, 'tooLong'),
        v.check((text) => text === '' || v.is(emailShape, text), 'email'),
      ),
      // As a person types it: digits, spaces, +, -, parentheses, at least one digit.
      customerPhone: v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(ISSUE_LIMITS.customerPhone, 'tooLong'),
        v.regex(/^(?:[0-9 +()-]*[0-9][0-9 +()-]*)?$/, 'phone'),
      ),
      reason: v.pipe(v.string(), v.trim(), v.maxLength(ISSUE_LIMITS.reason, 'tooLong')),
    }),
    // The contract keeps a name, email or phone only with a customer id: one typed alone would be
    // dropped in silence.
    v.forward(
      v.partialCheck(
        [['customerId'], ['customerName']],
        (values) => values.customerName === '' || values.customerId !== '',
        'customerIdFirst',
      ),
      ['customerName'],
    ),
    v.forward(
      v.partialCheck(
        [['customerId'], ['customerEmail']],
        (values) => values.customerEmail === '' || values.customerId !== '',
        'customerIdFirstContact',
      ),
      ['customerEmail'],
    ),
    v.forward(
      v.partialCheck(
        [['customerId'], ['customerPhone']],
        (values) => values.customerPhone === '' || values.customerId !== '',
        'customerIdFirstContact',
      ),
      ['customerPhone'],
    ),
  );
}

/**
 * The longest customer id, name, email, phone and reason the form takes (refused in words beyond).
 * An email is capped as the terminal caps a server's words (`TEXT_CAP.short`), so its echo reads whole.
 */
export const ISSUE_LIMITS = {
  customerId: 40,
  customerName: 80,
  customerEmail: 80,
  customerPhone: 30,
  reason: 60,
} as const;

export type IssueFormInput = v.InferInput<ReturnType<typeof issueFormSchema>>;

/** The contract's customer: only the fields given, none without an id. */
export function customerOf(values: {
  customerId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}): Customer | undefined {
  if (!values.customerId) return undefined;
  return {
    customerId: values.customerId,
    ...(values.customerName && { name: values.customerName }),
    ...(values.customerEmail && { email: values.customerEmail }),
    ...(values.customerPhone && { phone: values.customerPhone }),
  };
}
