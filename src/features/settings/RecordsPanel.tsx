import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm, type Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { FieldMessage } from '@/components/FieldMessage';
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

/** The file field's value: what the browser chose (a FileList), none at first. */
const aFile = v.custom<ArrayLike<File>>(
  (x) => typeof x === 'object' && x !== null && 'length' in x && (x as ArrayLike<unknown>)[0] instanceof File,
  'chooseFile',
);
/** Export: a passphrase long enough to seal the file. Import: the file, and the passphrase it was sealed with. */
const schemas = {
  export: v.object({ passphrase: v.pipe(v.string(), v.minLength(MIN_PASSPHRASE, 'passphraseShort')), file: v.any() }),
  import: v.object({ passphrase: v.pipe(v.string(), v.minLength(1, 'required')), file: aFile }),
};
type Action = keyof typeof schemas;
type Values = { passphrase: string; file: ArrayLike<File> | undefined };

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
  // One form, two buttons: each checks the fields its action needs, each refusal beside its field.
  const action = useRef<Action>('export');
  const form = useForm<Values>({
    resolver: ((values, context, options) =>
      valibotResolver(schemas[action.current])(values, context, options)) as Resolver<Values>,
    defaultValues: { passphrase: '', file: undefined },
  });
  const { errors } = form.formState;
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

  const submit = (chosen: Action, work: (values: Values) => Promise<void>) => {
    action.current = chosen;
    setNotice(null);
    void form.handleSubmit(work)();
  };

  const exportBackup = ({ passphrase }: Values) =>
    run(async () => {
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

  const importBackup = ({ passphrase, file }: Values) =>
    run(async () => {
      const chosen = file?.[0];
      if (!chosen) return null; // the schema asks for it first
      const opened = await openBackup(await chosen.text(), passphrase);
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
          aria-invalid={errors.passphrase ? true : undefined}
          aria-describedby={
            errors.passphrase ? 'records-passphrase-hint records-passphrase-error' : 'records-passphrase-hint'
          }
          {...form.register('passphrase', { onChange: () => setUnchecked(null) })}
        />
        <p id="records-passphrase-hint" className="hint">
          {t('records.passphraseHint', { min: MIN_PASSPHRASE })}
        </p>
        <FieldMessage id="records-passphrase-error" error={errors.passphrase} vars={{ min: MIN_PASSPHRASE }} />
      </div>
      <div className="actions">
        <button
          type="button"
          className="button button-large"
          disabled={busy}
          onClick={() => submit('export', exportBackup)}
        >
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
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? 'records-file-error' : undefined}
          {...form.register('file', {
            onChange: () => {
              setUnchecked(null);
              setNotice(null);
            },
          })}
        />
        <FieldMessage id="records-file-error" error={errors.file} />
      </div>
      <div className="actions">
        <button
          ref={importButton}
          type="button"
          className="button button-large"
          disabled={busy}
          onClick={() => submit('import', importBackup)}
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
