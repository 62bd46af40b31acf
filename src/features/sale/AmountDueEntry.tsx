import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { AmountField } from '@/components/AmountField';
import { useBusy } from '@/components/use-busy';
import { Keypad } from '@/components/Keypad';
import { currencyDigits, separators } from '@/domain/money';
import { amountSchema } from '@/lib/amount-schema';
import { useT } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';
import { useScanner } from '@/lib/scanner';
import { maskNumber } from '@/domain/instrument-number';

/**
 * Step one of a sale: the amount due, keyed on the keypad or the keyboard. One field, checked by the
 * same schema as every amount: it needs no form library, so the first screen downloads none
 * (react-hook-form comes with the tender forms, once a sale is open).
 */
export function AmountDueEntry({ onStart }: { onStart: (due: number) => Promise<void> }) {
  const t = useT();
  const { run } = useBusy();
  const { currency, locale } = useTerminal();
  const [due, setDue] = useState('');
  // Like a form library's "validate on submit, then on every change".
  const [submitted, setSubmitted] = useState(false);
  const parsed = v.safeParse(amountSchema(currency, locale), due);
  const error = submitted && !parsed.success ? parsed.issues[0].message : undefined;
  // A card scanned here is a card, not an amount due (the scanner service keeps it out of the field).
  const [cardRead, setCardRead] = useState<string | null>(null);
  useScanner((text) => setCardRead(text.trim()));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) {
      document.getElementById('sale-due')?.focus();
      return;
    }
    // The next keys are the card the cashier scans at once: they must not land in this field.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    void run(() => onStart(parsed.output));
  };

  return (
    <form className="panel due-entry" noValidate onSubmit={submit}>
      <h2 className="screen-title">{t('sale.newTitle')}</h2>
      {cardRead && (
        <p className="notice notice-warn" role="alert">
          {t('sale.cardBeforeDue', { number: maskNumber(cardRead) })}
        </p>
      )}
      <AmountField
        id="sale-due"
        label={`${t('sale.dueLabel')} (${currency})`}
        error={error}
        registration={{ name: 'due', value: due, onChange: (e) => setDue(e.target.value) }}
        large
        autoFocus
      />
      <Keypad value={due} decimals={currencyDigits(currency)} point={separators(locale).decimal} onChange={setDue} />
      <button type="submit" className="button button-primary button-large button-wide">
        {t('sale.start')}
      </button>
    </form>
  );
}
