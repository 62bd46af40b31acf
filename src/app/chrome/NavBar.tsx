import { useSyncExternalStore } from 'react';
import { Icon } from '@/components/Icon';
import { useFirstScreenT } from '@/lib/i18n/translate';
import { useNavigationActions, useScreen, type Screen } from '@/lib/navigation-store';

const screens: Screen[] = ['sale', 'returns', 'issue', 'lookup', 'journal', 'training', 'settings'];

/** Wide enough for the screens in the header's own row; narrower, they are a tab bar at the bottom, within thumb reach. */
const WIDE = '(min-width: 1300px)';
const watchWide = (change: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
export const useWide = () =>
  useSyncExternalStore(
    watchWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );

/** The screens: one tap each, the current one marked by more than colour (a bar and bold type). */
export function NavBar({ placement }: { placement: 'header' | 'bottom' }) {
  const t = useFirstScreenT();
  const screen = useScreen();
  const { screenChosen } = useNavigationActions();
  return (
    <nav aria-label={t('nav.label')} className={`app-nav app-nav-${placement}`}>
      <ul className="nav-list">
        {screens.map((id) => (
          <li key={id}>
            <button
              type="button"
              className="nav-button"
              aria-current={screen === id ? 'page' : undefined}
              onClick={() => screenChosen(id)}
            >
              <Icon name={id} size="1.5em" />
              <span className="nav-label">{t(`nav.${id}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
