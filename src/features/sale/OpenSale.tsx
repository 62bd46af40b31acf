import { useRef, useState, type ReactNode } from 'react';
import { Fact } from '@/components/Fact';
import { Money } from '@/components/Money';
import { useBusy } from '@/components/use-busy';
import {
  canComplete,
  givesBackWhateverItTook,
  hasWorkInFlight,
  inAnotherCurrency,
  paidAmount,
  remainingDue,
  waitsForManager,
  waitsOnlyForReleases,
  type Sale,
} from '@/domain/sale';
import { formatMoney } from '@/domain/money';
import { holdsVoid, isUnconfirmed, isUnresolved, isWithManager } from '@/domain/tender-line';
import { useTerminal } from '@/lib/terminal-context';
import { useT, type T } from '@/lib/i18n';
import { printSlip } from '@/lib/printing/print-slip';
import { ExternalTender } from './ExternalTender';
import { SaleReceipt, saleReceiptDoc } from '@/lib/printing/slips/sale-slips';
import { TenderLines } from './TenderLines';
import { TenderPanel } from './TenderPanel';
import type { SaleControls } from './SaleScreen';
import type { CustomerViewSlot } from './SaleScreen';

function Totals({ sale }: { sale: Sale }) {
  const t = useT();
  return (
    <dl className="sale-totals">
      <Fact id={`sale-${sale.transactionId}-due`} term={t('sale.due')}>
        <Money minor={sale.due} currency={sale.currency} />
      </Fact>
      <Fact id={`sale-${sale.transactionId}-paid`} term={t('sale.paid')}>
        <Money minor={paidAmount(sale)} currency={sale.currency} />
      </Fact>
      <Fact id={`sale-${sale.transactionId}-remaining`} term={t('sale.remaining')} className="sale-remaining">
        <Money minor={remainingDue(sale)} currency={sale.currency} />
      </Fact>
    </dl>
  );
}

/** A sale the store's till handed over: its reference, and that the amount is the till's. */
function TillBanner({ sale }: { sale: Sale }) {
  const t = useT();
  if (!sale.till) return null;
  const kinds = sale.till.allowedKinds;
  return (
    <div className="notice notice-quiet till-banner">
      <p>
        <strong>{t('till.banner', { reference: sale.till.reference })}</strong>
      </p>
      <p>{t('till.locked')}</p>
      {kinds && <p>{t('till.kinds', { kinds: kinds.map((k) => t(`kind.${k}`)).join(', ') })}</p>}
    </div>
  );
}

function completeLabel(sale: Sale, t: T, money: (minor: number) => string): string {
  if (!sale.till) return t('sale.complete');
  return remainingDue(sale) > 0 ? t('till.returnPartial', { amount: money(remainingDue(sale)) }) : t('till.returnPaid');
}

function SaleActions({ sale, controls }: { sale: Sale; controls: SaleControls }) {
  const t = useT();
  const { currency, locale } = useTerminal();
  const [confirmVoid, setConfirmVoid] = useState(false);
  // "No" (or Escape) puts the focus back on Void, where it was before the question: the button
  // comes back with the answer, and takes the focus as it does.
  const backToVoid = useRef(false);
  const voidButton = (button: HTMLButtonElement | null) => {
    if (!button || !backToVoid.current) return;
    backToVoid.current = false;
    button.focus();
  };
  const keepSale = () => {
    backToVoid.current = true;
    setConfirmVoid(false);
  };
  const { busy, run } = useBusy();
  const otherCurrency = inAnotherCurrency(sale, currency);
  const blockedReason = otherCurrency
    ? t(sale.till ? 'sale.otherCurrencyTill' : 'sale.otherCurrency', { currency: sale.currency ?? '' })
    : waitsForManager(sale)
      ? t(
          sale.lines.filter(isWithManager).every((l) => givesBackWhateverItTook(sale, l))
            ? 'sale.cannotCompleteLost'
            : 'sale.cannotCompleteManager',
        )
      : hasWorkInFlight(sale)
        ? t('sale.cannotCompleteBusy')
        : sale.till
          ? paidAmount(sale) === 0
            ? t('till.nothingPaid')
            : null
          : remainingDue(sale) > 0
            ? t('sale.cannotCompleteDue')
            : null;
  if (confirmVoid) {
    return (
      <div
        className="panel notice notice-error"
        role="alertdialog"
        aria-labelledby="void-question"
        onKeyDown={(e) => {
          if (e.key === 'Escape') keepSale();
        }}
      >
        <p id="void-question">{t('sale.voidConfirm')}</p>
        <div className="actions">
          <button type="button" className="button button-large" autoFocus onClick={keepSale}>
            {t('sale.voidNo')}
          </button>
          <button
            type="button"
            className="button button-danger button-large"
            onClick={() => {
              setConfirmVoid(false);
              void run(() => controls.act({ type: 'void' }));
            }}
          >
            {t('sale.voidYes')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="sale-actions">
      <button
        type="button"
        className="button button-primary button-large"
        disabled={busy || !canComplete(sale) || otherCurrency}
        aria-describedby={blockedReason ? 'complete-blocked' : undefined}
        onClick={() => void run(() => controls.act({ type: 'complete' }))}
      >
        {completeLabel(sale, t, (minor) => formatMoney(minor, sale.currency ?? currency, locale))}
      </button>
      <button
        ref={voidButton}
        type="button"
        className="button button-large"
        disabled={busy || sale.lines.some(holdsVoid)}
        onClick={() => setConfirmVoid(true)}
      >
        {t('sale.void')}
      </button>
      {blockedReason && (sale.lines.length > 0 || sale.till || otherCurrency) && (
        <p id="complete-blocked" className="hint">
          {blockedReason}
        </p>
      )}
    </div>
  );
}

function FinishedSale({ sale, controls }: { sale: Sale; controls: SaleControls }) {
  const t = useT();
  const terminal = useTerminal();
  // Completed with a commit still being sent: the receipt says so, and so does the screen.
  const waiting = sale.status === 'completed' && sale.lines.some(isUnconfirmed);
  // No answer will settle a commit whose answer went to a manager: the manager checks the card.
  const withManager = waiting && sale.lines.some((l) => l.state.name === 'committing' && l.settleWithManager);
  return (
    <div className="panel finished-sale">
      {waiting ? (
        <p className="notice notice-warn" role="status">
          {!withManager && <span className="spinner" aria-hidden="true" />}{' '}
          {t(withManager ? 'sale.completedWithManager' : 'sale.completedNotConfirmed')}
        </p>
      ) : (
        <p className={`notice ${sale.status === 'completed' ? 'notice-ok' : 'notice-quiet'}`} role="status">
          <span aria-hidden="true">{sale.status === 'completed' ? '✓ ' : '– '}</span>
          {t(sale.status === 'completed' ? 'sale.completed' : 'sale.voided')}
        </p>
      )}
      <SaleReceipt sale={sale} />
      <div className="actions">
        <button
          type="button"
          className="button button-large"
          onClick={() => void printSlip(<SaleReceipt sale={sale} />, saleReceiptDoc(t, terminal, sale))}
        >
          {t('sale.printReceipt')}
        </button>
        <button
          type="button"
          className="button button-primary button-large"
          autoFocus
          onClick={() => void controls.act({ type: 'close' })}
        >
          {t('sale.next')}
        </button>
      </div>
    </div>
  );
}

/** A sale once started: totals, tenders, complete or void, and the receipt when done. Loaded when a sale opens. */
export function OpenSale({
  sale,
  controls,
  failure,
  customerView: CustomerView,
}: {
  sale: Sale;
  controls: SaleControls;
  failure: ReactNode;
  customerView?: CustomerViewSlot | undefined;
}) {
  const t = useT();
  const { currency } = useTerminal();
  const finished = sale.status === 'completed' || sale.status === 'voided';
  // A sale begun in another currency takes no payment (SaleActions says why): it is voided.
  const tendering =
    sale.status === 'open' && remainingDue(sale) > 0 && !hasWorkInFlight(sale) && !inAnotherCurrency(sale, currency);
  const reopened = sale.status === 'open' && sale.notice === 'reopened';
  const linesHeading = useRef<HTMLHeadingElement>(null);
  const toLines = () => linesHeading.current?.focus();
  return (
    <div className="screen sale">
      <div className="sale-heading">
        <h2 className="screen-title">{t('sale.title')}</h2>
        {CustomerView && <CustomerView sale={sale} />}
      </div>
      <TillBanner sale={sale} />
      <Totals sale={sale} />
      {failure}
      {reopened && (
        <p className="notice notice-error" role="alert">
          {t('sale.reopened')}
        </p>
      )}
      {(sale.notice === 'releaseRefused' || (sale.status === 'open' && sale.notice === 'commitRefused')) && (
        <p className="notice notice-error" role="alert">
          {t(`sale.${sale.notice}`)}
        </p>
      )}
      {sale.status === 'completing' && (
        <p role="status" className="progress">
          <span className="spinner" aria-hidden="true" /> {t('sale.completing')}
          {sale.lines.some((l) => l.state.name === 'committing' && l.settleQueued) && (
            <> {t('sale.completingHoldEnds')}</>
          )}
        </p>
      )}
      {sale.status === 'voiding' && (
        <div role="status" className="notice notice-warn">
          <p>
            <span className="spinner" aria-hidden="true" /> {t('sale.voiding')}
          </p>
          {waitsOnlyForReleases(sale) && (
            <>
              <p>{t(sale.lines.some(isUnresolved) ? 'sale.voidingUnknown' : 'sale.voidingQueued')}</p>
              <button
                type="button"
                className="button button-primary"
                onClick={() => void controls.act({ type: 'close' })}
              >
                {t('sale.next')}
              </button>
            </>
          )}
        </div>
      )}
      {finished ? (
        <FinishedSale sale={sale} controls={controls} />
      ) : (
        <div className={tendering ? 'sale-columns' : 'sale-single'}>
          {tendering && (
            <div>
              <TenderPanel sale={sale} controls={controls} onTaken={toLines} />
              {!sale.till && <ExternalTender sale={sale} controls={controls} onTaken={toLines} />}
            </div>
          )}
          <div>
            <TenderLines sale={sale} controls={controls} heading={linesHeading} />
            {sale.status === 'open' && <SaleActions sale={sale} controls={controls} />}
          </div>
        </div>
      )}
    </div>
  );
}
