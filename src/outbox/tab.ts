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

const holdForever = () => new Promise<void>(() => undefined);

function readTabId(): { id: string; maybeCopy: boolean } {
  try {
    const existing = sessionStorage.getItem(KEY);
    // Still marked open as this page starts: either its storage was copied from a window that is
    // still open (the browser's "Duplicate tab"), or the last page here ended without saying so (a
    // crash, or a tablet discarding a background tab). The lock tells which (holdId).
    const maybeCopy = existing !== null && sessionStorage.getItem(OPEN) !== null;
    const id = existing ?? crypto.randomUUID();
    sessionStorage.setItem(KEY, id);
    sessionStorage.setItem(OPEN, '1');
    window.addEventListener('pagehide', () => sessionStorage.removeItem(OPEN));
    // Back from the browser's page cache: open again, the same page, the same id.
    window.addEventListener('pageshow', (event) => event.persisted && sessionStorage.setItem(OPEN, '1'));
    return { id, maybeCopy };
  } catch {
    return { id: crypto.randomUUID(), maybeCopy: false };
  }
}

/**
 * Holds the window's lock until the window goes away (never released by the page itself). A page
 * that may be a copy asks only if the lock is free: free, the page follows a crash and the id is
 * its own (its sale and its customer display carry on); held, another open window has this id,
 * so this one is a copy: it takes a new id and starts again with it, before a cashier can act.
 */
function holdId(tab: string, maybeCopy: boolean) {
  const locks = navigator.locks;
  if (!locks) return;
  if (!maybeCopy) return void locks.request(PREFIX + tab, holdForever).catch(() => undefined);
  void locks
    .request(PREFIX + tab, { ifAvailable: true }, (lock) => {
      if (lock) return holdForever();
      sessionStorage.setItem(KEY, crypto.randomUUID());
      window.location.reload();
      return undefined;
    })
    .catch(() => undefined);
}

let id: string | null = null;

export function tabId(): string {
  if (id) return id;
  const read = readTabId();
  id = read.id;
  holdId(read.id, read.maybeCopy);
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
