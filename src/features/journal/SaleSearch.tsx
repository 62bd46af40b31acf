import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { AmountField } from '@/components/AmountField';
import { FieldMessage } from '@/components/FieldMessage';
import { Money } from '@/components/Money';
import { maskNumber } from '@/domain/instrument';
import { paidAmount, receiptReference, type Sale } from '@/domain/sale';
import { amountSchema } from '@/lib/amount-schema';
import { useT } from '@/lib/i18n';
import { useNavigationActions } from '@/lib/navigation-store';
import { useTerminal } from '@/lib/terminal-context';
import { useOutbox } from '@/outbox/projection';

const dayRange = (day: string): [string, string] => {
  const start = new Date(`${day}T00:00:00`);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  return [start.toISOString(), end.toISOString()];
};

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The day, and if known the amount and a card's last four digits. What cannot be read is refused
 * beside its field: searched without it, the whole day would be listed as if it matched.
 */
const searchSchema = (currency: string, locale: string) =>
  v.object({
    day: v.pipe(v.string(), v.isoDate('day')),
    amount: amountSchema(currency, locale, 'optional'),
    last4: v.pipe(v.string(), v.trim(), v.regex(/^(\d{4})?$/, 'last4')),
  });

/** A completed sale found by its day, its amount and the last four digits of a card: the way to its return. */
export function SaleSearch() {
  const t = useT();
  const { currency, locale } = useTerminal();
  const { reads } = useOutbox();
  const { returnRequested } = useNavigationActions();
  const [found, setFound] = useState<Sale[] | null>(null);
  // Each answer's words are new ones (keyed by it): the same "none matches" again is read out again.
  const [answers, setAnswers] = useState(0);
  const schema = searchSchema(currency, locale);
  const form = useForm<v.InferInput<typeof schema>, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    defaultValues: { day: today(), amount: '', last4: '' },
  });
  const { errors } = form.formState;
  const last4 = form.register('last4');

  const search = form.handleSubmit(
    async ({ day, amount, last4 }) => {
      const sales = await reads.salesStartedBetween(...dayRange(day));
      setFound(
        sales.filter(
          (s) =>
            s.status === 'completed' &&
            s.purpose !== 'cashOut' && // paid out of a card: nothing to take back
            // The amount as typed is in the terminal's currency: a sale kept in another is not that amount.
            (amount === undefined ||
              ((s.currency ?? currency) === currency && (s.due === amount || paidAmount(s) === amount))) &&
            (last4 === '' || s.lines.some((l) => l.number.endsWith(last4))),
        ),
      );
      setAnswers((n) => n + 1);
    },
    // A search refused: the last one's results do not stay under it as if they were its answer.
    () => setFound(null),
  );

  return (
    <section className="panel" aria-labelledby="sale-search-heading">
      <h3 id="sale-search-heading">{t('journal.findSale')}</h3>
      <form className="search-form" noValidate onSubmit={(e) => void search(e)}>
        <div className="field">
          <label htmlFor="sale-search-day" className="field-label">
            {t('journal.searchDay')}
          </label>
          <input
            id="sale-search-day"
            className="input"
            type="date"
            aria-invalid={errors.day ? true : undefined}
            aria-describedby={errors.day ? 'sale-search-day-error' : undefined}
            {...form.register('day')}
          />
          <FieldMessage id="sale-search-day-error" error={errors.day} />
        </div>
        <AmountField
          id="sale-search-amount"
          label={t('journal.searchAmount', { currency })}
          error={errors.amount?.message}
          registration={form.register('amount')}
        />
        <div className="field">
          <label htmlFor="sale-search-last4" className="field-label">
            {t('journal.searchLast4')}
          </label>
          <input
            id="sale-search-last4"
            className="input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            aria-invalid={errors.last4 ? true : undefined}
            aria-describedby={errors.last4 ? 'sale-search-last4-error' : undefined}
            {...last4}
            // A key that is not a digit is refused as it is typed (the field is the form's, uncontrolled).
            onChange={(e) => {
              e.currentTarget.value = e.currentTarget.value.replace(/\D/g, '');
              void last4.onChange(e);
            }}
          />
          <FieldMessage id="sale-search-last4-error" error={errors.last4} />
        </div>
        <button type="submit" className="button">
          {t('journal.search')}
        </button>
      </form>
      {/* There before the answer, so that "none matches" is read out when it comes. */}
      <div role="status">
        {found && found.length === 0 && (
          <p key={answers} className="hint">
            {t('journal.noSale')}
          </p>
        )}
      </div>
      {found && found.length > 0 && (
        <ul className="sale-results" aria-label={t('journal.salesFound')}>
          {found.map((sale) => {
            const reference = receiptReference(sale.transactionId);
            const cards = sale.lines.filter((l) => l.kind !== 'external').map((l) => maskNumber(l.number));
            return (
              <li key={sale.transactionId}>
                <span>
                  {reference} · {new Date(sale.startedAt).toLocaleTimeString(locale)} ·{' '}
                  <Money minor={sale.due} currency={sale.currency} />
                  {cards.length > 0 && ` · ${[...new Set(cards)].join(', ')}`}
                </span>{' '}
                <button
                  type="button"
                  className="button"
                  aria-label={t('journal.returnSale', { reference })}
                  onClick={() => returnRequested(reference)}
                >
                  {t('journal.return')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
