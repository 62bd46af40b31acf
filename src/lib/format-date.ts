const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** An RFC 3339 DateTime in the terminal's time zone; a YYYY-MM-DD Date as the calendar date it names. */
export function formatDate(value: string, locale: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return formatter(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? value : formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}
