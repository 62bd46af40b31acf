// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Terminal } from '@/lib/terminal-context';
import { makeBackup } from '@/outbox/backup';
import { openOutboxDb, useStorageStore } from '@/outbox/db';
import type { Intent } from '@/outbox/money-path';
import { createReadModel } from '@/outbox/read-model';
import { renderWithOutbox } from '@/test-support/render-with-outbox';
import { RecordsPanel } from './RecordsPanel';

const terminal = { currency: 'EUR', locale: 'en-IE', mode: 'training', scope: 'records' } as Terminal;

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
      await screen.findByText(/2 of the backup's operations settled before this terminal's last closed day/),
    ).toBeTruthy();
    expect(perform).toHaveBeenCalledWith(expect.objectContaining({ type: 'restore' }));
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
    expect(await screen.findByText(warned)).toBeTruthy();
    expect(perform).not.toHaveBeenCalled();
    // Another passphrase typed since: the warning's file is not imported on its word.
    fireEvent.change(screen.getByLabelText('Backup passphrase'), { target: { value: 'correct horse!' } });
    expect(screen.queryByRole('button', { name: 'Import it anyway' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Backup passphrase'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import backup' }));
    expect(await screen.findByText(warned)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import it anyway' }));
    expect(await screen.findByText(/Imported/)).toBeTruthy();
    expect(perform).toHaveBeenCalledWith(expect.objectContaining({ type: 'restore' }));
  });
});
