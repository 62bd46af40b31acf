import { useEffect, useRef, useState } from 'react';
import { AmountField } from '@/components/AmountField';
import { ConfirmQuestion, KeepAnswer } from '@/components/ConfirmQuestion';
import { useFocusFollows } from '@/components/use-focus-follows';
import { useFocusWhenBack } from '@/components/use-focus-when-back';
import { ErrorNotice } from '@/components/ErrorNotice';
import { ManagerGate } from '@/lib/manager/ManagerGate';
import { Money } from '@/components/Money';
import { TableScroll } from '@/components/TableScroll';
import { useBusy } from '@/components/use-busy';
import { formatMoney, minorToInput, parseAmountInput } from '@/domain/money';
import { inAnotherCurrency, receiptReference, type Sale } from '@/domain/sale';
import {
  backWithThis,
  leftToReturn,
  paymentSettling,
  proposeReturn,
  returnables,
  returnSettingsFor,
  type SaleReturn,
} from '@/domain/return-flow';
import { useT } from '@/lib/i18n';
import { useNavigationActions, usePendingReturn } from '@/lib/navigation-store';
import { useScanner } from '@/lib/scanner';
import { useReturnPolicy } from '@/lib/settings/store';
import { useTerminal } from '@/lib/terminal-context';
import { useOutbox } from '@/outbox/projection';
import { ReturnOutcome } from './ReturnOutcome';
import { showReturn, useShownReturn } from './shown-return';
import { lineText, paymentName } from './return-text';

type Found = { sale: Sale; earlier: SaleReturn[] };

/** The currency a sale's amounts are in: its own, or (kept before sales had one) the terminal's. */
const saleCurrency = (sale: Sale, terminalCurrency: string): string => sale.currency ?? terminalCurrency;
type Problem = 'not_found' | 'cash_out' | 'not_completed' | 'settling' | 'nothing_left' | null;

/**
 * The return desk: scan the sale's receipt (or key its reference), see what each payment can still
 * give back, key the amount (all of it by default), give it back. The money moves through the one
 * executor; the amount is checked again against every earlier return in the transaction that
 * records it.
 */
export function ReturnsScreen() {
  const t = useT();
  const terminal = useTerminal();
  const { reads } = useOutbox();
  const [reference, setReference] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const desk = { scope: terminal.scope, operatorId: terminal.operatorId };
  const done = useShownReturn(desk);
  const setDone = (saleReturn: SaleReturn | null) => showReturn(desk, saleReturn);
  // An outcome already there as the desk opens was left for another screen: the cashier moved on
  // from it once, so Next return is offered even while its money is still on its way.
  const [keptFromBefore] = useState(() => done !== null);
  /** Why the last return was refused for a reason another window made: the sale is found again, and this said over it. */
  const [refused, setRefused] = useState<false | 'over_left' | 'needs_manager'>(false);
  /** The amount the cashier typed, kept when the sale is found again for a manager to confirm it (not what is left). */
  const [typed, setTyped] = useState<string | null>(null);
  // Given back, the form goes (with the button or the question's yes): the outcome takes the focus.
  const { follow, followRef } = useFocusFollows();
  // After "Next return": the reference field, for the next receipt.
  const { arm: armBack, ref: referenceField } = useFocusWhenBack();

  const find = async (text: string) => {
    const ref = text.trim().toUpperCase();
    if (ref !== reference) setTyped(null);
    const sale = await reads.saleByReceipt(ref);
    setReference(ref);
    setDone(null);
    if (!sale) return void (setFound(null), setProblem('not_found'));
    if (sale.purpose === 'cashOut') return void (setFound(null), setProblem('cash_out'));
    if (sale.status !== 'completed') return void (setFound(null), setProblem('not_completed'));
    if (paymentSettling(sale)) return void (setFound(null), setProblem('settling'));
    const earlier = await reads.returnsOf(sale.transactionId);
    setFound({ sale, earlier });
    setProblem(leftToReturn(sale, earlier) === 0 ? 'nothing_left' : null);
  };
  useScanner((text) => (setRefused(false), void find(text)), !done);
  // A sale chosen in the journal's search.
  const pending = usePendingReturn();
  const { pendingReturnTaken } = useNavigationActions();
  useEffect(() => {
    if (!pending) return undefined;
    const later = setTimeout(() => {
      pendingReturnTaken();
      void find(pending);
    });
    return () => clearTimeout(later);
  });

  if (done)
    return (
      <ReturnOutcome
        saleReturn={done}
        mayLeaveWhileGoing={keptFromBefore}
        onNext={() => (armBack(), setDone(null), setFound(null), setReference(''))}
        followRef={followRef}
      />
    );
  return (
    <div className="screen returns">
      <h2 className="screen-title">{t('returns.title')}</h2>
      <form
        className="lookup-form"
        onSubmit={(e) => {
          e.preventDefault();
          setRefused(false);
          void find(reference);
        }}
      >
        <label htmlFor="return-reference" className="field-label">
          {t('returns.reference')}
        </label>
        <div className="inline-field">
          <input
            ref={referenceField}
            id="return-reference"
            className="input"
            value={reference}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setReference(e.target.value)}
            aria-describedby="return-reference-hint"
          />
          <button type="submit" className="button">
            {t('returns.find')}
          </button>
        </div>
        <p id="return-reference-hint" className="hint">
          {t('returns.referenceHint')}
        </p>
      </form>
      {problem && <ErrorNotice message={t(`returns.problem.${problem}`, { reference })} />}
      {refused && found && (
        <ErrorNotice
          message={t(`returns.refused.${refused}`, {
            left: formatMoney(
              leftToReturn(found.sale, found.earlier),
              saleCurrency(found.sale, terminal.currency),
              terminal.locale,
            ),
          })}
        />
      )}
      {found && problem !== 'nothing_left' && (
        // Found again (after another window gave some back, say): what is left now is offered.
        <GiveBack
          key={`${found.sale.transactionId}:${leftToReturn(found.sale, found.earlier)}`}
          found={found}
          onDone={(r) => (setTyped(null), follow(), setDone(r))}
          typed={typed}
          onStale={(why, amount) => (
            setRefused(why),
            setTyped(why === 'needs_manager' ? amount : null),
            void find(reference)
          )}
        />
      )}
    </div>
  );
}

function GiveBack({
  found,
  typed,
  onDone,
  onStale,
}: {
  found: Found;
  /** What the cashier typed before the sale was found again, if that is to be kept. */
  typed: string | null;
  onDone: (r: SaleReturn) => void;
  /**
   * Another window gave some back meanwhile: the sale is found again, and the refusal said with what
   * is left now, or that the returns together now need a manager.
   */
  onStale: (why: 'over_left' | 'needs_manager', typed: string) => void;
}) {
  const t = useT();
  const terminal = useTerminal();
  const policy = useReturnPolicy();
  const { perform } = useOutbox();
  const { busy, run } = useBusy();
  const left = leftToReturn(found.sale, found.earlier);
  // Every amount of the sale in its own currency. One kept in another than the terminal's now is not
  // given back here (`other_currency`): its figures are shown, the refusal said at once, and no
  // amount in today's currency is put ready to be given back.
  const currency = saleCurrency(found.sale, terminal.currency);
  const elsewhere = inAnotherCurrency(found.sale, terminal.currency);
  const money = (m: number) => formatMoney(m, currency, terminal.locale);
  const [text, setText] = useState(() =>
    elsewhere ? '' : (typed ?? minorToInput(left, terminal.currency, terminal.locale)),
  );
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  // The question takes Give back's place: the button takes the focus again after "Not now", and,
  // greyed out while a give back (asked or not) is sent, after a refusal here once it can be pressed
  // (one that gives back shows the outcome).
  const giveBackButton = useRef<HTMLButtonElement>(null);
  const { follow, followRef } = useFocusFollows();
  const parsed = parseAmountInput(text, terminal.currency, terminal.locale);
  const settings = returnSettingsFor(terminal.series, policy.way, terminal.currency);

  const giveBack = () =>
    run(async () => {
      if (!parsed.ok)
        return setFieldError(
          parsed.error === 'ambiguous' ? `ambiguous:${parsed.asDecimal}:${parsed.asGrouping}` : parsed.error,
        );
      if (!settings) return setError(t('returns.noSeries'));
      const result = await perform({
        type: 'startReturn',
        saleId: found.sale.transactionId,
        amount: parsed.minor,
        // Without a manager's confirmation, the returns as written (not as found here) are held to the amount.
        settings: { ...settings, managerAbove: needsPin ? undefined : policy.pinAbove },
      });
      if (typeof result !== 'string') return onDone(result);
      setConfirming(false);
      // Refused for what this screen showed as there to give back: another window gave some back meanwhile.
      if (result === 'needs_manager') onStale('needs_manager', text);
      else if (result === 'nothing_left' || (result === 'over_left' && parsed.minor <= left))
        onStale('over_left', text);
      else setError(t(`returns.refused.${result}`, { left: money(left) }));
    });

  // The sale's returns together, not each alone: 100.00 given back as 50.00 twice asks the manager too.
  const needsPin = parsed.ok && backWithThis(found.sale, found.earlier, parsed.minor) > policy.pinAbove;
  /** Above the PIN's amount: what would be refused is said at once (no PIN asked for nothing); the rest goes to the manager's confirmation. */
  const askToConfirm = () => {
    if (!parsed.ok) return;
    if (!settings) return setError(t('returns.noSeries'));
    const proposed = proposeReturn(found.sale, found.earlier, parsed.minor, settings);
    if (typeof proposed === 'string') return setError(t(`returns.refused.${proposed}`, { left: money(left) }));
    setConfirming(true);
  };
  // Above the PIN's amount the manager confirms what will happen: how much, and where each part goes.
  const plan =
    confirming && parsed.ok && settings ? proposeReturn(found.sale, found.earlier, parsed.minor, settings) : null;
  return (
    <section className="panel" aria-labelledby="return-sale-heading">
      <h3 id="return-sale-heading">
        {t('returns.sale', {
          reference: receiptReference(found.sale.transactionId),
          date: new Date(found.sale.startedAt).toLocaleString(terminal.locale),
        })}
      </h3>
      <TableScroll labelledBy="return-sale-heading">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('returns.payment')}</th>
              <th scope="col">{t('returns.paid')}</th>
              <th scope="col">{t('returns.returned')}</th>
              <th scope="col">{t('returns.left')}</th>
            </tr>
          </thead>
          <tbody>
            {returnables(found.sale, found.earlier).map((r) => (
              <tr key={r.line.id}>
                <th scope="row">{paymentName(t, r.line)}</th>
                <td>
                  <Money minor={r.paid} currency={currency} />
                </td>
                <td>
                  <Money minor={r.returned} currency={currency} />
                </td>
                <td>
                  <Money minor={r.left} currency={currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {elsewhere ? (
        <ErrorNotice message={t('returns.refused.other_currency')} />
      ) : (
        <>
          <AmountField
            id="return-amount"
            label={t('returns.amount', { currency: terminal.currency })}
            error={fieldError}
            registration={{
              value: text,
              onChange: (e) => (
                setText(e.target.value),
                setError(null),
                setFieldError(undefined),
                setConfirming(false)
              ),
            }}
          />
          <p className="hint">{t('returns.amountHint', { left: money(left) })}</p>
          {error && <ErrorNotice message={error} />}
          {confirming && needsPin && parsed.ok && plan && typeof plan !== 'string' ? (
            <ManagerGate compact>
              <ConfirmQuestion
                className="notice notice-warn"
                labelledBy="give-back-question"
                onKeep={() => setConfirming(false)}
                returnFocus={giveBackButton}
              >
                <p id="give-back-question">{t('returns.confirm', { amount: money(parsed.minor) })}</p>
                <ul>
                  {plan.lines.map((line, i) => (
                    <li key={i}>
                      {lineText(t, line)}: {money(line.amount)}
                    </li>
                  ))}
                </ul>
                <div className="actions">
                  <KeepAnswer className="button button-large">{t('returns.confirmNo')}</KeepAnswer>
                  <button
                    type="button"
                    className="button button-primary button-large"
                    disabled={busy}
                    onClick={() => (follow(), void giveBack())}
                  >
                    {t('returns.confirmYes', { amount: money(parsed.minor) })}
                  </button>
                </div>
              </ConfirmQuestion>
            </ManagerGate>
          ) : (
            <button
              ref={(button) => {
                giveBackButton.current = button;
                return followRef(button);
              }}
              type="button"
              className="button button-primary button-large"
              disabled={busy}
              onClick={() => (needsPin ? askToConfirm() : (follow(), void giveBack()))}
            >
              {t('returns.giveBack')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
