import { loadOpenSale, SaleScreen, type CustomerViewSlot } from '@/features/sale/SaleScreen';
import { useT, withTexts } from '@/lib/i18n';
import { useNavigationActions, useScreen, useSignOffAsked, type Screen } from '@/lib/navigation-store';
import { lazy, Suspense, useEffect } from 'react';
import { useLocale, useServerSettings, useTerminalMode } from '@/lib/settings/store';
import { OutboxProvider } from '@/outbox/OutboxProvider';
import { useWaitingCounts } from '@/outbox/projection';
import { nearlyFull, useStorageReport } from '@/outbox/storage';
import { PrintArea } from '@/lib/print';
import { useManagerUnlocked } from '@/lib/manager/use-unlocked';
import { managerActions } from '@/lib/manager/store';
import { cashierActions, useCashier } from '@/lib/cashier/store';
import { TillGate } from '@/features/till/TillGate';
import { UpdateOffer } from '@/lib/offline/UpdateOffer';
import { DisplayGate } from '@/features/customer-display/DisplayGate';
import { openCustomerDisplay } from '@/features/customer-display/open-display';
import { CameraButton } from '@/components/CameraButton';
import { Icon } from '@/components/Icon';
import { ErrorBoundary } from './error-boundary';
import { TerminalProvider } from './terminal-provider';

const screens: {
  id: Screen;
  label: `nav.${Screen}`;
}[] = [
  { id: 'sale', label: 'nav.sale' },
  { id: 'returns', label: 'nav.returns' },
  { id: 'issue', label: 'nav.issue' },
  { id: 'lookup', label: 'nav.lookup' },
  { id: 'journal', label: 'nav.journal' },
  { id: 'training', label: 'nav.training' },
  { id: 'settings', label: 'nav.settings' },
];

function Header() {
  const t = useT();
  const mode = useTerminalMode();
  const server = useServerSettings();
  const screen = useScreen();
  const { screenChosen } = useNavigationActions();
  return (
    <header className="app-header">
      {mode === 'training' && (
        <p className="training-banner">
          <span aria-hidden="true">▲ </span>
          {t('training.banner')}
        </p>
      )}
      <div className="app-bar">
        <h1 className="app-title">{t('appTitle')}</h1>
        <p className="mode-indicator">
          {mode === 'live' && server ? t('mode.live', { server: new URL(server.baseUrl).host }) : t('mode.training')}
          {mode === 'live' && server && new URL(server.baseUrl).protocol === 'http:' && (
            <span className="insecure-mark">
              {' '}
              · <span aria-hidden="true">▲ </span>
              {t('mode.insecure')}
            </span>
          )}
        </p>
        <WaitingNotice />
        <People />
        <nav aria-label={t('nav.label')}>
          <ul className="nav-list">
            {screens.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className="nav-button"
                  aria-current={screen === s.id ? 'page' : undefined}
                  onClick={() => screenChosen(s.id)}
                >
                  {t(s.label)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

// The sale screen's first step (the amount due) is in the first download; the rest, the open sale
// and the lookup included, load when first opened and are fetched ahead while the browser is idle.
// The manager's PIN gate and the sign-on form are shown once in a while, never on the way to a sale.
// Each brings the texts it shows (withTexts): only the first screen's are in the first download.
const ManagerGate = lazy(() =>
  withTexts(() => import('@/components/ManagerGate'))().then((m) => ({ default: m.ManagerGate })),
);
const SignOn = lazy(() => withTexts(() => import('./SignOn'))().then((m) => ({ default: m.SignOn })));
// Shown beside the open sale when the cashier turns the tablet to the customer.
const ShowToCustomer = lazy(() =>
  withTexts(() => import('@/features/customer-display/ShowToCustomer'))().then((m) => ({ default: m.ShowToCustomer })),
);
const CustomerView: CustomerViewSlot = ({ sale }) => (
  <Suspense fallback={null}>
    <ShowToCustomer sale={sale} />
  </Suspense>
);
const SignOffOffer = lazy(() =>
  withTexts(() => import('@/features/journal/SignOffOffer'))().then((m) => ({ default: m.SignOffOffer })),
);

/** Signing off offers the cashier's X report first (inside the outbox: it reads the journal). */
function SignOff() {
  const cashier = useCashier();
  const asked = useSignOffAsked();
  const { signOffAsked } = useNavigationActions();
  if (!asked || !cashier) return null;
  return (
    <Suspense fallback={null}>
      <SignOffOffer
        cashier={cashier}
        onDone={(signOff) => {
          signOffAsked(false);
          if (signOff) cashierActions.signedOff();
        }}
      />
    </Suspense>
  );
}

const loadLookup = withTexts(() => import('@/features/lookup/LookupScreen'));
const LookupScreen = lazy(() => loadLookup().then((m) => ({ default: m.LookupScreen })));
const loadIssue = withTexts(() => import('@/features/issuing/IssueScreen'));
const loadReturns = withTexts(() => import('@/features/returns/ReturnsScreen'));
const ReturnsScreen = lazy(() => loadReturns().then((m) => ({ default: m.ReturnsScreen })));
const loadJournal = withTexts(() => import('@/features/journal/JournalScreen'));
const loadSettings = withTexts(() => import('@/features/settings/SettingsScreen'));
const loadTraining = withTexts(() => import('@/features/training/TrainingScreen'));
const IssueScreen = lazy(() => loadIssue().then((m) => ({ default: m.IssueScreen })));
const JournalScreen = lazy(() => loadJournal().then((m) => ({ default: m.JournalScreen })));
const SettingsScreen = lazy(() => loadSettings().then((m) => ({ default: m.SettingsScreen })));
const TrainingScreen = lazy(() => loadTraining().then((m) => ({ default: m.TrainingScreen })));

function usePrefetchScreens() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 500));
    idle(
      () =>
        void Promise.all([
          loadOpenSale(),
          loadLookup(),
          loadIssue(),
          loadReturns(),
          loadJournal(),
          loadSettings(),
          loadTraining(),
        ]).catch(() => undefined),
    );
  }, []);
}

/** Operations recorded but not yet answered: shown on every screen until they land. */
function WaitingNotice() {
  const t = useT();
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
  const t = useT();
  const storage = useStorageReport();
  const { screenChosen } = useNavigationActions();
  if (storage.usable === 'missing' || storage.usable === 'refused')
    return (
      <p className="notice notice-error">
        <span aria-hidden="true">✕ </span>
        {t('storage.unusable')}
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
  return null;
}

function CurrentScreen() {
  const t = useT();
  const screen = useScreen();
  usePrefetchScreens();
  return (
    <Suspense
      fallback={
        <p role="status" className="progress">
          {t('screen.loading')}
        </p>
      }
    >
      <Screen screen={screen} />
    </Suspense>
  );
}

/** Settings and the journal are the manager's (PIN); the sale, lookup and issue screens need a signed-on cashier; training is open. */
function Screen({ screen }: { screen: Screen }) {
  const cashier = useCashier();
  if (screen === 'settings')
    return (
      <ManagerGate>
        <SettingsScreen />
      </ManagerGate>
    );
  if (screen === 'journal')
    return (
      <ManagerGate>
        <JournalScreen />
      </ManagerGate>
    );
  if (screen === 'training') return <TrainingScreen />;
  if (!cashier) return <SignOn />;
  if (screen === 'lookup') return <LookupScreen />;
  if (screen === 'issue') return <IssueScreen />;
  if (screen === 'returns') return <ReturnsScreen />;
  return <SaleScreen customerView={CustomerView} />;
}

/** Who is at the till, and the manager's lock while unlocked. */
function People() {
  const t = useT();
  const cashier = useCashier();
  const unlocked = useManagerUnlocked();
  const navigation = useNavigationActions();
  return (
    <div className="people">
      {cashier && (
        <p className="cashier">
          {t('cashier.current', {
            name: cashier.name ? `${cashier.name} (${cashier.operatorId})` : cashier.operatorId,
          })}{' '}
          <button type="button" className="button" onClick={() => navigation.signOffAsked(true)}>
            {t('cashier.signOff')}
          </button>
        </p>
      )}
      <CameraButton />
      <button type="button" className="button" onClick={() => void openCustomerDisplay()}>
        {t('display.open')}
      </button>
      {unlocked && (
        <button type="button" className="button" onClick={managerActions.locked}>
          <Icon name="unlocked" /> {t('manager.lock')}
        </button>
      )}
    </div>
  );
}

export function App() {
  const t = useT();
  const mode = useTerminalMode();
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale.slice(0, 2);
    document.title = t('appTitle');
  }, [locale, t]);
  return (
    <div className={mode === 'training' ? 'app training' : 'app'}>
      <Header />
      <main className="app-main">
        <ErrorBoundary
          fallback={(reset) => (
            <div role="alert" className="notice notice-error">
              <p>{t('error.crash')}</p>
              <button type="button" className="button" onClick={reset}>
                {t('error.retry')}
              </button>{' '}
              <button type="button" className="button" onClick={() => window.location.reload()}>
                {t('error.reload')}
              </button>
            </div>
          )}
        >
          <TerminalProvider>
            <OutboxProvider>
              <TillGate />
              <UpdateOffer />
              <DisplayGate />
              <SignOff />
              <CurrentScreen />
              <PrintArea />
            </OutboxProvider>
          </TerminalProvider>
        </ErrorBoundary>
      </main>
    </div>
  );
}
