import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { useSaved } from './use-saved';
import { FormNotice } from '@/components/FormNotice';
import { useT } from '@/lib/i18n';
import { lookupGuard, useGuardRule } from '@/lib/card-lookup';
import { FieldMessage } from '@/components/FieldMessage';

const MINUTE = 60_000;

/** A whole number from min to max, as typed (the message names the range: validation.wholeRange). */
const whole = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,5}$/, 'wholeRange'),
    v.transform(Number),
    v.minValue(min, 'wholeRange'),
    v.maxValue(max, 'wholeRange'),
  );

const ranges = { limit: [1, 100], windowMinutes: [1, 240], pauseMinutes: [1, 1440] } as const;
const guardSchema = v.object({
  limit: whole(...ranges.limit),
  windowMinutes: whole(...ranges.windowMinutes),
  pauseMinutes: whole(...ranges.pauseMinutes),
});
type GuardInput = v.InferInput<typeof guardSchema>;

/** How many unknown card numbers within how many minutes pause lookups, and for how long. */
export function GuardForm() {
  const t = useT();
  const rule = useGuardRule();
  const form = useForm<GuardInput, unknown, v.InferOutput<typeof guardSchema>>({
    resolver: valibotResolver(guardSchema),
    defaultValues: {
      limit: String(rule.limit),
      windowMinutes: String(rule.windowMs / MINUTE),
      pauseMinutes: String(rule.pauseMs / MINUTE),
    },
  });
  const { errors } = form.formState;
  const saved = useSaved(form);
  const onSubmit = form.handleSubmit((values) => {
    lookupGuard.ruleSaved({
      limit: values.limit,
      windowMs: values.windowMinutes * MINUTE,
      pauseMs: values.pauseMinutes * MINUTE,
    });
  });
  const fields = [
    { name: 'limit', label: t('settings.guardLimit') },
    { name: 'windowMinutes', label: t('settings.guardWindow') },
    { name: 'pauseMinutes', label: t('settings.guardPause') },
  ] as const;
  return (
    <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <fieldset>
        <legend>{t('settings.guardTitle')}</legend>
        <p className="hint">{t('settings.guardHint')}</p>
        {fields.map(({ name, label }) => (
          <div className="field" key={name}>
            <label htmlFor={`guard-${name}`} className="field-label">
              {label}
            </label>
            <input
              id={`guard-${name}`}
              className="input"
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `guard-${name}-error` : undefined}
              {...form.register(name)}
            />
            <FieldMessage
              id={`guard-${name}-error`}
              error={errors[name]}
              vars={{ min: ranges[name][0], max: ranges[name][1] }}
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
