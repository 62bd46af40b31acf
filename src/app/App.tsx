import { loadOpenSale, SaleScreen, type CustomerViewSlot } from '@/features/sale/SaleScreen';
import { useFirstScreenT } from '@/lib/i18n/translate';
import { useNavigationActions, useScreen, useSignOffAsked, type Screen } from '@/lib/navigation-store';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocale, useTerminalMode } from '@/lib/settings/store';
import { OutboxProvider } from '@/outbox/OutboxProvider';
import { PrintArea } from '@/lib/printing/print';
import { cashierActions, useCashier } from '@/app/cashier-store';
import { TillGate } from '@/features/till/TillGate';
import { UpdateOffer } from '@/lib/offline/UpdateOffer';
import { DisplayGate } from '@/features/customer-display/DisplayGate';
import { CameraHost } from '@/components/CameraButton';
import { Header } from './chrome/Header';
import { NavBar, useWide } from './chrome/NavBar';
import { ErrorBoundary, isCodeNotLoaded } from './error-boundary';
import { SignOn } from './SignOn';
import { TerminalProvider } from './terminal-provider';

// The sale screen's first step (the amount due) is in the first download; the rest, the open sale
// and the lookup included, load when first opened and are fetched ahead while the browser is idle.
// The manager's PIN gate is shown once in a while, never on the way to a sale; the sign-on form is a
// new till's first screen, so it and its words are in the first download. A lazy screen's texts come
// with its code (it imports '@/lib/i18n'); the first download carries only the first screens' (en.ts).
const ManagerGate = lazy(() => import('@/lib/manager/ManagerGate').then((m) => ({ default: m.ManagerGate })));
// Shown beside the open sale when the cashier turns the tablet to the customer.
const ShowToCustomer = lazy(() =>
  import('@/features/customer-display/ShowToCustomer').then((m) => ({ default: m.ShowToCustomer })),
);
const CustomerView: CustomerViewSlot = ({ sale }) => (
  <Suspense fallback={null}>
    <ShowToCustomer sale={sale} />
  </Suspense>
);
// What a page that is not a secure context says (it takes no payment): rare, so not in the first download.
const NotSecure = lazy(() => import('./NotSecure').then((m) => ({ default: m.NotSecure })));
const SignOffOffer = lazy(() => import('@/features/journal/SignOffOffer').then((m) => ({ default: m.SignOffOffer })));

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

const loadLookup = () => import('@/features/lookup/LookupScreen');
const LookupScreen = lazy(() => loadLookup().then((m) => ({ default: m.LookupScreen })));
const loadIssue = () => import('@/features/issuing/IssueScreen');
const loadReturns = () => import('@/features/returns/ReturnsScreen');
const ReturnsScreen = lazy(() => loadReturns().then((m) => ({ default: m.ReturnsScreen })));
const loadJournal = () => import('@/features/journal/JournalScreen');
const loadSettings = () => import('@/features/settings/SettingsScreen');
const loadTraining = () => import('@/features/training/TrainingScreen');
const IssueScreen = lazy(() => loadIssue().then((m) => ({ default: m.IssueScreen })));
const JournalScreen = lazy(() => loadJournal().then((m) => ({ default: m.JournalScreen })));
const SettingsScreen = lazy(() => loadSettings().then((m) => ({ default: m.SettingsScreen })));
const TrainingScreen = lazy(() => loadTraining().then((m) => ({ default: m.TrainingScreen })));

/** The screens' chunks, fetched while the browser is idle: one screen per idle period, so none of it is a long task. */
function usePrefetchScreens() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const loads = [loadOpenSale, loadLookup, loadIssue, loadReturns, loadJournal, loadSettings, loadTraining];
    let handle = 0;
    const next = () => {
      const load = loads.shift();
      if (!load) return;
      void load().catch(() => undefined);
      handle = idle(next);
    };
    handle = idle(next);
    return () => cancel(handle);
  }, []);
}

/**
 * A screen that crashed, or whose code could not be fetched: the rest of the terminal (the sender,
 * the till's hand-over, the sale in its records) runs on; another screen can be opened.
 */
function ScreenFailed({ reset, error }: { reset: () => void; error: unknown }) {
  const t = useFirstScreenT();
  const notLoaded = isCodeNotLoaded(error);
  return (
    <div role="alert" className="notice notice-error">
      <p>{t(notLoaded ? 'error.notLoaded' : 'error.crash')}</p>
      {!notLoaded && (
        <button type="button" className="button" onClick={reset}>
          {t('error.retry')}
        </button>
      )}{' '}
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}

/**
 * A piece beside the screens (the till's hand-over, the customer display's feed, the sign-off, the
 * camera, printing), each in its own boundary: one whose code could not be fetched after a new
 * version was deployed, or that crashed, says so, and the screen, the sender and the sale run on.
 * Trying again in this window would fail the same way (the browser keeps a failed import): reload.
 */
function Piece({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={() => <PieceFailed />}>{children}</ErrorBoundary>;
}

function PieceFailed() {
  const t = useFirstScreenT();
  return (
    <div role="alert" className="notice notice-error">
      <p>{t('error.partFailed')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}

function CurrentScreen() {
  const screen = useScreen();
  usePrefetchScreens();
  return (
    // One boundary per screen: opening another screen leaves a failed one behind.
    <ErrorBoundary key={screen} fallback={(reset, error) => <ScreenFailed reset={reset} error={error} />}>
      <CurrentScreenBody screen={screen} />
    </ErrorBoundary>
  );
}

function CurrentScreenBody({ screen }: { screen: Screen }) {
  const t = useFirstScreenT();
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

export function App() {
  const t = useFirstScreenT();
  const mode = useTerminalMode();
  const locale = useLocale();
  const wide = useWide();
  useEffect(() => {
    document.documentElement.lang = locale.slice(0, 2);
    document.title = t('appTitle');
  }, [locale, t]);
  if (window.isSecureContext === false)
    return (
      <Piece>
        <Suspense fallback={null}>
          <NotSecure />
        </Suspense>
      </Piece>
    );
  return (
    <div className={mode === 'training' ? 'app training' : 'app'}>
      <Header />
      <div className="app-scroll">
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
                <Piece>
                  <TillGate />
                </Piece>
                <UpdateOffer />
                <Piece>
                  <DisplayGate />
                </Piece>
                <Piece>
                  <SignOff />
                </Piece>
                <CurrentScreen />
                <Piece>
                  <CameraHost />
                </Piece>
                <Piece>
                  <PrintArea />
                </Piece>
              </OutboxProvider>
            </TerminalProvider>
          </ErrorBoundary>
        </main>
      </div>
      {!wide && <NavBar placement="bottom" />}
    </div>
  );
}
