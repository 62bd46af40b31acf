import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { AmountField } from '@/components/AmountField';
import { Money } from '@/components/Money';
import type { Customer } from '@/domain/instrument';
import { useT } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';
import { FieldMessage } from '@/components/FieldMessage';
import { customerOf, issueFormSchema, ISSUE_LIMITS, type IssueFormInput } from './issue-form';

/** What the cashier issues with: the amount (typed, or the series' fixed one), a customer, a reason. */
export interface IssueFieldsValues {
  amount?: number | undefined;
  customer?: Customer | undefined;
  reason?: string | undefined;
}

interface Props {
  id: string;
  /** The series' fixed amount: shown, not editable. */
  fixedAmount?: number | undefined;
  withAmount: boolean;
  withReason?: string | undefined;
  submitLabel: string;
  disabled: boolean;
  onIssue: (fields: IssueFieldsValues) => void;
}

/** Amount, optional customer, optional reason; bad amounts are refused here, before any request. */
export function IssueFields({ id, fixedAmount, withAmount, withReason, submitLabel, disabled, onIssue }: Props) {
  const t = useT();
  const { currency, locale } = useTerminal();
  const needsAmount = withAmount && fixedAmount === undefined;
  const schema = issueFormSchema(currency, locale, needsAmount);
  const form = useForm<IssueFormInput, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    // Every field's refusal at once: the form-wide check (a name needs an id) runs beside a field's own.
    criteriaMode: 'all',
    defaultValues: {
      amount: '',
      customerId: '',
      customerName: '',
      customerEmail: '',
      customerPhone: '',
      reason: withReason ?? '',
    },
  });
  const { errors } = form.formState;
  const error = errors.amount?.message;
  /** A text field with its refusal in words beneath it. */
  const text = (
    name: 'customerId' | 'customerName' | 'customerEmail' | 'customerPhone' | 'reason',
    label: string,
    type: 'text' | 'email' | 'tel' = 'text',
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        type={type}
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...form.register(name)}
      />
      <FieldMessage id={`${id}-${name}-error`} error={errors[name]} vars={{ max: ISSUE_LIMITS[name] }} />
    </div>
  );
  // A series' fixed amount is sent as shown: the server refuses any other (invalid_amount), so a
  // fixed amount changed on the server and not here is refused, never loaded at the server's figure.
  const submit = form.handleSubmit((values) =>
    onIssue({
      amount: needsAmount ? values.amount : withAmount ? fixedAmount : undefined,
      customer: customerOf(values),
      reason: values.reason || undefined,
    }),
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="issue-fields">
      {withAmount && fixedAmount !== undefined && (
        <p className="fixed-amount">
          {t('issue.fixedAmount')}:{' '}
          <strong>
            <Money minor={fixedAmount} />
          </strong>
        </p>
      )}
      {needsAmount && (
        <AmountField
          id={`${id}-amount`}
          label={`${t('issue.amount')} (${currency})`}
          error={error}
          registration={form.register('amount')}
          large
        />
      )}
      <fieldset className="customer-fields">
        <legend>{t('issue.customer')}</legend>
        {text('customerId', t('issue.customerId'))}
        {text('customerName', t('issue.customerName'))}
        {text('customerEmail', t('issue.customerEmail'), 'email')}
        {text('customerPhone', t('issue.customerPhone'), 'tel')}
      </fieldset>
      {withReason !== undefined && text('reason', t('issue.reason'))}
      <button type="submit" className="button button-primary button-large button-wide" disabled={disabled}>
        {submitLabel}
      </button>
    </form>
  );
}
