import * as v from 'valibot';
import { minorToInput, parseAmountInput } from '@/domain/money';
import { seriesSchema, serverSettingsSchema, type ServerSettings } from '@/lib/settings/schema';
import { sameServer } from '@/lib/settings/server-address';

const seriesRow = v.object({ ...seriesSchema.entries, fixedAmount: v.optional(v.string()) });

/** The saved token, and the server address it was saved for: it is never sent anywhere else. */
export type SavedToken = { token: string; baseUrl: string } | undefined;

/** The saved token if it belongs to this address. */
const tokenFor = (baseUrl: string, saved: SavedToken) =>
  saved && sameServer(baseUrl, saved.baseUrl) ? saved.token : undefined;

/**
 * The form beside the schema it feeds. The token field is blank when a token is saved: blank
 * keeps it, anything typed replaces it; with another server address it must be typed again. A
 * series' fixed amount is typed in the currency's units, by the locale's rules.
 */
export function settingsFormSchema(saved: SavedToken, locale = 'en') {
  const fields = v.object({
    ...serverSettingsSchema.entries,
    token: v.pipe(v.string(), v.trim()),
    series: v.array(seriesRow),
  });
  return v.pipe(
    fields,
    v.rawTransform(({ dataset: { value: values }, addIssue }) => {
      // The issue's path names the field it is shown under (react-hook-form reads it as a dot path).
      const issue = (path: (string | number)[], message: string) =>
        addIssue({
          message,
          path: path.map((key) => ({
            type: 'object',
            origin: 'value',
            input: values,
            key: String(key),
            value: undefined,
          })) as unknown as [v.IssuePathItem, ...v.IssuePathItem[]],
        });
      if (!values.token && !tokenFor(values.baseUrl, saved)) issue(['token'], saved ? 'tokenRebind' : 'required');
      // Sent in the Authorization header: a character a header cannot carry (a space, a zero-width
      // space or curly quote pasted from a mail) fails every request, and the check blamed CORS.
      if (values.token && !/^[\x21-\x7e]+$/.test(values.token)) issue(['token'], 'token');
      const series = values.series.map((row, i) => {
        const text = row.fixedAmount?.trim() ?? '';
        if (text === '') return { ...row, fixedAmount: undefined };
        const parsed = parseAmountInput(text, values.currency, locale);
        if (!parsed.ok) {
          issue(['series', i, 'fixedAmount'], 'amount');
          return { ...row, fixedAmount: undefined };
        }
        return { ...row, fixedAmount: parsed.minor };
      });
      return { ...values, series };
    }),
  );
}

export type SettingsFormInput = v.InferInput<ReturnType<typeof settingsFormSchema>>;

export function toFormValues(saved: ServerSettings | null, locale: string): SettingsFormInput {
  return {
    baseUrl: saved?.baseUrl ?? '',
    loyaltyGroup: saved?.loyaltyGroup ?? '',
    token: '',
    merchantId: saved?.merchantId ?? '',
    storeId: saved?.storeId ?? '',
    workstationId: saved?.workstationId ?? '',
    operatorId: saved?.operatorId ?? '',
    currency: saved?.currency ?? 'EUR',
    timeoutSeconds: saved?.timeoutSeconds ?? 10,
    series: (
      saved?.series ?? [{ prefix: '', kind: 'giftCard', seriesNumber: '', livePrinted: false, description: '' }]
    ).map((s) => ({
      ...s,
      fixedAmount:
        'fixedAmount' in s && typeof s.fixedAmount === 'number'
          ? minorToInput(s.fixedAmount, saved?.currency ?? 'EUR', locale)
          : '',
    })),
  };
}

export function withToken(
  values: v.InferOutput<ReturnType<typeof settingsFormSchema>>,
  saved: SavedToken,
): ServerSettings {
  return { ...values, token: values.token || tokenFor(values.baseUrl, saved) || '' };
}

/**
 * An address that names the saved server in another spelling (a trailing slash, capitals in its
 * host) keeps the saved one: the server's records, days and sales are kept apart by it (`scopeOf`),
 * so a new spelling would start the server's day again with its figures left on no report.
 */
export function keepSavedAddress(settings: ServerSettings, saved: ServerSettings | null): ServerSettings {
  return saved && settings.baseUrl !== saved.baseUrl && sameServer(settings.baseUrl, saved.baseUrl)
    ? { ...settings, baseUrl: saved.baseUrl }
    : settings;
}
