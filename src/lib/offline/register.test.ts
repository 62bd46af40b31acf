// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUpdateStore } from './update-store';

/** What the plugin's registerSW is given: the terminal's answers to "a new version waits" and "it took over". */
const given = vi.hoisted(() => ({
  options: {} as { onNeedRefresh?: () => void; onNeedReload?: () => void },
  skipWaiting: vi.fn(async () => undefined),
}));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: typeof given.options) => {
    given.options = options;
    return given.skipWaiting;
  },
}));

describe('a new version of the terminal', () => {
  const reload = vi.fn();
  afterEach(() => {
    vi.unstubAllGlobals();
    reload.mockReset();
  });

  it('reloads the window that took it; another window is offered the reload, not reloaded under its cashier', async () => {
    vi.stubGlobal('location', { ...window.location, reload });
    await import('./register');
    given.options.onNeedRefresh?.();
    // Another window's cashier took the update: this window's worker changed under it.
    given.options.onNeedReload?.();
    expect(reload).not.toHaveBeenCalled();
    const apply = useUpdateStore.getState().apply;
    expect(apply).not.toBeNull();
    apply?.(); // this window's cashier, between sales
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the customer display, which has no one to offer the reload to, reloads into the new version', async () => {
    vi.resetModules();
    vi.stubGlobal('location', { ...window.location, hash: '#/customer-display', reload });
    await import('./register');
    given.options.onNeedReload?.();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
