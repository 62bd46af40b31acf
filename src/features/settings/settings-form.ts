import { z } from 'zod';
import { serverSettingsSchema, type ServerSettings } from '@/lib/settings/schema';

/**
 * The form beside the schema it feeds. The token field is blank when a token is saved: blank
 * keeps it, anything typed replaces it.
 */
export function settingsFormSchema(savedToken: string | undefined) {
  return serverSettingsSchema.extend({
    token: savedToken ? z.string() : z.string().min(1, { message: 'required' }),
  });
}

export type SettingsFormInput = z.input<ReturnType<typeof settingsFormSchema>>;

export function toFormValues(saved: ServerSettings | null): SettingsFormInput {
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
    series: saved?.series ?? [{ prefix: '', kind: 'giftCard', seriesNumber: '', livePrinted: false, description: '' }],
  };
}

export function withToken(values: z.output<ReturnType<typeof settingsFormSchema>>, savedToken: string | undefined): ServerSettings {
  return { ...values, token: values.token || savedToken || '' };
}
