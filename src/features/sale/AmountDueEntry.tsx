import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AmountField } from '@/components/AmountField';
import { useBusy } from '@/components/use-busy';
import { Keypad } from '@/components/Keypad';
import { currencyDigits, separators } from '@/domain/money';
import { amountSchema } from '@/lib/amount-schema';
import { useT } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';
import { useScanner } from '@/lib/use-scanner';
import { maskNumber } from '@/domain/instrument-number';

/** Step one of a sale: the amount due, keyed on the keypad or the keyboard. */
export function AmountDueEntry({ onStart }: { onStart: (due: number) => Promise<void> }) {
  const t = useT();
  const { run } = useBusy();
  const { currency, locale } = useTerminal();
  const schema = z.object({ due: amountSchema(currency, locale) });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { due: '' } });
  const due = useWatch({ control: form.control, name: 'due' });
  const error = form.formState.errors.due?.message;
  // A card scanned here is a card, not an amount due (the scanner service keeps it out of the field).
  const [cardRead, setCardRead] = useState<string | null>(null);
  useScanner((text) => setCardRead(text.trim()));

  return (
    <form className="panel due-entry" noValidate onSubmit={form.handleSubmit((v) => {
      // The next keys are the card the cashier scans at once: they must not land in this field.
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      return run(() => onStart(v.due));
    })}>
      <h2 className="screen-title">{t('sale.newTitle')}</h2>
      {cardRead && <p className="notice notice-warn" role="alert">{t('sale.cardBeforeDue', { number: maskNumber(cardRead) })}</p>}
      <AmountField id="sale-due" label={`${t('sale.dueLabel')} (${currency})`} error={error} registration={form.register('due')} large autoFocus />
      <Keypad value={due} decimals={currencyDigits(currency)} point={separators(locale).decimal} onChange={(v) => form.setValue('due', v, { shouldValidate: form.formState.isSubmitted })} />
      <button type="submit" className="button button-primary button-large button-wide">{t('sale.start')}</button>
    </form>
  );
}
