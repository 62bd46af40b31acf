import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { create } from 'zustand';
import type { Minor } from '@/domain/money';
import type { SaleAction } from '@/domain/sale-flow';
import type { Sale } from '@/domain/sale';
import { useFirstScreenT } from '@/lib/i18n/translate';
import { AmountDueEntry } from './AmountDueEntry';
import { useCurrentSale, useOutbox } from '@/outbox/projection';
import { takesPayments, useRecordsUsable } from '@/outbox/db';

/** The tender forms and the receipt: their own chunk, fetched while the cashier keys the amount due. */
export const loadOpenSale = () => import('./OpenSale');
const OpenSale = lazy(() => loadOpenSale().then((m) => ({ default: m.OpenSale })));

/** What the app shell puts beside the open sale for the customer to see (the customer display feature). */
export type CustomerViewSlot = ComponentType<{ sale: Sale }>;

/**
 * Set when an action could not even be recorded, and why (storage failed; the server or mode was
 * being changed, perhaps in another window): nothing was sent, the cashier is told.
 */
const useRecordFailure = create<{ failed: 'sale.notRecorded' | 'sale.settingsChanged' | null }>(() => ({
  failed: null,
}));

async function recorded(work: () => Promise<unknown>) {
  try {
    await work();
    useRecordFailure.setState({ failed: null });
  } catch (error) {
    const changing = error instanceof Error && error.name === 'ScopeChanged';
    useRecordFailure.setState({ failed: changing ? 'sale.settingsChanged' : 'sale.notRecorded' });
    console.warn('could not record', error instanceof Error ? error.name : '');
  }
}

/**
 * The cashier's sale: this window's current sale (a projection of the outbox) and the actions on
 * it, each handed to the one executor (`perform`), which records it and what it must send.
 */
function useSale() {
  const { perform, resolveNow } = useOutbox();
  const sale = useCurrentSale();
  const notRecorded = useRecordFailure((s) => s.failed);
  const controls = useMemo(
    () => ({
      start: (due: Minor) => recorded(() => perform({ type: 'startSale', due })),
      act: (action: SaleAction) =>
        recorded(async () => {
          if (sale) await perform({ type: 'saleAction', transactionId: sale.transactionId, action });
        }),
      /** Asks again now, same key: the cashier's "Resolve now". */
      resolve: resolveNow,
    }),
    [perform, resolveNow, sale],
  );
  return { sale, controls, notRecorded };
}

export type SaleControls = ReturnType<typeof useSale>['controls'];

/** The cashier's main screen: amount due, tenders, complete or void. */
export function SaleScreen({ customerView }: { customerView?: CustomerViewSlot }) {
  const t = useFirstScreenT();
  const { sale, controls, notRecorded } = useSale();
  const usable = useRecordsUsable();
  // Fetched as soon as the first screen is up: the card scanned right after the amount due needs it.
  useEffect(() => void loadOpenSale().catch(() => undefined), []);
  const failure = notRecorded && (
    <p className="notice notice-error" role="alert">
      <span aria-hidden="true">✕ </span>
      {t(notRecorded)}
    </p>
  );

  if (!sale)
    return (
      <div className="screen sale">
        {failure}
        {usable === 'missing' || usable === 'refused' ? (
          <div className="notice notice-error" role="alert">
            <h2 className="screen-title">{t('sale.newTitle')}</h2>
            <p>{t('storage.noPayments')}</p>
          </div>
        ) : !takesPayments(usable) ? (
          <h2 className="screen-title">{t('sale.newTitle')}</h2>
        ) : (
          <AmountDueEntry onStart={controls.start} />
        )}
      </div>
    );
  return (
    <Suspense
      fallback={
        <div className="screen sale">
          <p role="status" className="progress">
            <span className="spinner" aria-hidden="true" /> {t('screen.loading')}
          </p>
        </div>
      }
    >
      <OpenSale sale={sale} controls={controls} failure={failure} customerView={customerView} />
    </Suspense>
  );
}
