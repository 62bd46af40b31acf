import { useState, type FormEvent } from 'react';
import { AmountField } from '@/components/AmountField';
import { useBusy } from '@/components/use-busy';
import { Keypad } from '@/components/Keypad';
import { currencyDigits, parseAmountInput, separators } from '@/domain/money';
import { useFirstScreenT } from '@/lib/i18n/translate';
import { useTerminal } from '@/lib/terminal-context';
import { useScanner } from '@/lib/scanner';
import { maskNumber } from '@/domain/instrument';

/**
 * Step one of a sale: the amount due, keyed on the keypad or the keyboard. One field, checked by the
 * same rules as every amount (parseAmountInput): it needs no form or schema library, so the first
 * screen downloads none (they come with the tender forms, once a sale is open).
 */
export function AmountDueEntry({ onStart }: { onStart: (due: number) => Promise<void> }) {
  const t = useFirstScreenT();
  const { busy, run } = useBusy();
  const { currency, locale } = useTerminal();
  const [due, setDue] = useState('');
  // Like a form library's "validate on submit, then on every change".
  const [submitted, setSubmitted] = useState(false);
  // The rules of every amount field (amount-schema.ts), without the schema library in the first download.
  const parsed = parseAmountInput(due, currency, locale);
  const problem = parsed.ok
    ? undefined
    : parsed.error === 'ambiguous'
      ? `ambiguous:${parsed.asDecimal}:${parsed.asGrouping}`
      : parsed.error;
  const error = submitted ? problem : undefined;
  // A card scanned here is a card, not an amount due (the scanner service keeps it out of the field).
  // Once the sale is being started, a card scanned is the first payment: this screen lets it pass,
  // and the scanner service keeps it for the open sale's card field (however long the start takes).
  const [cardRead, setCardRead] = useState<string | null>(null);
  useScanner((text) => setCardRead(text.trim()), !busy);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.ok) {
      document.getElementById('sale-due')?.focus();
      return;
    }
    // The next keys are the card the cashier scans at once: they must not land in this field.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    void run(() => onStart(parsed.minor));
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
