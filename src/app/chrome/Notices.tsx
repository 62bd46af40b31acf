import { useFirstScreenT } from '@/lib/i18n/translate';
import { useNavigationActions } from '@/lib/navigation-store';
import { useWaitingCounts } from '@/outbox/projection';
import {
  nearlyFull,
  OPEN_ANSWER_MS,
  useRecordsKeeping,
  useStorageReport,
  type RecordsElsewhere,
  type RecordsNotOpen,
  type RecordsNotWritten,
  type StorageReport,
} from '@/outbox/db';

/**
 * Operations recorded but not yet answered, and those a manager must see: on every screen until they
 * land. Said politely as they change; the storage's alerts sit beside that region, never in it
 * (one inside the other is read out twice).
 */
export function WaitingNotice() {
  const t = useFirstScreenT();
  const { waiting, attention } = useWaitingCounts();
  const { screenChosen } = useNavigationActions();
  return (
    <>
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
      <StorageAlert />
    </>
  );
}

type Alert = RecordsElsewhere | RecordsNotOpen | RecordsNotWritten;
const ALERTS: ReadonlySet<StorageReport['usable']> = new Set<Alert>([
  'olderWindow',
  'updatedElsewhere',
  'olderVersion',
  'unanswered',
  'closed',
  'unwritable',
]);
const isAlert = (usable: StorageReport['usable']): usable is Alert => ALERTS.has(usable);

/**
 * The records cannot be written here until another window lets go or this one reloads: said at
 * once, outside the polite region; records kept here but not opened are an error, not a wait.
 */
function StorageAlert() {
  const t = useFirstScreenT();
  const { usable } = useStorageReport();
  if (!isAlert(usable)) return null;
  return (
    <div className="header-notices">
      <p
        className={`notice ${usable === 'olderWindow' || usable === 'updatedElsewhere' ? 'notice-warn' : 'notice-error'}`}
        role="alert"
      >
        {usable === 'unanswered' ? t('storage.unanswered', { seconds: OPEN_ANSWER_MS / 1000 }) : t(`storage.${usable}`)}
        {/* A reload frees no space: the records that cannot be written say what does. */}
        {usable !== 'olderWindow' && usable !== 'unwritable' && (
          <>
            {' '}
            <button type="button" className="button" onClick={() => location.reload()}>
              {t('storage.reload')}
            </button>
          </>
        )}
      </p>
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
  // Said by StorageAlert, and nothing else meanwhile (as before: one storage notice at a time).
  if (isAlert(storage.usable)) return null;
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
