import { z } from 'zod';
import { parseAmountInput } from '@/domain/money';

/** An amount field as a cashier types it, to minor units; the issue's message is an i18n key suffix. */
export function amountSchema(currency: string) {
  return z.string().transform((text, ctx) => {
    const parsed = parseAmountInput(text, currency);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.minor;
  });
}
