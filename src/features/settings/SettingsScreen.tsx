import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { instrumentKinds } from '@/domain/instrument';
import { useT, type MessageKey } from '@/lib/i18n';
import { LocaleSelect } from '@/components/LocaleSelect';
import { checkServerAddress } from '@/lib/settings/server-address';
import { useLocale, useServerSettings, useSettingsActions, useTerminalMode } from '@/lib/settings/store';
import { scopeOf } from '@/lib/settings/scope';
import { keptScopes, withKnownSpelling } from '@/lib/settings/server-spelling';
import { outboxDb } from '@/outbox/db';
import { createReadModel } from '@/outbox/read-model';
import { switchScope, whatStopsAChange, whatStopsTraining } from '@/lib/settings/switch-scope';
import { checkConnection, type ConnectionCheck } from './check-connection';
import { TillOriginsForm } from './TillOriginsForm';
import { RecordsPanel } from './RecordsPanel';
import { CashOutForm } from './CashOutForm';
import { ReturnPolicyForm } from './ReturnPolicyForm';
import { GuardForm } from './GuardForm';
import { PrinterForm } from './PrinterForm';
import { FieldMessage } from '@/components/FieldMessage';
import { keepSavedAddress, settingsFormSchema, toFormValues, withToken, type SettingsFormInput } from './settings-form';
import { tokenTail } from './token-tail';

/** A button greyed out while it worked takes the focus back once pressable, unless it was put elsewhere meanwhile. */
function focusBack(button: HTMLButtonElement | null, back: { current: boolean }) {
  if (!button || button.disabled || !back.current) return;
  back.current = false;
  if (!document.activeElement || document.activeElement === document.body) button.focus();
}

export function SettingsScreen() {
  const t = useT();
  const saved = useServerSettings();
  const mode = useTerminalMode();
  const locale = useLocale();
  const actions = useSettingsActions();
  const savedToken = saved?.token;
  const savedTail = savedToken ? tokenTail(savedToken) : '';
  const bound = saved ? { token: saved.token, baseUrl: saved.baseUrl } : undefined;
  const schema = settingsFormSchema(bound, locale);
  const form = useForm<SettingsFormInput, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    // Every refusal at once: the form-wide checks (the token, a fixed amount) beside each field's own.
    criteriaMode: 'all',
    defaultValues: toFormValues(saved, locale),
    mode: 'onBlur',
  });
  // A field is checked when it is left; one refused is checked again as it is typed, so a refusal put
  // right goes before Save's tap takes the focus (going then, it moved the button from under the tap,
  // and a tablet's first tap saved nothing). Not 'onTouched': that checks a series added a moment ago.
  const { register, handleSubmit, formState, control, getValues, subscribe, getFieldState, trigger } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (type === 'change' && name && getFieldState(name as FieldPath<SettingsFormInput>).invalid)
            void trigger(name as FieldPath<SettingsFormInput>);
        },
      }),
    [subscribe, getFieldState, trigger],
  );
  const typedUrl = useWatch({ control, name: 'baseUrl' });
  const typedAddress = checkServerAddress(typedUrl ?? '');
  const series = useFieldArray({ control, name: 'series' });
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkingSave, setCheckingSave] = useState(false);
  const [modeNotice, setModeNotice] = useState<string | null>(null);
  const errors = formState.errors;

  const field = (
    name:
      | 'baseUrl'
      | 'loyaltyGroup'
      | 'merchantId'
      | 'storeId'
      | 'workstationId'
      | 'operatorId'
      | 'currency'
      | 'timeoutSeconds',
    label: MessageKey,
    options: { type?: string; inputMode?: 'numeric' | 'url' | 'text' } = {},
  ) => (
    <div className="field">
      <label htmlFor={`settings-${name}`} className="field-label">
        {t(label)}
      </label>
      <input
        id={`settings-${name}`}
        className="input"
        type={options.type ?? 'text'}
        inputMode={options.inputMode}
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `settings-${name}-error` : undefined}
        {...register(name)}
      />
      <FieldMessage id={`settings-${name}-error`} error={errors[name]} vars={{ max: 40 }} />
    </div>
  );

  // Greyed out, Save (or Check connection) lost the focus to the page: it takes it back as it can be
  // pressed again, unless someone has put it somewhere meanwhile.
  const backToSave = useRef(false);
  const backToCheck = useRef(false);
  const saveButton = (button: HTMLButtonElement | null) => focusBack(button, backToSave);
  const checkButton = (button: HTMLButtonElement | null) => focusBack(button, backToCheck);
  // One at a time: a check's answer arriving after a save would put its words over the save's, and
  // a save during a check would be told about values the check did not test.
  const busy = checking || checkingSave;
  /**
   * A change of server is checked before it is saved (what stays with the one left): Save is greyed
   * out meanwhile and says so, so a second tap neither saves twice nor races the first; it can be
   * pressed again whatever came of it.
   */
  const whileChecked =
    (save: (values: v.InferOutput<typeof schema>) => Promise<void>) => async (values: v.InferOutput<typeof schema>) => {
      setCheckingSave(true);
      try {
        await save(values);
      } finally {
        backToSave.current = true;
        setCheckingSave(false);
      }
    };

  const onSave = handleSubmit(
    whileChecked(async (values) => {
      // The address as this terminal spells it already: as saved, or else as its records have it
      // (a backup brought in before it was set up), so that server's records stay its own.
      const kept = keepSavedAddress(withToken(values, bound), saved);
      const settings =
        saved && scopeOf('live', kept) === scopeOf('live', saved)
          ? kept
          : withKnownSpelling(kept, await keptScopes(outboxDb).catch(() => []));
      // The money of this server is sent to it in its currency: neither changes under it while it
      // settles, whether the terminal works with it now or is in training meanwhile.
      const moves =
        saved && (scopeOf('live', saved) !== scopeOf('live', settings) || saved.currency !== settings.currency);
      const save = () => actions.serverSettingsSaved(settings);
      let stays = null;
      if (moves)
        stays = await switchScope(() => whatStopsAChange(createReadModel(outboxDb, scopeOf('live', saved))), save);
      else save();
      if (stays) {
        const dayOpen = saved?.currency !== settings.currency ? 'settings.dayOpen' : 'settings.dayOpenServer';
        setNotice({ tone: 'error', text: t(stays === 'dayOpen' ? dayOpen : `settings.${stays}`) });
        return;
      }
      form.reset(toFormValues(settings, locale));
      const currencyChanged = saved !== null && saved.currency !== settings.currency;
      setNotice({ tone: 'ok', text: t(currencyChanged ? 'settings.currencyChanged' : 'settings.saved') });
    }),
    () => setNotice({ tone: 'error', text: t('settings.fix') }),
  );

  // In training nothing is sent to this server: its money still on its way would wait, and a hold
  // lapse before its commit is sent.
  const onTraining = async () => {
    const live = saved ? createReadModel(outboxDb, scopeOf('live', saved)) : null;
    const stays = await switchScope(
      async () => (live ? whatStopsTraining(live) : null),
      () => actions.trainingStarted(),
    );
    setModeNotice(stays ? t(stays === 'unsettled' ? 'trainingPanel.unsettled' : `settings.${stays}`) : null);
  };

  const onCheck = async () => {
    const parsed = v.safeParse(schema, getValues());
    if (!parsed.success) {
      await form.trigger();
      setNotice({ tone: 'error', text: t('settings.fix') });
      return;
    }
    setChecking(true);
    setNotice(null);
    const result: ConnectionCheck = await checkConnection(withToken(parsed.output, bound));
    backToCheck.current = true;
    setChecking(false);
    setNotice({ tone: result.ok ? 'ok' : 'error', text: t(result.key, result.vars) });
  };

  return (
    <div className="screen settings">
      <h2 className="screen-title">{t('settings.title')}</h2>

      <LocaleSelect id="settings-locale" label={t('settings.locale')} />

      <form onSubmit={(e) => void onSave(e)} noValidate className="settings-form">
        <fieldset>
          <legend>{t('settings.server')}</legend>
          {field('baseUrl', 'settings.baseUrl', { type: 'url', inputMode: 'url' })}
          {typedAddress.ok && typedAddress.insecure && (
            <p className="notice notice-warn" role="note">
              <span aria-hidden="true">▲ </span>
              {t('settings.insecure')}
            </p>
          )}
          {field('loyaltyGroup', 'settings.loyaltyGroup')}
          <div className="field">
            <label htmlFor="settings-token" className="field-label">
              {savedToken ? t('settings.tokenReplace') : t('settings.token')}
            </label>
            <input
              id="settings-token"
              className="input"
              type="password"
              autoComplete="new-password"
              aria-describedby={
                [savedToken && 'settings-token-saved', errors.token && 'settings-token-error']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              aria-invalid={errors.token ? true : undefined}
              {...register('token')}
            />
            {savedToken && (
              <p id="settings-token-saved" className="hint">
                {savedTail ? t('settings.tokenSaved', { last: `…${savedTail}` }) : t('settings.tokenKept')}
              </p>
            )}
            <FieldMessage id="settings-token-error" error={errors.token} />
          </div>
          {field('merchantId', 'settings.merchantId')}
          {field('storeId', 'settings.storeId', { inputMode: 'numeric' })}
          {field('workstationId', 'settings.workstationId', { inputMode: 'numeric' })}
          {field('operatorId', 'settings.operatorId')}
          {field('currency', 'settings.currency')}
          {field('timeoutSeconds', 'settings.timeout', { inputMode: 'numeric' })}
        </fieldset>

        <fieldset>
          <legend>{t('settings.series')}</legend>
          <p className="hint">{t('settings.seriesHint')}</p>
          {series.fields.map((row, i) => (
            <fieldset key={row.id} className="series-row">
              <legend>{t('settings.seriesRow', { n: i + 1 })}</legend>
              <div className="field">
                <label htmlFor={`series-${i}-prefix`} className="field-label">
                  {t('settings.prefix')}
                </label>
                <input
                  id={`series-${i}-prefix`}
                  className="input"
                  autoComplete="off"
                  {...register(`series.${i}.prefix`)}
                  aria-invalid={errors.series?.[i]?.prefix ? true : undefined}
                />
                <FieldMessage id={`series-${i}-prefix-error`} error={errors.series?.[i]?.prefix} />
              </div>
              <div className="field">
                <label htmlFor={`series-${i}-kind`} className="field-label">
                  {t('settings.kind')}
                </label>
                <select id={`series-${i}-kind`} className="input" {...register(`series.${i}.kind`)}>
                  {instrumentKinds.map((k) => (
                    <option key={k} value={k}>
                      {t(`kind.${k}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`series-${i}-number`} className="field-label">
                  {t('settings.seriesNumber')}
                </label>
                <input
                  id={`series-${i}-number`}
                  className="input"
                  autoComplete="off"
                  {...register(`series.${i}.seriesNumber`)}
                  aria-invalid={errors.series?.[i]?.seriesNumber ? true : undefined}
                />
                <FieldMessage id={`series-${i}-number-error`} error={errors.series?.[i]?.seriesNumber} />
              </div>
              <div className="field">
                <label htmlFor={`series-${i}-description`} className="field-label">
                  {t('settings.description')}
                </label>
                <input
                  id={`series-${i}-description`}
                  className="input"
                  autoComplete="off"
                  {...register(`series.${i}.description`)}
                  aria-invalid={errors.series?.[i]?.description ? true : undefined}
                  aria-describedby={errors.series?.[i]?.description ? `series-${i}-description-error` : undefined}
                />
                <FieldMessage
                  id={`series-${i}-description-error`}
                  error={errors.series?.[i]?.description}
                  vars={{ max: 60 }}
                />
              </div>
              <div className="field">
                <label htmlFor={`series-${i}-fixed`} className="field-label">
                  {t('settings.fixedAmount')}
                </label>
                <input
                  id={`series-${i}-fixed`}
                  className="input"
                  inputMode="decimal"
                  autoComplete="off"
                  {...register(`series.${i}.fixedAmount`)}
                  aria-invalid={errors.series?.[i]?.fixedAmount ? true : undefined}
                />
                <FieldMessage id={`series-${i}-fixed-error`} error={errors.series?.[i]?.fixedAmount} />
              </div>
              <div className="field field-check">
                <input
                  id={`series-${i}-live`}
                  type="checkbox"
                  className="checkbox"
                  {...register(`series.${i}.livePrinted`)}
                />
                <label htmlFor={`series-${i}-live`}>{t('settings.livePrinted')}</label>
              </div>
              <button type="button" className="button" onClick={() => series.remove(i)}>
                {t('settings.removeSeries', { n: i + 1 })}
              </button>
            </fieldset>
          ))}
          <button
            type="button"
            className="button"
            onClick={() =>
              series.append({
                prefix: '',
                kind: 'giftCard',
                seriesNumber: '',
                livePrinted: false,
                description: '',
                fixedAmount: '',
              })
            }
          >
            {t('settings.addSeries')}
          </button>
        </fieldset>

        <div className="actions">
          <button ref={saveButton} type="submit" className="button button-primary button-large" disabled={busy}>
            {checkingSave ? t('settings.checking') : t('settings.save')}
          </button>
          <button
            ref={checkButton}
            type="button"
            className="button button-large"
            onClick={() => void onCheck()}
            disabled={busy}
          >
            {checking ? t('settings.checking') : t('settings.check')}
          </button>
        </div>
        <div role="status" aria-live="polite">
          {notice && (
            <p className={`notice ${notice.tone === 'ok' ? 'notice-ok' : 'notice-error'}`}>
              <span aria-hidden="true">{notice.tone === 'ok' ? '✓ ' : '✕ '}</span>
              {notice.text}
            </p>
          )}
        </div>
      </form>

      <PrinterForm />
      <TillOriginsForm />
      {/* Their amounts are in the currency: a new one starts them again from what is saved (set back on the change). */}
      <ReturnPolicyForm key={`returns:${saved?.currency ?? ''}`} />
      <CashOutForm key={`cash-out:${saved?.currency ?? ''}`} />
      <GuardForm />
      <RecordsPanel />

      <section className="mode-switch" aria-labelledby="mode-heading">
        <h3 id="mode-heading">{mode === 'live' ? t('settings.modeLive') : t('settings.modeTraining')}</h3>
        {mode === 'training' && saved && (
          <button type="button" className="button button-large" onClick={actions.liveStarted}>
            {t('settings.useLive')}
          </button>
        )}
        {mode === 'live' && (
          <button type="button" className="button button-large" onClick={() => void onTraining()}>
            {t('settings.useTraining')}
          </button>
        )}
        <div role="status" aria-live="polite">
          {modeNotice && <p className="notice notice-error">{modeNotice}</p>}
        </div>
      </section>
    </div>
  );
}
