import { z } from 'zod';
import { parseAmountInput } from '@/domain/money';

/**
 * An amount field as a cashier types it, by the locale's rules, to minor units. The issue's message
 * is an i18n key suffix; an ambiguous amount carries both readings: "ambiguous:150:150000".
 */
export function amountSchema(currency: string, locale: string) {
  return z.string().transform((text, ctx) => {
    const parsed = parseAmountInput(text, currency, locale);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error === 'ambiguous' ? `ambiguous:${parsed.asDecimal}:${parsed.asGrouping}` : parsed.error });
      return z.NEVER;
    }
    return parsed.minor;
  });
}
