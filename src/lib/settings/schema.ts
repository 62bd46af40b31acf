import { z } from 'zod';
import { instrumentKinds } from '@/domain/instrument';
import { isKnownCurrency } from '@/domain/money';
import { checkServerAddress } from './server-address';

/** A configured series: how the terminal tells a number's kind and which series it can issue from. */
export const seriesSchema = z.object({
  prefix: z.string().trim().regex(/^[0-9A-Za-z]{1,16}$/, { message: 'prefix' }),
  kind: z.enum(instrumentKinds),
  seriesNumber: z.string().trim().min(1, { message: 'required' }),
  livePrinted: z.boolean(),
  description: z.string().trim().max(60).optional(),
  /** Minor units; the form converts what the manager types. */
  fixedAmount: z.number().int().positive().optional(),
});

const optionalInt = z.preprocess(
  (v) => (v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ message: 'integer' }).int({ message: 'integer' }).min(0, { message: 'integer' }).optional(),
);

/** The connection to a real Loyalty server (terminal.md, "Store manager"). Error messages are i18n keys. */
export const serverSettingsSchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const checked = checkServerAddress(v);
      if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.problem });
    }),
  loyaltyGroup: z.string().trim().min(1, { message: 'required' }),
  token: z.string().min(1, { message: 'required' }),
  merchantId: z.string().trim().min(1, { message: 'required' }),
  storeId: optionalInt,
  workstationId: optionalInt,
  operatorId: z.string().trim().max(40).optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isKnownCurrency, { message: 'currency' }),
  timeoutSeconds: z.coerce.number({ message: 'timeout' }).int({ message: 'timeout' }).min(1, { message: 'timeout' }).max(120, { message: 'timeout' }),
  series: z.array(seriesSchema),
});

export type ServerSettings = z.output<typeof serverSettingsSchema>;
export type SeriesSetting = z.output<typeof seriesSchema>;

export const supportedLocales = ['en-IE', 'en-US', 'en-GB', 'de-DE', 'de-AT'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];
