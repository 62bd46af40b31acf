import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { formatMoney, minorToInput } from '@/domain/money';
import { checkTenderAmount, remainingDue, type Sale } from '@/domain/sale';
import { externalMethods } from '@/domain/tender-line';
import { amountSchema, fieldCheck } from '@/lib/amount-schema';
import { AmountField } from '@/components/AmountField';
import { useBusy } from '@/components/use-busy';
import { useT } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';
import type { SaleControls } from './SaleScreen';

const methods = externalMethods;

/** Whatever the instruments do not cover, paid another way and recorded on the sale. */
export function ExternalTender({
  sale,
  controls,
  onTaken,
}: {
  sale: Sale;
  controls: SaleControls;
  /** Recorded: the form may go (nothing left due), so the focus goes where its line appears. */
  onTaken: () => void;
}) {
  const t = useT();
  const { run } = useBusy();
  const { currency, locale } = useTerminal();
  const schema = v.pipe(
    v.object({ amount: amountSchema(currency, locale), method: v.picklist(methods) }),
    fieldCheck('amount', (values) => checkTenderAmount(sale, values.amount)),
  );
  const form = useForm<v.InferInput<typeof schema>, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    values: { amount: minorToInput(remainingDue(sale), currency, locale), method: 'cash' },
    resetOptions: { keepDirtyValues: false },
  });
  const error = form.formState.errors.amount?.message;
  const parsed = v.safeParse(schema, useWatch({ control: form.control }));

  return (
    <details className="panel external-tender">
      <summary>{t('sale.externalTitle')}</summary>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          run(async () => {
            await controls.act({ type: 'tenderExternal', amount: values.amount, method: values.method });
            onTaken();
          }),
        )}
      >
        <div className="field">
          <label htmlFor="external-method" className="field-label">
            {t('sale.externalMethod')}
          </label>
          <select id="external-method" className="input" {...form.register('method')}>
            {methods.map((m) => (
              <option key={m} value={m}>
                {t(`sale.method.${m}`)}
              </option>
            ))}
          </select>
        </div>
        <AmountField
          id="external-amount"
          label={t('sale.externalAmount')}
          error={error}
          registration={form.register('amount')}
        />
        <button type="submit" className="button button-large">
          {parsed.success
            ? t('sale.addExternal', { amount: formatMoney(parsed.output.amount, currency, locale) })
            : t('sale.addExternalPlain')}
        </button>
      </form>
    </details>
  );
}
