/**
 * This window's identity. A sale belongs to the window that started it until the cashier moves
 * on; the id survives a reload (sessionStorage) and the window holds a Web Lock named after it
 * for as long as it lives, so another window can tell a sale whose window is gone (a crash, a
 * closed tab) from one that is merely quiet.
 */
const KEY = 'loyalty-terminal.tab';
const PREFIX = 'loyalty-terminal-tab:';

function readTabId(): string {
  try {
    const existing = sessionStorage.getItem(KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    sessionStorage.setItem(KEY, id);
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
