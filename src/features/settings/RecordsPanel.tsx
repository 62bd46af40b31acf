import { FormNotice, type Notice } from '@/components/FormNotice';
import { downloadFile } from '@/lib/download';
import { useRef, useState } from 'react';
import type { RecordsKeeping } from '@/lib/browser-features';
import { useT, type MessageKey } from '@/lib/i18n';
import { useTerminal } from '@/lib/terminal-context';
import { scopeOf } from '@/lib/settings/scope';
import { asSpelledHere } from '@/lib/settings/server-spelling';
import { useServerSettings } from '@/lib/settings/store';
import { makeBackup, openBackup, type OpenedBackup } from '@/outbox/backup';
import { useOutbox } from '@/outbox/projection';
import { evictionAcknowledged, KEEP_DAYS, useRecordsKeeping, useStorageReport } from '@/outbox/db';

const MIN_PASSPHRASE = 8;

type OpenedFile = Extract<OpenedBackup, { ok: true }>;

/** Whether the browser keeps the records, in words (the rule: lib/browser-features.ts, recordsKeeping). */
const KEEPING_TEXT = {
  kept: 'records.persisted',
  installed: 'records.installed',
  addToHomeScreen: 'records.addToHomeScreen',
  notKept: 'records.notPersisted',
  checking: 'records.notPersisted',
} as const satisfies Record<RecordsKeeping, MessageKey>;
/** Megabytes in the terminal's language (10,240.0 MB; 10.240,0 MB). */
const mb = (bytes: number, locale: string) =>
  (bytes / 1_048_576).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Where the records live, whether the browser keeps them, and a backup to take home or bring back. */
export function RecordsPanel() {
  const t = useT();
  const storage = useStorageReport();
  const { locale } = useTerminal();
  const { reads, perform } = useOutbox();
  const server = useServerSettings();
  const [passphrase, setPassphrase] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  /** The chosen file, opened, whose seal does not cover its figures: imported only if the manager says so. */
  const [unchecked, setUnchecked] = useState<OpenedFile | null>(null);
  const importButton = useRef<HTMLButtonElement>(null);

  const run = async (work: () => Promise<Notice>) => {
    if (busy) return;
    setBusy(true);
    setUnchecked(null);
    try {
      setNotice(await work());
    } catch {
      setNotice({ ok: false, text: t('records.failed') });
    } finally {
      setBusy(false);
    }
  };

  const exportBackup = () =>
    run(async () => {
      if (passphrase.length < MIN_PASSPHRASE)
        return { ok: false, text: t('records.passphraseShort', { min: MIN_PASSPHRASE }) };
      const records = await reads.everything();
      const backup = await makeBackup(records, passphrase, new Date(), await reads.allZReports());
      downloadFile(
        `loyalty-terminal-backup-${backup.exportedAt.slice(0, 10)}.json`,
        JSON.stringify(backup),
        'application/json',
      );
      const waiting = records.filter((r) => r.status === 'pending' || r.status === 'unknown').length;
      return { ok: true, text: t('records.exported', { count: records.length, waiting }) };
    });

  const restore = async (opened: OpenedFile): Promise<Notice> => {
    // The server as this terminal spells its address: a backup from a tablet where it was typed with
    // a slash more is that server's (its waiting records sent, its days continued), not another's.
    const here = <T extends { scope: string }>(kept: T): T => ({ ...kept, scope: asSpelledHere(kept.scope, server) });
    const waiting = opened.waiting.map(here);
    const { added, zLeftOut, countedToday } = await perform({
      type: 'restore',
      records: [...opened.journal.map(here), ...waiting],
      zReports: opened.zReports?.map(here),
    });
    evictionAcknowledged();
    const imported = t('records.imported', { count: added, waiting: waiting.length });
    const live = server ? scopeOf('live', server) : null;
    const elsewhere = waiting.filter((r) => r.scope !== live && r.scope !== 'training').length;
    const told = [
      imported,
      elsewhere > 0 ? t('records.waitingElsewhere', { count: elsewhere }) : '',
      zLeftOut > 0 ? t('records.zLeftOut', { count: zLeftOut }) : '',
      countedToday > 0 ? t('records.countedToday', { count: countedToday }) : '',
    ];
    return { ok: true, text: told.filter(Boolean).join(' ') };
  };

  const importBackup = () =>
    run(async () => {
      if (!file) return { ok: false, text: t('records.chooseFile') };
      const opened = await openBackup(await file.text(), passphrase);
      if (!opened.ok) return { ok: false, text: t(`records.problem.${opened.problem}`) };
      if (!opened.clearChecked) {
        setUnchecked(opened);
        return { ok: false, text: t('records.unchecked') };
      }
      return restore(opened);
    });

  /** The manager read why the file that was opened is not vouched for, and imports that file as it was read. */
  const importAnyway = (opened: OpenedFile) =>
    void run(() => restore(opened)).then(() => importButton.current?.focus());

  const keeping = useRecordsKeeping();
  const safe = keeping === 'kept' || keeping === 'installed';
  const percent = storage.usage !== null && storage.quota ? Math.round((storage.usage / storage.quota) * 100) : null;
  return (
    <section className="settings-form" aria-labelledby="records-heading">
      <h3 id="records-heading">{t('records.title')}</h3>
      <p className={`notice ${safe ? 'notice-ok' : 'notice-warn'}`}>
        <span aria-hidden="true">{safe ? '✓ ' : '▲ '}</span>
        {t(KEEPING_TEXT[keeping])}
      </p>
      {percent !== null && (
        <p>
          {t('records.usage', {
            used: mb(storage.usage ?? 0, locale),
            quota: mb(storage.quota ?? 0, locale),
            percent,
          })}
        </p>
      )}
      <p className="hint">{t('records.pruning', { days: KEEP_DAYS })}</p>

      <div className="field">
        <label htmlFor="records-passphrase" className="field-label">
          {t('records.passphrase')}
        </label>
        <input
          id="records-passphrase"
          className="input"
          type="password"
          autoComplete="new-password"
          value={passphrase}
          onChange={(e) => (setPassphrase(e.target.value), setUnchecked(null))}
          aria-describedby="records-passphrase-hint"
        />
        <p id="records-passphrase-hint" className="hint">
          {t('records.passphraseHint', { min: MIN_PASSPHRASE })}
        </p>
      </div>
      <div className="actions">
        <button type="button" className="button button-large" disabled={busy} onClick={() => void exportBackup()}>
          {t('records.export')}
        </button>
      </div>
      <div className="field">
        <label htmlFor="records-file" className="field-label">
          {t('records.file')}
        </label>
        <input
          id="records-file"
          className="input"
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setUnchecked(null);
            setNotice(null);
          }}
        />
      </div>
      <div className="actions">
        <button
          ref={importButton}
          type="button"
          className="button button-large"
          disabled={busy}
          onClick={() => void importBackup()}
        >
          {t('records.import')}
        </button>
      </div>
      <FormNotice notice={notice} id="records-notice" />
      {unchecked && (
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            aria-describedby="records-notice"
            autoFocus
            onClick={() => importAnyway(unchecked)}
          >
            {t('records.importAnyway')}
          </button>
        </div>
      )}
    </section>
  );
}
