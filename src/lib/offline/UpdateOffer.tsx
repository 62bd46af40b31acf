import { useFirstScreenT } from '@/lib/i18n/translate';
import { useActiveSales } from '@/outbox/projection';
import { useUpdateStore } from './update-store';

/**
 * "A new version is ready": offered only while no sale is open at this terminal, never forced. During
 * a sale it waits; the offer comes back once the sale is finished and closed.
 */
export function UpdateOffer() {
  const t = useFirstScreenT();
  const apply = useUpdateStore((s) => s.apply);
  const saleOpen = useActiveSales().length > 0;
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
