import { describe, expect, it } from 'vitest';
import { keyKeeping, tokenTag } from '../sender';

/** localStorage as the browser keeps it between two windows (or a reload). */
function storage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

describe('whether a server has shown it keeps Idempotency-Keys', () => {
  it('once it replayed a repeat, this server is known so after a reload; another server is not', () => {
    const kept = storage();
    const live = keyKeeping('live|https://loyalty.example|demo|M1', kept);
    expect(live.shown()).toBe(false);
    live.saw();
    expect(live.shown()).toBe(true);
    expect(keyKeeping('live|https://loyalty.example|demo|M1', kept).shown()).toBe(true);
    expect(keyKeeping('live|https://other.example|demo|M1', kept).shown()).toBe(false);
  });

  it('what is kept is checked: anything but a list of servers is taken as nothing known', () => {
    const kept = storage();
    kept.setItem('loyalty-terminal.servers-keeping-keys', '{"live|x": true}');
    expect(keyKeeping('live|x', kept).shown()).toBe(false);
    kept.setItem('loyalty-terminal.servers-keeping-keys', 'not json');
    expect(keyKeeping('live|x', kept).shown()).toBe(false);
  });
});

describe('the tag of the access token an operation was first sent with', () => {
  it('tells two tokens apart, is the same for the same token, and is not the token', () => {
    expect(tokenTag('demo-token')).toBe(tokenTag('demo-token'));
    expect(tokenTag('demo-token')).not.toBe(tokenTag('new-token'));
    expect(tokenTag('demo-token')).toMatch(/^[0-9a-f]{8}$/);
  });
});
