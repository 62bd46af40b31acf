import { useEffect, useState } from 'react';
import { DISPLAY_CHANNEL, readDisplayMessage, type DisplayMessage } from './channel';
import { displayView, type DisplayView } from './view';
import { translator } from '@/lib/i18n';
import { loadCatalog } from '@/lib/i18n/translate';
import { CustomerDisplayView } from './CustomerDisplayView';
import { liveTabs } from '@/outbox/tab';

/** How often the display asks whether the window it follows is still alive. */
export const WINDOW_GONE_CHECK_MS = 5000;

/** The window the display's address names (`?tab=`), if any. */
const pinnedTab = () => new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('tab') || undefined;

/**
 * The customer display window (`/#/customer-display`): it asks the terminal for the sale and follows
 * it over the BroadcastChannel. It reads nothing else: no outbox, no settings, no server.
 * It follows one window: the one its address names (`?tab=`, the window that opened it), else the
 * first that answers or the last that started; another window's sale (a second till, a training
 * window) never shows on it.
 */
export function CustomerDisplayPage() {
  const [view, setView] = useState<DisplayView | null>(null);
  const [, setCatalogs] = useState(0);
  useEffect(() => {
    let pinned = pinnedTab();
    let follows = pinned;
    const channel = new BroadcastChannel(DISPLAY_CHANNEL);
    const hello = () =>
      channel.postMessage({ type: 'hello', ...(follows ? { tab: follows } : {}) } satisfies DisplayMessage);
    channel.onmessage = (event: MessageEvent) => {
      const message = readDisplayMessage(event.data);
      // A terminal window started (a reload, a crash, a new tab): it hears from this display at once.
      // Opened by its address, the display follows the window that started last (the one it followed
      // may be gone); opened from a window, that window, until another opens it (its address changes).
      if (message?.type === 'ask') {
        if (!pinned && message.tab) follows = message.tab;
        hello();
      }
      if (message?.type !== 'view') return;
      follows ??= message.tab;
      if (message.tab === follows) setView(message.view);
    };
    // Opened again from another window: the same named window takes the new address, and one that
    // differs only after `#` does not reload the page. It follows the window named now, and shows
    // nothing of the last one's customer meanwhile.
    const addressChanged = () => {
      const named = pinnedTab();
      if (named === pinned) return;
      pinned = named;
      follows = named;
      setView((shown) => shown && displayView(null, shown)); // idle, in the language it spoke
      hello();
    };
    window.addEventListener('hashchange', addressChanged);
    // A window that crashed (or was killed) says nothing as it goes, but its Web Lock goes with it:
    // the customer is not left looking at the last sale's card and balance. A window that comes back
    // (a reload) sends its view again.
    const gone = window.setInterval(() => {
      if (!follows) return;
      const tab = follows;
      void liveTabs().then((live) => {
        if (live && !live.has(tab) && tab === follows)
          setView((shown) => (shown && shown.status !== 'idle' ? displayView(null, shown) : shown));
      });
    }, WINDOW_GONE_CHECK_MS);
    hello();
    return () => {
      window.removeEventListener('hashchange', addressChanged);
      window.clearInterval(gone);
      channel.close();
    };
  }, []);
  const locale = view?.locale ?? 'en';
  const title = translator(locale)('display.open');
  useEffect(() => {
    document.documentElement.lang = locale.slice(0, 2);
    void loadCatalog(locale).then(() => setCatalogs((n) => n + 1));
  }, [locale]);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main className="customer-display-page">
      <h1 className="visually-hidden">{title}</h1>
      <CustomerDisplayView view={view} />
    </main>
  );
}
