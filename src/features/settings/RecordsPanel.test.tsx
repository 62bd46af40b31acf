// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Terminal } from '@/lib/terminal-context';
import { makeBackup } from '@/outbox/backup';
import { openOutboxDb, useStorageStore } from '@/outbox/db';
import type { Intent } from '@/outbox/money-path';
import { createReadModel } from '@/outbox/read-model';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { useSettingsActions } from '@/lib/settings/store';
import { outboxHarness } from '@/outbox/test/harness';
import { RecordsPanel } from './RecordsPanel';

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'training', scope: 'records' } as Terminal;
/** A backup is opened with its passphrase's key (PBKDF2, slow on purpose): longer than a screen's usual second on a busy machine. */
const opening = { timeout: 5_000 };

function renderPanel(perform: (intent: Intent) => Promise<unknown>) {
  const db = openOutboxDb(`records-${crypto.randomUUID()}`);
  renderWithOutbox(<RecordsPanel />, { terminal, perform, reads: createReadModel(() => db, 'records') });
}

describe("the manager's records panel", () => {
  afterEach(cleanup);

  it("gives the storage's figures in the terminal's number format", () => {
    useStorageStore.setState({ usage: 524_288, quota: 10_737_418_240 });
    renderPanel(vi.fn());
    expect(screen.getByText('Storage used: 0.5 MB of 10,240.0 MB (0%).')).toBeTruthy();
  });

  it("says when the backup's operations count in today's report, though they settled before the last Z here", async () => {
    const perform = vi.fn(async () => ({ added: 2, skipped: 0, zLeftOut: 0, countedToday: 2 }));
    renderPanel(perform);
    const file = JSON.stringify(await makeBackup([], 'correct horse'));
    fireEvent.change(screen.getByLabelText('Backup passphrase'), { target: { value: 'correct horse' } });
    fireEvent.change(screen.getByLabelText('Backup file to import'), {
      target: { files: [new File([file], 'backup.json', { type: 'application/json' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import backup' }));
    expect(
      await screen.findByText(
        /2 of the backup's operations settled before this terminal's last closed day/,
        {},
        opening,
      ),
    ).toBeTruthy();
    expect(perform).toHaveBeenCalledWith(expect.objectContaining({ type: 'restore' }));
  });

  it('takes a backup’s records of this server typed with a slash more as this server’s, and names those of a server not set up here', async () => {
    const { result } = renderHook(() => useSettingsActions());
    result.current.serverSettingsSaved({
      baseUrl: 'https://loyalty.example',
      token: 't',
      loyaltyGroup: 'demo',
      merchantId: 'M1',
      currency: 'EUR',
      timeoutSeconds: 10,
      series: [],
    });
    // The old tablet: two issues waiting, one for this server (its address typed with a slash at the end), one for another.
    const old = outboxHarness();
    const issue = (number: string) =>
      old.perform({ type: 'operation', request: { type: 'giftCard.issue', number, amount: 1000 }, reason: 'sold' });
    const mine = await issue('700100001001');
    const theirs = await issue('700100001002');
    const spelled = {
      [mine.id]: 'live|https://loyalty.example/|demo|M1',
      [theirs.id]: 'live|https://other.example|demo|M1',
    };
    const records = (await old.reads.everything()).map((r) => ({ ...r, scope: spelled[r.id]! }));
    old.sender.stop();

    const perform = vi.fn(async (_intent: Intent) => ({ added: 2, skipped: 0, zLeftOut: 0, countedToday: 0 }));
    renderPanel(perform);
    const file = JSON.stringify(await makeBackup(records, 'correct horse'));
    fireEvent.change(screen.getByLabelText('Backup passphrase'), { target: { value: 'correct horse' } });
    fireEvent.change(screen.getByLabelText('Backup file to import'), {
      target: { files: [new File([file], 'backup.json', { type: 'application/json' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import backup' }));
    expect(
      await screen.findByText(/One of them is for a server this terminal is not set up for/, {}, opening),
    ).toBeTruthy();
    const restored = perform.mock.calls[0]![0] as Extract<Intent, { type: 'restore' }>;
    expect(Object.fromEntries(restored.records.map((r) => [r.id, r.scope]))).toEqual({
      [mine.id]: 'live|https://loyalty.example|demo|M1',
      [theirs.id]: 'live|https://other.example|demo|M1',
    });
  });

  it('refuses a short passphrase, and an import with no file, in words beside the field, sending nothing', async () => {
    const perform = vi.fn();
    renderPanel(perform);
    const passphrase = screen.getByLabelText('Backup passphrase');
    fireEvent.change(passphrase, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export backup' }));
    expect((await screen.findByText('Choose a passphrase of at least 8 characters.')).id).toBe(
      'records-passphrase-error',
    );
    expect(passphrase.getAttribute('aria-invalid')).toBe('true');
    expect(passphrase.getAttribute('aria-describedby')).toContain('records-passphrase-error');

    fireEvent.change(passphrase, { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import backup' }));
    expect((await screen.findByText('Choose the backup file first.')).id).toBe('records-file-error');
    expect(screen.getByLabelText('Backup file to import').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Choose a passphrase of at least 8 characters.')).toBeNull();
    expect(perform).not.toHaveBeenCalled();
  });

  it('imports a file whose figures its seal does not cover only when the manager says so', async () => {
    const perform = vi.fn(async () => ({ added: 0, skipped: 0, zLeftOut: 0, countedToday: 0 }));
    renderPanel(perform);
    const unsealed = JSON.stringify({ ...(await makeBackup([], 'correct horse')), waiting: null });
    fireEvent.change(screen.getByLabelText('Backup passphrase'), { target: { value: 'correct horse' } });
    fireEvent.change(screen.getByLabelText('Backup file to import'), {
      target: { files: [new File([unsealed], 'backup.json', { type: 'application/json' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import backup' }));
    const warned =
      /a figure in it could have been changed, or an operation still waiting left out\. Nothing was imported\./;
    expect(await screen.findByText(warned, {}, opening)).toBeTruthy();
    expect(perform).not.toHaveBeenCalled();
    // Another passphrase typed since: the warning's file is not imported on its word.
    fireEvent.change(screen.getByLabelText('Backup passphrase'), { target: { value: 'correct horse!' } });
    expect(screen.queryByRole('button', { name: 'Import it anyway' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Backup passphrase'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import backup' }));
    expect(await screen.findByText(warned, {}, opening)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import it anyway' }));
    expect(await screen.findByText(/Imported/, {}, opening)).toBeTruthy();
    expect(perform).toHaveBeenCalledWith(expect.objectContaining({ type: 'restore' }));
  });
});
