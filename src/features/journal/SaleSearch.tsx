import { useState } from 'react';
import { Money } from '@/components/Money';
import { maskNumber } from '@/domain/instrument';
import { parseAmountInput } from '@/domain/money';
import { paidAmount, receiptReference, type Sale } from '@/domain/sale';
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

/** A completed sale found by its day, its amount and the last four digits of a card: the way to its return. */
export function SaleSearch() {
  const t = useT();
  const { currency, locale } = useTerminal();
  const { reads } = useOutbox();
  const { returnRequested } = useNavigationActions();
  const [day, setDay] = useState(today);
  const [amount, setAmount] = useState('');
  const [last4, setLast4] = useState('');
  const [found, setFound] = useState<Sale[] | null>(null);

  const search = async () => {
    const parsed = amount.trim() ? parseAmountInput(amount, currency, locale) : null;
    const sales = await reads.salesStartedBetween(...dayRange(day));
    setFound(
      sales.filter(
        (s) =>
          s.status === 'completed' &&
          (!parsed?.ok || s.due === parsed.minor || paidAmount(s) === parsed.minor) &&
          (!/^\d{4}$/.test(last4) || s.lines.some((l) => l.number.endsWith(last4))),
      ),
    );
  };

  return (
    <section className="panel" aria-labelledby="sale-search-heading">
      <h3 id="sale-search-heading">{t('journal.findSale')}</h3>
      <form
        className="search-form"
        onSubmit={(e) => {
          e.preventDefault();
          void search();
        }}
      >
        <div className="field">
          <label htmlFor="sale-search-day" className="field-label">
            {t('journal.searchDay')}
          </label>
          <input
            id="sale-search-day"
            className="input"
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="sale-search-amount" className="field-label">
            {t('journal.searchAmount', { currency })}
          </label>
          <input
            id="sale-search-amount"
            className="input"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="sale-search-last4" className="field-label">
            {t('journal.searchLast4')}
          </label>
          <input
            id="sale-search-last4"
            className="input"
            inputMode="numeric"
            maxLength={4}
            value={last4}
            onChange={(e) => setLast4(e.currentTarget.value.replace(/\D/g, ''))}
          />
        </div>
        <button type="submit" className="button">
          {t('journal.search')}
        </button>
      </form>
      {found && found.length === 0 && <p className="hint">{t('journal.noSale')}</p>}
      {found && found.length > 0 && (
        <ul className="sale-results" aria-label={t('journal.salesFound')}>
          {found.map((sale) => {
            const reference = receiptReference(sale.transactionId);
            const cards = sale.lines.filter((l) => l.kind !== 'external').map((l) => maskNumber(l.number));
            return (
              <li key={sale.transactionId}>
                <span>
                  {reference} · {new Date(sale.startedAt).toLocaleTimeString(locale)} · <Money minor={sale.due} />
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
