import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { checkOrigin } from '@/lib/settings/server-address';
import { useHostOrigins, useSettingsActions } from '@/lib/settings/store';

/** Reads the allowed tills, one origin per line: every line must be one, or nothing is saved. */
export function parseOrigins(
  text: string,
): { ok: true; origins: string[] } | { ok: false; line: number; value: string } {
  const origins: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const value = (lines[i] ?? '').trim();
    if (!value) continue;
    const checked = checkOrigin(value);
    if (!checked.ok) return { ok: false, line: i + 1, value: value.slice(0, 80) };
    if (!origins.includes(checked.origin)) origins.push(checked.origin);
  }
  return { ok: true, origins };
}

/** The tills allowed to hand payments over (docs/host-integration.md). */
export function HostOriginsForm() {
  const t = useT();
  const saved = useHostOrigins();
  const { hostOriginsSaved } = useSettingsActions();
  const [text, setText] = useState(saved.join('\n'));
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      className="settings-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseOrigins(text);
        if (!parsed.ok)
          return setNotice({ ok: false, text: t('settings.hostInvalid', { line: parsed.line, value: parsed.value }) });
        hostOriginsSaved(parsed.origins);
        setText(parsed.origins.join('\n'));
        setNotice({ ok: true, text: t('settings.hostSaved') });
      }}
    >
      <fieldset>
        <legend>{t('settings.hostTitle')}</legend>
        <div className="field">
          <label htmlFor="settings-host-origins" className="field-label">
            {t('settings.hostOrigins')}
          </label>
          <textarea
            id="settings-host-origins"
            className="input"
            rows={3}
            spellCheck={false}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby="settings-host-hint"
          />
          <p id="settings-host-hint" className="hint">
            {t('settings.hostHint')}
          </p>
        </div>
        <button type="submit" className="button button-large">
          {t('settings.hostSave')}
        </button>
        <div role="status" aria-live="polite">
          {notice && (
            <p className={`notice ${notice.ok ? 'notice-ok' : 'notice-error'}`}>
              <span aria-hidden="true">{notice.ok ? '✓ ' : '✕ '}</span>
              {notice.text}
            </p>
          )}
        </div>
      </fieldset>
    </form>
  );
}
