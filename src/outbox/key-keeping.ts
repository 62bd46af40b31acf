/**
 * Whether a server has shown that it keeps Idempotency-Keys: it answered a repeat with
 * `Idempotency-Replayed: true` (contract section 6). From then on, an answer after retries that does
 * not say it replays is a first application (the earlier attempts had no effect), so other tills'
 * payments never raise a "charged twice" alarm there. A server that has never said so (one that
 * ignores the key never does) keeps the card's arithmetic check. Kept per server in localStorage,
 * so a reload does not forget; in memory where there is none.
 */
const KEY = 'loyalty-terminal.servers-keeping-keys';

/**
 * How long the contract has a server keep a key ("at least 24 hours", section 6): an operation
 * first sent longer ago than that may be new to a server that keeps keys, so its answer is checked
 * against the card again as on a server that has never shown it keeps them.
 */
export const KEY_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * A short tag of an access token (FNV-1a, 32 bits; never the token itself): a server keeps keys
 * per token (contract section 6), so an operation sent again with another token is new to it.
 */
export function tokenTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function kept(storage: Storage | undefined): string[] {
  try {
    const list: unknown = JSON.parse(storage?.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export function keyKeeping(scope: string, storage: Storage | undefined = globalThis.localStorage) {
  let shown = kept(storage).includes(scope);
  return {
    /** The server has replayed a repeat at least once. */
    shown: () => shown,
    /** It just did. */
    saw() {
      if (shown) return;
      shown = true;
      try {
        storage?.setItem(KEY, JSON.stringify([...kept(storage), scope].slice(-20)));
      } catch {
        // Storage full or refused: known for this window's life.
      }
    },
  };
}
