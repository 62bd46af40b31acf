import { supportedLocales, type SupportedLocale } from '@/lib/settings/locales';
import { useLocale, useSettingsActions } from '@/lib/settings/store';

/** The terminal's language and formats, each named in its own language. */
export function LocaleSelect({ id, label }: { id: string; label: string }) {
  const locale = useLocale();
  const { localeChosen } = useSettingsActions();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={locale}
        onChange={(e) => localeChosen(e.target.value as SupportedLocale)}
      >
        {supportedLocales.map((l) => (
          <option key={l} value={l}>
            {new Intl.DisplayNames([l], { type: 'language' }).of(l) ?? l}
          </option>
        ))}
      </select>
    </div>
  );
}
