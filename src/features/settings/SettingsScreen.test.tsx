// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Terminal } from '@/lib/terminal-context';
import { useSettingsActions } from '@/lib/settings/store';
import * as switchScope from '@/lib/settings/switch-scope';
import { openOutboxDb } from '@/outbox/db';
import { createReadModel } from '@/outbox/read-model';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { SettingsScreen } from './SettingsScreen';

// The check a change of server waits for, as it is unless a test holds it.
vi.mock('@/lib/settings/switch-scope', async (importOriginal) => {
  const real = await importOriginal<typeof switchScope>();
  return { ...real, whatStopsAChange: vi.fn(real.whatStopsAChange) };
});

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

  it('a token pasted with a character a request cannot carry is refused, the refusal told with the field as the saved one is', async () => {
    settingsWithToken('secret-token-1234');
    const field = screen.getByLabelText('Replace access token');
    fireEvent.change(field, { target: { value: 'new\u200btoken' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save settings' }));
    const refusal = await screen.findByText(/A token is letters, digits and signs/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toEqual(['settings-token-saved', refusal.id]);
  });
});

describe('Save while a change of server is checked', () => {
  afterEach(() => vi.mocked(switchScope.whatStopsAChange).mockReset());

  /**
   * Another server typed and Save pressed, its check held: Save is greyed out and says it checks.
   * `answer` gives the check's finding (asked twice when nothing stays: one answer for both).
   */
  async function saveAnotherServer() {
    let answer: (stays: 'saleOpen' | null) => void = () => undefined;
    const held = new Promise<'saleOpen' | null>((resolve) => (answer = resolve));
    vi.mocked(switchScope.whatStopsAChange).mockImplementation(() => held);
    settingsWithToken('secret-token-1234');
    const user = userEvent.setup();
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Server address (base URL)', 'https://other.example.com');
    type('Replace access token', 'other-token');
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save settings' });
    await user.click(save);
    await waitFor(() => expect(switchScope.whatStopsAChange).toHaveBeenCalled());
    expect(save.disabled).toBe(true);
    expect(save.textContent).toBe('Checking…');
    // A second tap meanwhile starts no second save.
    await user.click(save);
    expect(switchScope.whatStopsAChange).toHaveBeenCalledTimes(1);
    // A browser takes the focus from a button greyed out, to the page (jsdom keeps it there): as if.
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    return { save, answer: (stays: 'saleOpen' | null) => act(async () => answer(stays)) };
  }

  /** Pressable again, named as before, and the focus back on it. */
  function pressableAgain(save: HTMLButtonElement) {
    expect(save.disabled).toBe(false);
    expect(save.textContent).toBe('Save settings');
    expect(document.activeElement).toBe(save);
  }

  it('nothing stays with the server left: saved, and Save can be pressed again', async () => {
    const { save, answer } = await saveAnotherServer();
    await answer(null);
    await screen.findByText('Settings saved.');
    pressableAgain(save);
  });

  it('Check connection is greyed out meanwhile: its answer would not be about what is being saved', async () => {
    const { save, answer } = await saveAnotherServer();
    const check = screen.getByRole<HTMLButtonElement>('button', { name: 'Check connection' });
    expect(check.disabled).toBe(true);
    await answer(null);
    await screen.findByText('Settings saved.');
    expect(check.disabled).toBe(false);
    pressableAgain(save);
  });

  it('a sale still open on it: not saved, said why, and Save can be pressed again', async () => {
    const { save, answer } = await saveAnotherServer();
    await answer('saleOpen');
    await screen.findByText(/^A sale is open on this server\./);
    pressableAgain(save);
  });
});

describe('Save while the connection is checked', () => {
  it('is greyed out until the check has answered; Check connection takes the focus back', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    try {
      settingsWithToken('secret-token-1234');
      const user = userEvent.setup();
      const check = screen.getByRole<HTMLButtonElement>('button', { name: 'Check connection' });
      const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save settings' });
      await user.click(check);
      await waitFor(() => expect(check.textContent).toBe('Checking…'));
      expect(check.disabled).toBe(true);
      expect(save.disabled).toBe(true);
      await user.click(save); // a tap meanwhile saves nothing and says nothing
      expect(screen.queryByText('Settings saved.')).toBeNull();
      // The browser takes the focus from a button greyed out, to the page (jsdom keeps it there): as if.
      const elsewhere = document.body.appendChild(document.createElement('button'));
      elsewhere.focus();
      elsewhere.remove();
      await act(async () => answer(new Response('{}', { status: 503 })));
      await waitFor(() => expect(check.disabled).toBe(false));
      expect(save.disabled).toBe(false);
      expect(check.textContent).toBe('Check connection');
      await waitFor(() => expect(document.activeElement).toBe(check));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
