import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { AmountField } from '@/components/AmountField';
import { Money } from '@/components/Money';
import type { Customer } from '@/domain/instrument';
import { useT } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';
import { customerOf, issueFormSchema, type IssueFormInput } from './issue-form';

interface Props {
  id: string;
  /** The series' fixed amount: shown, not editable. */
  fixedAmount?: number | undefined;
  withAmount: boolean;
  withReason?: string | undefined;
  submitLabel: string;
  disabled: boolean;
  onIssue: (fields: {
    amount?: number | undefined;
    customer?: Customer | undefined;
    reason?: string | undefined;
  }) => void;
}

/** Amount, optional customer, optional reason; bad amounts are refused here, before any request. */
export function IssueFields({ id, fixedAmount, withAmount, withReason, submitLabel, disabled, onIssue }: Props) {
  const t = useT();
  const { currency, locale } = useTerminal();
  const needsAmount = withAmount && fixedAmount === undefined;
  const schema = issueFormSchema(currency, locale, needsAmount);
  const form = useForm<IssueFormInput, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    defaultValues: { amount: '', customerId: '', customerName: '', reason: withReason ?? '' },
  });
  const error = form.formState.errors.amount?.message;
  const submit = form.handleSubmit((values) =>
    onIssue({
      amount: needsAmount ? values.amount : undefined,
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
        <div className="field">
          <label htmlFor={`${id}-customer-id`} className="field-label">
            {t('issue.customerId')}
          </label>
          <input id={`${id}-customer-id`} className="input" autoComplete="off" {...form.register('customerId')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-customer-name`} className="field-label">
            {t('issue.customerName')}
          </label>
          <input id={`${id}-customer-name`} className="input" autoComplete="off" {...form.register('customerName')} />
        </div>
      </fieldset>
      {withReason !== undefined && (
        <div className="field">
          <label htmlFor={`${id}-reason`} className="field-label">
            {t('issue.reason')}
          </label>
          <input id={`${id}-reason`} className="input" autoComplete="off" {...form.register('reason')} />
        </div>
      )}
      <button type="submit" className="button button-primary button-large button-wide" disabled={disabled}>
        {submitLabel}
      </button>
    </form>
  );
}
