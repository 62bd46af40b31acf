import * as v from 'valibot';
import { instrumentKinds } from '@/domain/instrument';
import { isKnownCurrency } from '@/domain/money';
import { checkServerAddress } from './server-address';

const trimmed = () => v.pipe(v.string(), v.trim());
const required = () => v.pipe(v.string(), v.trim(), v.minLength(1, 'required'));

/** A configured series: how the terminal tells a number's kind and which series it can issue from. */
export const seriesSchema = v.object({
  // Upper case, as every number is read (parseInstrumentNumber): "gc70" would match no scan.
  prefix: v.pipe(v.string(), v.trim(), v.regex(/^[0-9A-Za-z]{1,16}$/, 'prefix'), v.toUpperCase()),
  kind: v.picklist(instrumentKinds),
  seriesNumber: required(),
  livePrinted: v.boolean(),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'tooLong'))),
  /** Minor units; the form converts what the manager types. */
  fixedAmount: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
});

/** Blank means "not set"; text must be digits only ("1e3", "0x10" or " " are not read as numbers). */
const optionalInt = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((input) => {
      if (input === null || (typeof input === 'number' && Number.isNaN(input))) return undefined;
      if (typeof input !== 'string') return input;
      const text = input.trim();
      return text === '' ? undefined : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    }),
    v.optional(v.pipe(v.number('integer'), v.safeInteger('integer'), v.minValue(0, 'integer'))),
  ),
);

/** The connection to a real Loyalty server (terminal.md, "Store manager"). Error messages are i18n keys. */
export const serverSettingsSchema = v.object({
  baseUrl: v.pipe(
    trimmed(),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const checked = checkServerAddress(dataset.value);
      if (!checked.ok) addIssue({ message: checked.problem });
    }),
  ),
  loyaltyGroup: required(),
  token: v.pipe(v.string(), v.minLength(1, 'required')),
  merchantId: required(),
  storeId: optionalInt,
  workstationId: optionalInt,
  operatorId: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, 'tooLong'))),
  currency: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.check(isKnownCurrency, 'currency')),
  timeoutSeconds: v.pipe(
    v.unknown(),
    // Digits only, as the ids: Number() would read "0x3c" as 60 and "1e2" as 100.
    v.transform((input) => (typeof input === 'string' && !/^\s*\d+\s*$/.test(input) ? Number.NaN : Number(input))),
    v.number('timeout'),
    v.safeInteger('timeout'),
    v.minValue(1, 'timeout'),
    v.maxValue(120, 'timeout'),
  ),
  series: v.array(seriesSchema),
});

export type ServerSettings = v.InferOutput<typeof serverSettingsSchema>;

export { supportedLocales, type SupportedLocale } from './locales';
