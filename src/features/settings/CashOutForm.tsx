import { useState } from 'react';
import { AmountField } from '@/components/AmountField';
import { FormNotice } from '@/components/FormNotice';
import { minorToInput, parseAmountInput } from '@/domain/money';
import { useT } from '@/lib/i18n';
import { useCashOutPolicy, useSettingsActions } from '@/lib/settings/store';
import { useTerminal } from '@/lib/terminal-context';

/** Whether small gift card balances may be paid out in cash, and under what amount. */
export function CashOutForm() {
  const t = useT();
  const { currency, locale } = useTerminal();
  const policy = useCashOutPolicy();
  const { cashOutSaved } = useSettingsActions();
  const [enabled, setEnabled] = useState(policy.enabled);
  const [threshold, setThreshold] = useState(minorToInput(policy.threshold, currency, locale));
  const [error, setError] = useState<string | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="settings-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseAmountInput(threshold, currency, locale);
        if (!parsed.ok) return setError(parsed.error === 'ambiguous' ? 'not_a_number' : parsed.error);
        cashOutSaved({ enabled, threshold: parsed.minor });
        setSaved(true);
      }}
    >
      <fieldset>
        <legend>{t('settings.cashOutTitle')}</legend>
        <p className="hint">{t('settings.cashOutHint')}</p>
        <div className="field field-check">
          <input
            id="settings-cash-out-enabled"
            type="checkbox"
            className="checkbox"
            checked={enabled}
            onChange={(e) => (setEnabled(e.target.checked), setSaved(false))}
          />
          <label htmlFor="settings-cash-out-enabled">{t('settings.cashOutEnabled')}</label>
        </div>
        <AmountField
          id="settings-cash-out-threshold"
          label={t('settings.cashOutThreshold', { currency })}
          error={error}
          registration={{
            value: threshold,
            onChange: (e) => (setThreshold(e.target.value), setError(undefined), setSaved(false)),
          }}
        />
        <button type="submit" className="button button-large">
          {t('settings.cashOutSave')}
        </button>
        <FormNotice notice={saved ? { ok: true, text: t('settings.cashOutSaved') } : null} />
      </fieldset>
    </form>
  );
}
