import { FormNotice } from '@/components/FormNotice';
import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { lookupGuard, useGuardRule } from '@/lib/lookup-guard-store';

const MINUTE = 60_000;

/** How many unknown card numbers within how many minutes pause lookups, and for how long. */
export function GuardForm() {
  const t = useT();
  const rule = useGuardRule();
  const [limit, setLimit] = useState(String(rule.limit));
  const [windowMin, setWindowMin] = useState(String(rule.windowMs / MINUTE));
  const [pauseMin, setPauseMin] = useState(String(rule.pauseMs / MINUTE));
  const [saved, setSaved] = useState(false);
  const whole = (text: string, min: number, max: number) => {
    const n = Number(text);
    return Number.isInteger(n) && n >= min && n <= max ? n : null;
  };
  const fields = [
    { id: 'guard-limit', label: t('settings.guardLimit'), value: limit, set: setLimit },
    { id: 'guard-window', label: t('settings.guardWindow'), value: windowMin, set: setWindowMin },
    { id: 'guard-pause', label: t('settings.guardPause'), value: pauseMin, set: setPauseMin },
  ];
  return (
    <form
      className="settings-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const l = whole(limit, 1, 100);
        const w = whole(windowMin, 1, 240);
        const p = whole(pauseMin, 1, 1440);
        if (l === null || w === null || p === null) return setSaved(false);
        lookupGuard.ruleSaved({ limit: l, windowMs: w * MINUTE, pauseMs: p * MINUTE });
        setSaved(true);
      }}
    >
      <fieldset>
        <legend>{t('settings.guardTitle')}</legend>
        {fields.map((f) => (
          <div className="field" key={f.id}>
            <label htmlFor={f.id} className="field-label">
              {f.label}
            </label>
            <input
              id={f.id}
              className="input"
              inputMode="numeric"
              value={f.value}
              onChange={(e) => (f.set(e.target.value), setSaved(false))}
            />
          </div>
        ))}
        <button type="submit" className="button button-large">
          {t('settings.guardSave')}
        </button>
        <FormNotice notice={saved ? { ok: true, text: t('settings.guardSaved') } : null} />
      </fieldset>
    </form>
  );
}
