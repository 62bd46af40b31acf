import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { useSaved } from './use-saved';
import { FormNotice } from '@/components/FormNotice';
import { useT } from '@/lib/i18n';
import { parseOrigins } from '@/lib/settings/server-address';
import { useSettingsActions, useTillOrigins } from '@/lib/settings/store';

/** One origin per line; the words of a refusal name the first line that is not one (read again from the text). */
const originsSchema = v.object({
  origins: v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = parseOrigins(dataset.value);
      if (parsed.ok) return parsed.origins;
      addIssue({ message: 'tillInvalid' });
      return NEVER;
    }),
  ),
});

/** The tills allowed to hand payments over (docs/till-integration.md). */
export function TillOriginsForm() {
  const t = useT();
  const allowed = useTillOrigins();
  const { tillOriginsSaved } = useSettingsActions();
  const form = useForm<v.InferInput<typeof originsSchema>, unknown, v.InferOutput<typeof originsSchema>>({
    resolver: valibotResolver(originsSchema),
    defaultValues: { origins: allowed.join('\n') },
  });
  const { errors } = form.formState;
  const saved = useSaved(form);
  const parsed = errors.origins ? parseOrigins(form.getValues('origins')) : null;
  const refused = parsed && !parsed.ok ? { line: parsed.line, value: parsed.value } : null;
  const onSubmit = form.handleSubmit(({ origins }) => {
    tillOriginsSaved(origins);
    // Shown as the terminal reads them: one per line, duplicates gone.
    form.setValue('origins', origins.join('\n'));
  });
  return (
    <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
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
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? 'settings-till-hint settings-till-error' : 'settings-till-hint'}
            {...form.register('origins')}
          />
          <p id="settings-till-hint" className="hint">
            {t('settings.tillHint')}
          </p>
          {refused && (
            <p id="settings-till-error" className="field-error" role="alert">
              {t('settings.tillInvalid', refused)}
            </p>
          )}
        </div>
        <button type="submit" className="button button-large">
          {t('settings.tillSave')}
        </button>
        <FormNotice notice={saved ? { ok: true, text: t('settings.tillSaved') } : null} />
      </fieldset>
    </form>
  );
}
