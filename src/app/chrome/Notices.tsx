import { useFirstScreenT } from '@/lib/i18n/translate';
import { useNavigationActions } from '@/lib/navigation-store';
import { useWaitingCounts } from '@/outbox/projection';
import { nearlyFull, useRecordsKeeping, useStorageReport } from '@/outbox/db';

/** Operations recorded but not yet answered, and those a manager must see: on every screen until they land. */
export function WaitingNotice() {
  const t = useFirstScreenT();
  const { waiting, attention } = useWaitingCounts();
  const { screenChosen } = useNavigationActions();
  return (
    <div role="status" className="header-notices">
      {waiting > 0 && (
        <p className="notice notice-warn waiting">
          <span aria-hidden="true">⟳ </span>
          {t('sale.waiting', { count: waiting })}
        </p>
      )}
      {attention > 0 && (
        <button type="button" className="button button-danger" onClick={() => screenChosen('journal')}>
          <span aria-hidden="true">! </span>
          {t('journal.attentionCount', { count: attention })}
        </button>
      )}
      <StorageNotice />
    </div>
  );
}

/** The records the browser may take away: said on every screen, the way to the remedy one tap away. */
function StorageNotice() {
  const t = useFirstScreenT();
  const storage = useStorageReport();
  const keeping = useRecordsKeeping();
  const { screenChosen } = useNavigationActions();
  if (storage.usable === 'missing' || storage.usable === 'refused')
    return (
      <p className="notice notice-error">
        <span aria-hidden="true">✕ </span>
        {t('storage.unusable')}
      </p>
    );
  if (storage.usable === 'olderWindow')
    return (
      <p className="notice notice-warn" role="alert">
        {t('storage.olderWindow')}
      </p>
    );
  if (storage.usable === 'updatedElsewhere')
    return (
      <p className="notice notice-warn" role="alert">
        {t('storage.updatedElsewhere')}{' '}
        <button type="button" className="button" onClick={() => location.reload()}>
          {t('storage.reload')}
        </button>
      </p>
    );
  if (storage.evicted)
    return (
      <button type="button" className="button button-danger" onClick={() => screenChosen('settings')}>
        <span aria-hidden="true">! </span>
        {t('storage.evicted')}
      </button>
    );
  if (nearlyFull(storage))
    return (
      <button type="button" className="button" onClick={() => screenChosen('settings')}>
        <span aria-hidden="true">▲ </span>
        {t('storage.nearlyFull', { percent: Math.floor(((storage.usage ?? 0) / (storage.quota ?? 1)) * 100) })}
      </button>
    );
  // Records in a browser that may delete them after seven days without a visit: to the home screen, the reason in Settings.
  if (storage.usable === 'yes' && keeping === 'addToHomeScreen')
    return (
      <button type="button" className="button" onClick={() => screenChosen('settings')}>
        <span aria-hidden="true">▲ </span>
        {t('storage.addToHomeScreen')}
      </button>
    );
  return null;
}
