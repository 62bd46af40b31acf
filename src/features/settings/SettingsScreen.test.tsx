// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Terminal } from '@/lib/terminal-context';
import { useSettingsActions } from '@/lib/settings/store';
import { openOutboxDb } from '@/outbox/db';
import { createReadModel } from '@/outbox/read-model';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { SettingsScreen } from './SettingsScreen';

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'live', scope: 'settings' } as Terminal;

/** Settings, with a live server saved whose token is `token`. */
function settingsWithToken(token: string) {
  const { result } = renderHook(() => useSettingsActions());
  act(() =>
    result.current.serverSettingsSaved({
      baseUrl: 'https://loyalty.example.com',
      token,
      loyaltyGroup: 'demo',
      merchantId: 'M1',
      currency: 'EUR',
      timeoutSeconds: 10,
      series: [],
    }),
  );
  const db = openOutboxDb(`settings-${crypto.randomUUID()}`);
  renderWithOutbox(<SettingsScreen />, { terminal, perform: vi.fn(), reads: createReadModel(() => db, 'settings') });
}

afterEach(cleanup);

describe('the saved token under its field', () => {
  it('a short token (the form takes any length) is not shown at all', () => {
    settingsWithToken('k9Z2');
    expect(screen.getByText('A token is saved. Leave empty to keep it.')).toBeTruthy();
    expect(screen.queryByText(/k9Z2|9Z2|Z2/)).toBeNull();
  });

  it('a long one by its last four characters', () => {
    settingsWithToken('secret-token-1234');
    expect(screen.getByText('Saved token ending in …1234. Leave empty to keep it.')).toBeTruthy();
  });
});
