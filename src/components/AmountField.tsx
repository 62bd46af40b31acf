import type { InputHTMLAttributes, Ref } from 'react';
import { exampleAmount, formatMoney, minorToInput } from '@/domain/money';
import { useFirstScreenT, type FirstScreenKey } from '@/lib/i18n/translate';
import { useTerminal } from '@/lib/terminal-context';

/** A money field: decimal keyboard on tablets, right-aligned digits, the amount's problem in words. */
export function AmountField({
  id,
  label,
  error,
  registration,
  large = false,
  autoFocus = false,
  currency,
}: {
  id: string;
  label: string;
  /** An amount problem from amountSchema or checkTenderAmount ("not_positive", "over_available", …). */
  error: string | undefined;
  /** What a form library's register() gives, or a plain value and onChange. */
  registration: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  large?: boolean;
  autoFocus?: boolean;
  /** The amount's currency where it is not the terminal's (a setting kept for the live server while in training). */
  currency?: string | undefined;
}) {
  const t = useFirstScreenT();
  const terminal = useTerminal();
  const { locale } = terminal;
  const amountProblem = (problem: string) => {
    const [code, asDecimal, asGrouping] = problem.split(':');
    const inCurrency = currency ?? terminal.currency;
    // Examples typed as this currency and locale have them: 12.50, 12,50, 1250 in yen.
    const typed = (minor: number) => minorToInput(minor, inCurrency, locale);
    if (code === 'not_a_number') return t('amount.not_a_number', { example: typed(exampleAmount(inCurrency)) });
    if (code !== 'ambiguous') return t(`amount.${problem}` as FirstScreenKey);
    const money = (minor: string | undefined) => formatMoney(Number(minor), inCurrency, locale);
    return t('amount.ambiguous', {
      decimal: money(asDecimal),
      grouping: money(asGrouping),
      typedDecimal: typed(Number(asDecimal)),
      typedGrouping: typed(Number(asGrouping)),
    });
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className={large ? 'input input-large input-amount' : 'input input-amount'}
        inputMode="decimal"
        data-amount-field
        autoComplete="off"
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {amountProblem(error)}
        </p>
      )}
    </div>
  );
}
