import { useFirstScreenT } from '@/lib/i18n/translate';
import { cashOwed } from '@/domain/sale';
import { useActiveSales } from '@/outbox/projection';
import { useUpdateStore } from './update-store';

/**
 * "A new version is ready": offered only while no sale is open at this terminal, never forced. During
 * a sale it waits; the offer comes back once the sale is finished and closed.
 */
export function UpdateOffer() {
  const t = useFirstScreenT();
  const apply = useUpdateStore((s) => s.apply);
  // A cash-out's cash still owed does not hold it back: it stays on screen through a reload.
  const saleOpen = useActiveSales().some((sale) => !cashOwed(sale));
  if (!apply || saleOpen) return null;
  return (
    <div className="notice notice-quiet update-offer" role="status">
      <p>{t('update.ready')}</p>
      <button type="button" className="button" onClick={apply}>
        {t('update.apply')}
      </button>
    </div>
  );
}
