import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStorageStore } from '../db';
import { whatStaysWith, type ReadModel } from '../read-model';

const reads = (waiting: number, fails = false) =>
  ({
    counts: () => (fails ? Promise.reject(new Error('closed')) : Promise.resolve({ waiting, attention: 0 })),
    activeSales: () => (fails ? Promise.reject(new Error('closed')) : Promise.resolve([])),
  }) as unknown as ReadModel;

describe('whatStaysWith: what keeps the terminal with a server before it stops sending to it', () => {
  afterEach(() => useStorageStore.setState({ usable: 'checking' }));

  it('records waiting to be sent keep it; none, nothing does', async () => {
    expect(await whatStaysWith(reads(1))).toBe('unsettled');
    expect(await whatStaysWith(reads(0))).toBeNull();
  });

  it('records this window cannot read keep it (another window may hold and send them): it fails closed', async () => {
    useStorageStore.setState({ usable: 'updatedElsewhere' });
    expect(await whatStaysWith(reads(0, true))).toBe('unreadable');
    useStorageStore.setState({ usable: 'yes' });
    expect(await whatStaysWith(reads(0, true))).toBe('unreadable');
  });

  it('a browser that keeps no records has none to leave', async () => {
    useStorageStore.setState({ usable: 'refused' });
    expect(await whatStaysWith(reads(0, true))).toBeNull();
    useStorageStore.setState({ usable: 'missing' });
    expect(await whatStaysWith(reads(0, true))).toBeNull();
  });

  it('storage refused where records were kept (a database a newer version upgraded) may hold unsent ones', async () => {
    vi.stubGlobal('localStorage', { getItem: () => '1' }); // this browser kept records here
    try {
      useStorageStore.setState({ usable: 'refused' });
      expect(await whatStaysWith(reads(0, true))).toBe('unreadable');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
