/** The terminal's languages and formats: English and German, each with its countries' number and date formats. */
export const supportedLocales = ['en-IE', 'en-US', 'en-GB', 'de-DE', 'de-AT'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];
