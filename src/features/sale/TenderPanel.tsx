import { valibotResolver } from '@hookform/resolvers/valibot';
import { LookupButton } from '@/components/LookupButton';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { AmountField } from '@/components/AmountField';
import { useBusy } from '@/components/use-busy';
import { ErrorNotice } from '@/components/ErrorNotice';
import { KindChoice } from '@/components/KindChoice';
import { Money } from '@/components/Money';
import { useDelayedFlag } from '@/components/use-delayed-flag';
import { availableAmount, cannotPay, type Instrument, groupNumber } from '@/domain/instrument';
import { formatMoney, minorToInput } from '@/domain/money';
import { checkTenderAmount, defaultTenderAmount, remainingDue, type Sale } from '@/domain/sale';
import { amountSchema, fieldCheck } from '@/lib/amount-schema';
import { errorText } from '@/lib/error-text';
import { useT, type MessageKey } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';
import { useCardLookup } from '@/lib/card-lookup';
import { useScanner } from '@/lib/scanner';
import type { SaleControls } from './SaleScreen';

const cannotPayText: Record<NonNullable<ReturnType<typeof cannotPay>>, MessageKey> = {
  notIssued: 'details.note.notIssued',
  expired: 'details.note.expired',
  notYetValid: 'details.note.notYetValid',
  notOpen: 'details.note.notOpen',
};

function PayForm({
  sale,
  instrument,
  controls,
  onDone,
  typed: kept,
  onTyped,
}: {
  sale: Sale;
  instrument: Instrument;
  controls: SaleControls;
  onDone: () => void;
  /** What the cashier typed before this card was read again: kept, never replaced by a new offer. */
  typed: string | undefined;
  onTyped: (amount: string) => void;
}) {
  const t = useT();
  const { currency, locale } = useTerminal();
  // Loyalty cards may be asked for more than their balance: the server approves part of it.
  const account = instrument.kind === 'loyaltyCard' ? undefined : instrument.account;
  const schema = v.pipe(
    v.object({ amount: amountSchema(currency, locale) }),
    fieldCheck('amount', (values) => checkTenderAmount(sale, values.amount, account)),
  );
  const suggested = defaultTenderAmount(sale, instrument.account);
  const form = useForm<v.InferInput<typeof schema>, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    defaultValues: { amount: kept ?? (suggested > 0 ? minorToInput(suggested, currency, locale) : '') },
  });
  const { busy: sending, run } = useBusy();
  const error = form.formState.errors.amount?.message;
  const typed = useWatch({ control: form.control, name: 'amount' });
  const parsed = v.safeParse(schema, { amount: typed });

  const onSubmit = form.handleSubmit(({ amount }) =>
    run(async () => {
      await controls.act({
        type: 'tender',
        kind: instrument.kind,
        number: instrument.number,
        amount,
        availableBefore: availableAmount(instrument.account),
      });
      onDone();
    }),
  );

  return (
    <form className="pay-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <AmountField
        id="tender-amount"
        label={t('sale.tenderAmount')}
        error={error}
        registration={form.register('amount', {
          onChange: (e: { target: { value: string } }) => onTyped(e.target.value),
        })}
        large
        autoFocus
      />
      <button type="submit" className="button button-primary button-large button-wide" disabled={sending}>
        {sending
          ? t('sale.paying')
          : parsed.success
            ? t('sale.pay', { amount: formatMoney(parsed.output.amount, currency, locale) })
            : t('sale.payPlain')}
      </button>
    </form>
  );
}

/** Step two: read a card, offer the smaller of what is due and what it has, take it. */
export function TenderPanel({
  sale,
  controls,
  onTaken,
}: {
  sale: Sale;
  controls: SaleControls;
  /** A payment was asked for: its form goes, so the focus goes where its line appears. */
  onTaken: () => void;
}) {
  const t = useT();
  const { locale } = useTerminal();
  const lookup = useCardLookup();
  const { query, target } = lookup;
  const [input, setInput] = useState('');
  const slow = useDelayedFlag(query.isFetching);
  // The amount the cashier typed for this scan of this card, at this amount due: a new read of the
  // card (another window took money from it) never replaces it. A new scan, or a new due, offers again.
  const [typedFor, setTypedFor] = useState<{ scan: string; amount: string } | null>(null);
  useScanner((text) => {
    setInput(text.trim());
    lookup.submit(text);
  });
  // The card as read for this scan; while it is read again, what was read before is shown as such.
  const instrument = lookup.shown;
  const answer = lookup.answer;
  const reason = answer ? cannotPay(answer, new Date()) : null;
  const notTaken = instrument && sale.till?.allowedKinds && !sale.till.allowedKinds.includes(instrument.kind);

  return (
    <section className="panel tender-panel" aria-labelledby="tender-heading">
      <h3 id="tender-heading">{t('sale.tenderTitle')}</h3>
      <form
        className="lookup-row lookup-row-number"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          lookup.submit(input);
        }}
      >
        <label htmlFor="tender-number" className="visually-hidden">
          {t('lookup.numberLabel')}
        </label>
        <input
          id="tender-number"
          className="input input-large"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('lookup.numberLabel')}
          aria-describedby="tender-hint"
        />
        <LookupButton />
      </form>
      <p id="tender-hint" className="hint">
        {t('sale.tenderHint')}
      </p>
      {lookup.inputError && (
        <p className="field-error" role="alert">
          {t(lookup.inputError)}
        </p>
      )}
      {lookup.askKindFor && (
        <KindChoice
          number={lookup.askKindFor}
          legend={t('lookup.askKind', { number: groupNumber(lookup.askKindFor) })}
          onChoose={(kind) => lookup.choose({ kind, number: lookup.askKindFor ?? '' })}
        />
      )}
      {slow && (
        <p role="status" className="progress">
          <span className="spinner" aria-hidden="true" /> {t('lookup.loading')}
        </p>
      )}
      {target && query.error && (!instrument || lookup.readFailed) && (
        <ErrorNotice message={errorText(t, query.error, { kind: target.kind, locale })} onRetry={lookup.readAgain} />
      )}
      {instrument && (
        <div className={answer ? 'tender-card' : 'tender-card instrument-old'}>
          <p className="tender-card-title">
            <strong>{t(`kind.${instrument.kind}`)}</strong>{' '}
            <span className="instrument-number">{groupNumber(instrument.number)}</span>
          </p>
          <p className="tender-card-available">
            {t('details.available')}:{' '}
            <strong>
              <Money minor={availableAmount(instrument.account)} />
            </strong>
          </p>
          {!answer ? (
            <p className="notice notice-quiet" role="status">
              <span aria-hidden="true">… </span>
              {lookup.reading
                ? t('lookup.reading', { time: new Date(query.dataUpdatedAt).toLocaleTimeString(locale) })
                : t('lookup.refreshFailed', { time: new Date(query.dataUpdatedAt).toLocaleTimeString(locale) })}
            </p>
          ) : notTaken ? (
            <p className="notice notice-error" role="alert">
              <span aria-hidden="true">✕ </span>
              {t('till.kindNotAllowed', { kind: t(`kind.${instrument.kind}`) })}
            </p>
          ) : reason ? (
            <p className="notice notice-error" role="alert">
              <span aria-hidden="true">✕ </span>
              {t(cannotPayText[reason])}
            </p>
          ) : (
            <PayForm
              // New figures (after a refusal that named the balance, say) offer from themselves; a read
              // that found the same figures (another window's write read it again) changes nothing.
              key={`${sale.transactionId}:${answer.kind}:${answer.number}:${sale.lines.length}:${availableAmount(answer.account)}`}
              sale={sale}
              instrument={answer}
              controls={controls}
              typed={typedFor?.scan === scanKey(answer, target, sale) ? typedFor.amount : undefined}
              onTyped={(amount) => setTypedFor({ scan: scanKey(answer, target, sale), amount })}
              onDone={() => {
                setTypedFor(null);
                lookup.clear();
                setInput('');
                onTaken();
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}

const scanKey = (instrument: Instrument, scan: { at: number } | null, sale: Sale) =>
  `${instrument.kind}:${instrument.number}:${scan?.at ?? 0}:${remainingDue(sale)}`;
