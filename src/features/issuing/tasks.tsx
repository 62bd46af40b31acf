import { useRef, useState, type Ref, type RefObject } from 'react';
import { ConfirmQuestion, KeepAnswer } from '@/components/ConfirmQuestion';
import { useFocusFollows } from '@/components/use-focus-follows';
import { useFocusWhenBack } from '@/components/use-focus-when-back';
import { Money } from '@/components/Money';
import { type Instrument, groupNumber, type SeriesConfig } from '@/domain/instrument';
import { formatMoney } from '@/domain/money';
import { useT } from '@/lib/i18n';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import { useReturnPolicy } from '@/lib/settings/store';
import { useInstrumentOperation } from '@/outbox/use-operation';
import { useTerminal } from '@/lib/terminal-context';
import { CardReader } from './CardReader';
import { IssueFields, type IssueFieldsValues } from './IssueFields';
import { IssueOutcome } from './IssueOutcome';

function seriesFor(series: SeriesConfig[], instrument: Instrument) {
  return series.find((s) => s.kind === instrument.kind && s.seriesNumber === instrument.seriesNumber);
}

/** Pre-numbered gift card: scan it, see it is not issued, key the amount (or see the fixed one), issue. */
export function SellGiftCard() {
  const t = useT();
  const { series } = useTerminal();
  const op = useInstrumentOperation('issue:giftCard', { keptWithManager: true });
  // The form goes as the issue is sent: its outcome takes the focus.
  const { follow, followRef } = useFocusFollows();
  // After Next: the form's first field, for the next card.
  const back = useFocusWhenBack();
  if (op.state.phase !== 'idle')
    return (
      <IssueOutcome
        kind="giftCard"
        state={op.state}
        onResolve={() => void op.resolve()}
        onNext={() => (back.arm(), op.reset())}
        followRef={followRef}
      />
    );
  return (
    <CardReader id="sell-gift" kind="giftCard" inputRef={back.ref}>
      {(card) =>
        card.kind !== 'giftCard' || card.status !== 'notIssued' ? (
          <p className="notice notice-error" role="alert">
            {t('issue.alreadyIssued', { number: groupNumber(card.number) })}
          </p>
        ) : (
          <>
            <p className="tender-card-title">
              <strong>{t('kind.giftCard')}</strong>{' '}
              <span className="instrument-number">{groupNumber(card.number)}</span> · {t('status.notIssued')}
            </p>
            <IssueFields
              id="sell-gift"
              withAmount
              fixedAmount={seriesFor(series, card)?.fixedAmount}
              submitLabel={t('issue.sellGiftCard')}
              disabled={false}
              onIssue={({ amount, customer }) => {
                follow();
                void op.start({ type: 'giftCard.issue', number: card.number, amount, customer }, 'Gift card sold');
              }}
            />
          </>
        )
      }
    </CardReader>
  );
}

function SeriesPicker({
  id,
  choices,
  value,
  onChange,
  disabled = false,
  selectRef,
}: {
  id: string;
  choices: SeriesConfig[];
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
  selectRef?: Ref<HTMLSelectElement> | undefined;
}) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={`${id}-series`} className="field-label">
        {t('issue.series')}
      </label>
      <select
        ref={selectRef}
        id={`${id}-series`}
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {choices.map((s) => (
          <option key={s.seriesNumber} value={s.seriesNumber}>
            {s.description ? `${s.description} (${s.seriesNumber})` : s.seriesNumber}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Issue by series: live-printed gift cards and store credit. The server gives the new number. */
export function IssueFromSeries({
  kind,
  series: asked,
}: {
  kind: 'giftCard' | 'storeCredit';
  series?: string | undefined;
}) {
  const t = useT();
  const { series } = useTerminal();
  const op = useInstrumentOperation(`issue:series:${kind}`, { keptWithManager: true });
  // The form (and the manager's question) goes as the issue is sent: its outcome takes the focus.
  const { follow, followRef } = useFocusFollows();
  // After Next: the form's first field, for the next card.
  const back = useFocusWhenBack();
  const { pinAbove } = useReturnPolicy();
  /** Store credit above the returns' manager amount, waiting for the manager's yes. */
  const [asking, setAsking] = useState<(IssueFieldsValues & { series: string }) | null>(null);
  /** What asked (the form's button, or the field Enter was pressed in): the focus goes back there on "Not now". */
  const asker = useRef<HTMLElement | null>(null);
  const choices = series.filter((s) => s.kind === kind && (kind === 'storeCredit' || s.livePrinted));
  const [chosen, setChosen] = useState(
    choices.find((s) => s.seriesNumber === asked)?.seriesNumber ?? choices[0]?.seriesNumber ?? '',
  );
  const current = choices.find((s) => s.seriesNumber === chosen) ?? choices[0];
  /** Issues in the series the form was filled in for (the question keeps it: the picker is locked while asking). */
  const issue = ({ amount, customer, reason, series }: IssueFieldsValues & { series: string }) => {
    // The number answered is checked against the series' prefix as it is set up here (when it has one).
    const rows = choices.filter((s) => s.seriesNumber === series);
    const prefix = rows.length === 1 ? rows[0]?.prefix : undefined;
    follow();
    return kind === 'giftCard'
      ? op.start({ type: 'giftCard.issueInSeries', series, prefix, amount, customer }, reason ?? 'Gift card sold')
      : op.start(
          { type: 'storeCredit.issueInSeries', series, prefix, amount: amount ?? 0, customer },
          reason ?? 'Return to store credit',
        );
  };
  if (op.state.phase !== 'idle')
    return (
      <IssueOutcome
        kind={kind}
        state={op.state}
        onResolve={() => void op.resolve()}
        onNext={() => (back.arm(), op.reset())}
        followRef={followRef}
      />
    );
  if (!current) return <p className="notice notice-quiet">{t('issue.noSeries')}</p>;
  const id = kind === 'giftCard' ? 'printed-gift' : 'store-credit';
  return (
    <>
      <SeriesPicker
        id={id}
        choices={choices}
        value={current.seriesNumber}
        onChange={setChosen}
        disabled={asking !== null}
        selectRef={back.ref}
      />
      <IssueFields
        key={current.seriesNumber}
        id={id}
        withAmount
        fixedAmount={kind === 'giftCard' ? current.fixedAmount : undefined}
        withReason={kind === 'storeCredit' ? t('issue.defaultReturnReason') : undefined}
        submitLabel={t(kind === 'giftCard' ? 'issue.printGiftCard' : 'issue.issueStoreCredit')}
        disabled={asking !== null}
        onIssue={(fields) => {
          const asked = { ...fields, series: current.seriesNumber };
          if (kind === 'storeCredit' && (fields.amount ?? 0) > pinAbove) {
            // Read now, not as the question opens: the manager's PIN may be asked for in between.
            asker.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            setAsking(asked);
          } else void issue(asked);
        }}
      />
      {asking && (
        <StoreCreditQuestion
          amount={asking.amount ?? 0}
          series={asking.series}
          limit={pinAbove}
          onYes={() => (setAsking(null), void issue(asking))}
          onNo={() => setAsking(null)}
          asker={asker}
        />
      )}
    </>
  );
}

/**
 * Store credit issued by hand is money given out as a return gives it: above the returns' manager
 * amount (Settings › Returns) the manager confirms it, amount on screen, as at the return desk (a
 * manager already unlocked in this window confirms without the PIN again).
 */
function StoreCreditQuestion({
  amount,
  series,
  limit,
  onYes,
  onNo,
  asker,
}: {
  amount: number;
  series: string;
  limit: number;
  onYes: () => void;
  onNo: () => void;
  asker: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const { currency, locale } = useTerminal();
  const money = (m: number) => formatMoney(m, currency, locale);
  return (
    <ManagerGate compact>
      <ConfirmQuestion
        className="notice notice-warn"
        labelledBy="store-credit-question"
        onKeep={onNo}
        returnFocus={asker}
      >
        <p id="store-credit-question">
          {t(limit > 0 ? 'issue.storeCreditAbove' : 'issue.storeCreditAny', {
            amount: money(amount),
            series,
            limit: money(limit),
          })}
        </p>
        <div className="actions">
          <KeepAnswer className="button button-large">{t('issue.storeCreditNo')}</KeepAnswer>
          <button type="button" className="button button-primary button-large" onClick={onYes}>
            {t('issue.storeCreditYes', { amount: money(amount) })}
          </button>
        </div>
      </ConfirmQuestion>
    </ManagerGate>
  );
}

/** Loyalty card: scan a New card, optionally link a customer, open it. */
export function OpenLoyaltyCard() {
  const t = useT();
  const op = useInstrumentOperation('issue:loyaltyCard', { keptWithManager: true });
  // The form goes as the card is opened: its outcome takes the focus.
  const { follow, followRef } = useFocusFollows();
  // After Next: the form's first field, for the next card.
  const back = useFocusWhenBack();
  if (op.state.phase !== 'idle')
    return (
      <IssueOutcome
        kind="loyaltyCard"
        state={op.state}
        onResolve={() => void op.resolve()}
        onNext={() => (back.arm(), op.reset())}
        followRef={followRef}
      />
    );
  return (
    <CardReader id="open-loyalty" kind="loyaltyCard" inputRef={back.ref}>
      {(card) =>
        card.kind !== 'loyaltyCard' || card.statusCode !== 0 ? (
          <p className="notice notice-error" role="alert">
            {t('issue.loyaltyNotNew', {
              number: groupNumber(card.number),
              status: card.kind === 'loyaltyCard' ? t(`loyaltyStatus.${card.statusCode}`) : '',
            })}
          </p>
        ) : (
          <>
            <p className="tender-card-title">
              <strong>{t('kind.loyaltyCard')}</strong>{' '}
              <span className="instrument-number">{groupNumber(card.number)}</span> · {t('loyaltyStatus.0')} ·{' '}
              <Money minor={card.account.net} />
            </p>
            <IssueFields
              id="open-loyalty"
              withAmount={false}
              submitLabel={t('issue.openLoyalty')}
              disabled={false}
              onIssue={({ customer }) => {
                follow();
                void op.start({ type: 'loyaltyCard.issue', number: card.number, customer }, 'Loyalty card issued');
              }}
            />
          </>
        )
      }
    </CardReader>
  );
}
