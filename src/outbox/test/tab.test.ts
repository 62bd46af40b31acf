// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'loyalty-terminal.tab';

/** The browser's Web Locks, as far as the window's id uses them: held until released here (the window went away). */
const held = new Set<string>();
type Grant = (lock: { name: string } | null) => unknown;
Object.defineProperty(navigator, 'locks', {
  configurable: true,
  value: {
    request(name: string, a: object | Grant, b?: Grant) {
      const [options, grant] = typeof a === 'function' ? [{}, a] : [a as { ifAvailable?: boolean }, b as Grant];
      if (held.has(name)) return options.ifAvailable ? Promise.resolve(grant(null)) : new Promise(() => undefined);
      held.add(name);
      return Promise.resolve(grant({ name }));
    },
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
  },
});

/** A new page load in this window: the module starts afresh, sessionStorage stays. Its id, once the lock has answered. */
async function pageLoad(): Promise<string> {
  vi.resetModules();
  const { tabId } = await import('../tab');
  const id = tabId();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return id;
}
/** The page goes away as it should (a reload, a navigation): it says so, and its lock goes with it. */
const pageLeaves = (id: string) => {
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  held.delete(`loyalty-terminal-tab:${id}`);
};

describe('a window’s id', () => {
  beforeEach(() => {
    sessionStorage.clear();
    held.clear();
  });

  it('is kept through a reload', async () => {
    const first = await pageLoad();
    pageLeaves(first);
    expect(await pageLoad()).toBe(first);
  });

  it('is not shared with a copy of the window made while it is open ("Duplicate tab"): the copy takes a new one and starts again', async () => {
    const first = await pageLoad();
    // The copy starts with this window's storage as it is now: the page is still open, its lock held.
    expect(await pageLoad()).toBe(first); // what the copy read before its lock answered
    const next = sessionStorage.getItem(KEY);
    expect(next).not.toBe(first); // what it starts again with
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is kept after a crash (no pagehide, the lock gone with the page): its sale and display carry on', async () => {
    const first = await pageLoad();
    held.clear(); // the page died
    expect(await pageLoad()).toBe(first);
    expect(sessionStorage.getItem(KEY)).toBe(first);
    expect(held.has(`loyalty-terminal-tab:${first}`)).toBe(true);
  });
});
