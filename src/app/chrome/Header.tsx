import { Icon } from '@/components/Icon';
import { useFirstScreenT } from '@/lib/i18n/translate';
import { managerActions } from '@/lib/manager/store';
import { useManagerUnlocked } from '@/lib/manager/use-unlocked';
import { useServerSettings, useTerminalMode } from '@/lib/settings/store';
import { Menu } from './Menu';
import { NavBar, useWide } from './NavBar';
import { WaitingNotice } from './Notices';

/** TRAINING in words and a hatched band (never by colour alone), or the live server's host. */
function ModeBadge() {
  const t = useFirstScreenT();
  const mode = useTerminalMode();
  const server = useServerSettings();
  if (mode === 'training' || !server)
    return (
      // Cut short beside a long tab bar: its whole words on a pointer's hover.
      <p className="mode-badge mode-training" title={t('training.banner')}>
        <span aria-hidden="true">▲ </span>
        <span className="mode-short" aria-hidden="true">
          {t('mode.trainingShort')}
        </span>
        <span className="mode-long">{t('training.banner')}</span>
      </p>
    );
  const url = new URL(server.baseUrl);
  return (
    // Cut short on a phone, the server's address gives way: "not encrypted" never does.
    <p className="mode-badge mode-live">
      <span className="mode-host">{t('mode.live', { server: url.host })}</span>
      {url.protocol === 'http:' && (
        <span className="insecure-mark">
          {' '}
          · <span aria-hidden="true">▲ </span>
          <span className="insecure-words">{t('mode.insecure')}</span>
        </span>
      )}
    </p>
  );
}

/**
 * The terminal's chrome in one row: the mode, what waits, the screens (in this row where it is
 * wide enough, else at the bottom), the manager's lock while unlocked, and one menu for the rest.
 */
export function Header() {
  const t = useFirstScreenT();
  const wide = useWide();
  const unlocked = useManagerUnlocked();
  return (
    <header className="app-header">
      <div className="app-bar">
        <h1 className="visually-hidden">{t('appTitle')}</h1>
        <ModeBadge />
        {wide && <NavBar placement="header" />}
        <div className="app-tools">
          {unlocked && (
            <button
              type="button"
              className="button icon-button"
              aria-label={t('manager.lock')}
              title={t('manager.lock')}
              onClick={managerActions.locked}
            >
              <Icon name="unlocked" size="1.3em" />
            </button>
          )}
          <Menu />
        </div>
      </div>
      <WaitingNotice />
    </header>
  );
}
