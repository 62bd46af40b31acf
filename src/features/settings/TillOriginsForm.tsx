import { FormNotice, type Notice } from '@/components/FormNotice';
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { parseOrigins } from '@/lib/settings/server-address';
import { useTillOrigins, useSettingsActions } from '@/lib/settings/store';

/** The tills allowed to hand payments over (docs/till-integration.md). */
export function TillOriginsForm() {
  const t = useT();
  const saved = useTillOrigins();
  const { tillOriginsSaved } = useSettingsActions();
  const [text, setText] = useState(saved.join('\n'));
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <form
      className="settings-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseOrigins(text);
        if (!parsed.ok)
          return setNotice({ ok: false, text: t('settings.tillInvalid', { line: parsed.line, value: parsed.value }) });
        tillOriginsSaved(parsed.origins);
        setText(parsed.origins.join('\n'));
        setNotice({ ok: true, text: t('settings.tillSaved') });
      }}
    >
      <fieldset>
        <legend>{t('settings.tillTitle')}</legend>
        <div className="field">
          <label htmlFor="settings-till-origins" className="field-label">
            {t('settings.tillOrigins')}
          </label>
          <textarea
            id="settings-till-origins"
            className="input"
            rows={3}
            spellCheck={false}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby="settings-till-hint"
          />
          <p id="settings-till-hint" className="hint">
            {t('settings.tillHint')}
          </p>
        </div>
        <button type="submit" className="button button-large">
          {t('settings.tillSave')}
        </button>
        <FormNotice notice={notice} />
      </fieldset>
    </form>
  );
}
