import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { AmountField } from '@/components/AmountField';
import { useSaved } from './use-saved';
import { FormNotice } from '@/components/FormNotice';
import { minorToInput } from '@/domain/money';
import { amountSchema } from '@/lib/amount-schema';
import { useT } from '@/lib/i18n';
import { useReturnPolicy, useServerSettings, useSettingsActions } from '@/lib/settings/store';
import { useTerminal } from '@/lib/terminal-context';

/** The PIN for every return, or above an amount (then the amount must be one). */
const returnPolicySchema = (currency: string, locale: string) => {
  const way = v.picklist(['storeCredit', 'giftCard']);
  return v.variant('pin', [
    v.object({ way, pin: v.literal('every'), above: v.string() }),
    v.object({ way, pin: v.literal('above'), above: amountSchema(currency, locale) }),
  ]);
};

/** How card money goes back on a return, and from what amount a return asks for the manager's PIN. */
export function ReturnPolicyForm() {
  const t = useT();
  // The amount is kept for the live server, in its currency, even while the terminal is in training.
  const terminal = useTerminal();
  const currency = useServerSettings()?.currency ?? terminal.currency;
  const { locale } = terminal;
  const policy = useReturnPolicy();
  const { returnPolicySaved } = useSettingsActions();
  const schema = returnPolicySchema(currency, locale);
  const form = useForm<v.InferInput<typeof schema>, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    defaultValues: {
      way: policy.way,
      pin: policy.pinAbove === 0 ? 'every' : 'above',
      above: minorToInput(policy.pinAbove || 5000, currency, locale),
    },
  });
  const pin = useWatch({ control: form.control, name: 'pin' });
  const { errors } = form.formState;
  const saved = useSaved(form);
  const onSubmit = form.handleSubmit((values) => {
    returnPolicySaved({ way: values.way, pinAbove: values.pin === 'every' ? 0 : values.above });
  });
  return (
    <form className="settings-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <fieldset>
        <legend>{t('settings.returnsTitle')}</legend>
        <div className="field">
          <label htmlFor="settings-return-way" className="field-label">
            {t('settings.returnsWay')}
          </label>
          <select id="settings-return-way" className="input" {...form.register('way')}>
            <option value="storeCredit">{t('returns.way.storeCredit')}</option>
            <option value="giftCard">{t('returns.way.giftCard')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="settings-return-pin" className="field-label">
            {t('settings.returnsPin')}
          </label>
          <select id="settings-return-pin" className="input" {...form.register('pin')}>
            <option value="above">{t('settings.returnsPinAboveChoice')}</option>
            <option value="every">{t('settings.returnsPinEvery')}</option>
          </select>
        </div>
        {pin === 'above' && (
          <AmountField
            id="settings-return-pin-above"
            label={t('settings.returnsPinAbove', { currency })}
            error={errors.above?.message}
            registration={form.register('above')}
            currency={currency}
          />
        )}
        <button type="submit" className="button button-large">
          {t('settings.returnsSave')}
        </button>
        <FormNotice notice={saved ? { ok: true, text: t('settings.returnsSaved') } : null} />
      </fieldset>
    </form>
  );
}
