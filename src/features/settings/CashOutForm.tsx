import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { AmountField } from '@/components/AmountField';
import { useSaved } from './use-saved';
import { FormNotice } from '@/components/FormNotice';
import { minorToInput } from '@/domain/money';
import { amountSchema } from '@/lib/amount-schema';
import { useT } from '@/lib/i18n';
import { useCashOutPolicy, useServerSettings, useSettingsActions } from '@/lib/settings/store';
import { useTerminal } from '@/lib/terminal-context';

const cashOutSchema = (currency: string, locale: string) =>
  v.object({ enabled: v.boolean(), threshold: amountSchema(currency, locale) });

/** Whether small gift card balances may be paid out in cash, and under what amount. */
export function CashOutForm() {
  const t = useT();
  // The amount is kept for the live server, in its currency, even while the terminal is in training.
  const terminal = useTerminal();
  const currency = useServerSettings()?.currency ?? terminal.currency;
  const { locale } = terminal;
  const policy = useCashOutPolicy();
  const { cashOutSaved } = useSettingsActions();
  const schema = cashOutSchema(currency, locale);
  const form = useForm<v.InferInput<typeof schema>, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    defaultValues: { enabled: policy.enabled, threshold: minorToInput(policy.threshold, currency, locale) },
  });
  const { errors } = form.formState;
  const saved = useSaved(form);
  const onSubmit = form.handleSubmit((values) => {
    cashOutSaved(values);
  });
  return (
    <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <fieldset>
        <legend>{t('settings.cashOutTitle')}</legend>
        <p className="hint">{t('settings.cashOutHint')}</p>
        <div className="field field-check">
          <input id="settings-cash-out-enabled" type="checkbox" className="checkbox" {...form.register('enabled')} />
          <label htmlFor="settings-cash-out-enabled">{t('settings.cashOutEnabled')}</label>
        </div>
        <AmountField
          id="settings-cash-out-threshold"
          label={t('settings.cashOutThreshold', { currency })}
          error={errors.threshold?.message}
          registration={form.register('threshold')}
          currency={currency}
        />
        <button type="submit" className="button button-large">
          {t('settings.cashOutSave')}
        </button>
        <FormNotice notice={saved ? { ok: true, text: t('settings.cashOutSaved') } : null} />
      </fieldset>
    </form>
  );
}
