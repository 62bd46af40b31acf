/**
 * This window's identity. A sale belongs to the window that started it until the cashier moves
 * on; the id survives a reload (sessionStorage) and the window holds a Web Lock named after it
 * for as long as it lives, so another window can tell a sale whose window is gone (a crash, a
 * closed tab) from one that is merely quiet.
 */
const KEY = 'loyalty-terminal.tab';
/** Set while a page of this window is open; taken off as it goes (pagehide), a reload included. */
const OPEN = 'loyalty-terminal.tab-open';
const PREFIX = 'loyalty-terminal-tab:';

function readTabId(): string {
  try {
    const existing = sessionStorage.getItem(KEY);
    // Still marked open as this page starts: its storage was copied from a window that is still
    // open (the browser's "Duplicate tab", or a window this one opened), or the last page here
    // ended without saying so (a crash). Either way a new id: the window copied keeps its sale, and
    // a crashed page's sale is taken over by this window as a closed window's is (adoptOrphan).
    const copied = sessionStorage.getItem(OPEN) !== null;
    const id = existing && !copied ? existing : crypto.randomUUID();
    sessionStorage.setItem(KEY, id);
    sessionStorage.setItem(OPEN, '1');
    window.addEventListener('pagehide', () => sessionStorage.removeItem(OPEN));
    // Back from the browser's page cache: open again, the same page, the same id.
    window.addEventListener('pageshow', (event) => event.persisted && sessionStorage.setItem(OPEN, '1'));
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

let id: string | null = null;

export function tabId(): string {
  if (id) return id;
  id = readTabId();
  // Held until the window goes away: never released by the page itself.
  void navigator.locks?.request(PREFIX + id, () => new Promise<void>(() => undefined)).catch(() => undefined);
  return id;
}

/** The windows of this terminal that are alive now (their locks are held). Null where Web Locks are missing. */
export async function liveTabs(): Promise<Set<string> | null> {
  if (!navigator.locks) return null;
  const { held = [] } = await navigator.locks.query();
  return new Set(
    held
      .map((l) => l.name ?? '')
      .filter((n) => n.startsWith(PREFIX))
      .map((n) => n.slice(PREFIX.length)),
  );
}
