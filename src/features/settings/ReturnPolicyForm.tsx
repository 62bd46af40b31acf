import { FormNotice } from '@/components/FormNotice';
import { useState } from 'react';
import { AmountField } from '@/components/AmountField';
import { minorToInput, parseAmountInput } from '@/domain/money';
import { useT } from '@/lib/i18n';
import { useReturnPolicy, useSettingsActions } from '@/lib/settings/store';
import { useTerminal } from '@/lib/terminal-context';

/** How card money goes back on a return, and from what amount a return asks for the manager's PIN. */
export function ReturnPolicyForm() {
  const t = useT();
  const { currency, locale } = useTerminal();
  const policy = useReturnPolicy();
  const { returnPolicySaved } = useSettingsActions();
  const [way, setWay] = useState(policy.way);
  const [every, setEvery] = useState(policy.pinAbove === 0);
  const [above, setAbove] = useState(minorToInput(policy.pinAbove || 5000, currency, locale));
  const [error, setError] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="settings-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseAmountInput(above, currency, locale);
        if (!every && !parsed.ok) return setError(parsed.error === 'ambiguous' ? 'not_a_number' : parsed.error);
        returnPolicySaved({ way, pinAbove: every || !parsed.ok ? 0 : parsed.minor });
        setSaved(true);
      }}
    >
      <fieldset>
        <legend>{t('settings.returnsTitle')}</legend>
        <div className="field">
          <label htmlFor="settings-return-way" className="field-label">
            {t('settings.returnsWay')}
          </label>
          <select
            id="settings-return-way"
            className="input"
            value={way}
            onChange={(e) => setWay(e.target.value === 'giftCard' ? 'giftCard' : 'storeCredit')}
          >
            <option value="storeCredit">{t('returns.way.storeCredit')}</option>
            <option value="giftCard">{t('returns.way.giftCard')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="settings-return-pin" className="field-label">
            {t('settings.returnsPin')}
          </label>
          <select
            id="settings-return-pin"
            className="input"
            value={every ? 'every' : 'above'}
            onChange={(e) => setEvery(e.target.value === 'every')}
          >
            <option value="above">{t('settings.returnsPinAboveChoice')}</option>
            <option value="every">{t('settings.returnsPinEvery')}</option>
          </select>
        </div>
        {!every && (
          <AmountField
            id="settings-return-pin-above"
            label={t('settings.returnsPinAbove', { currency })}
            error={error}
            registration={{
              value: above,
              onChange: (e) => (setAbove(e.target.value), setError(undefined), setSaved(false)),
            }}
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
