// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trainingFacts } from '@/simulator/training-facts';

const server = (currency: string) => ({
  baseUrl: 'https://loyalty.example.com',
  token: 't',
  loyaltyGroup: 'demo',
  merchantId: 'M1',
  currency,
  timeoutSeconds: 10,
  series: [],
});

/** A terminal's settings as they are before any server was saved (a fresh store, nothing in storage). */
async function freshSettings() {
  localStorage.clear();
  vi.resetModules();
  const store = await import('./store');
  const actions = renderHook(() => store.useSettingsActions()).result.current;
  const kept = () =>
    JSON.parse(localStorage.getItem('loyalty-terminal.settings') ?? '{}').state as {
      returns: { pinAbove: number };
      cashOut: { enabled: boolean; threshold: number };
    };
  return { actions, kept, store };
}

afterEach(() => localStorage.clear());

describe('the first server saved', () => {
  it('in the currency the amounts were set in (training’s euros): they stay as set', async () => {
    const { actions, kept } = await freshSettings();
    actions.returnPolicySaved({ way: 'storeCredit', pinAbove: 7500 });
    actions.cashOutSaved({ enabled: true, threshold: 1000 });
    actions.serverSettingsSaved(server('EUR'));
    expect(kept().returns.pinAbove).toBe(7500);
    expect(kept().cashOut).toEqual({ enabled: true, threshold: 1000 });
  });

  it('in yen: 7500 would be ¥7,500, not 75.00: the PIN is asked for every return and cash-out is off until a manager sets them', async () => {
    const { actions, kept } = await freshSettings();
    actions.returnPolicySaved({ way: 'storeCredit', pinAbove: 7500 });
    actions.cashOutSaved({ enabled: true, threshold: 1000 });
    actions.serverSettingsSaved(server('JPY'));
    expect(kept().returns.pinAbove).toBe(0);
    expect(kept().cashOut.enabled).toBe(false);
  });

  it('the amounts before a server are training’s, in its simulator’s currency', async () => {
    const { store } = await freshSettings();
    expect(store.AMOUNTS_BEFORE_A_SERVER).toBe(trainingFacts.currency);
  });
});
