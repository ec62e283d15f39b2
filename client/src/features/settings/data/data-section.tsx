import { Trans, useLingui } from '@lingui/react/macro';
import { mdiDownload, mdiFolderZipOutline, mdiUpload } from '@mdi/js';
import { useRef, useState, type ReactNode } from 'react';
import { checkExportText } from '@adhd/shared/backup/check';
import { IMPORT_MAX_BYTES } from '@adhd/shared/backup/format';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useDb } from '../../../db/session';
import { engine } from '../../../db/sync';
import { ApiError } from '../../../lib/api';
import { SettingRow, SettingsSection } from '../controls';
import { buildExportFile, saveFile } from './export-data';
import { problemText } from './messages';
import { uploadImport, type ImportResult } from './upload';

type Job = 'json' | 'zip' | 'import';
type Outcome =
  | { kind: 'problem'; path: string; text: ReactNode }
  | { kind: 'offline' }
  | { kind: 'failed'; text: string }
  | { kind: 'imported'; result: ImportResult }
  | { kind: 'exported' };

/** A file's text (FileReader: `Blob.text()` is missing in older browsers). */
const readText = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** A progress bar with its percentage, for the running job. */
function JobProgress({ done, label }: { done: number; label: ReactNode }) {
  const percent = Math.round(done * 100);
  return (
    <div className="px-4 py-3" aria-live="polite">
      <p className="mb-1 text-sm text-muted">
        {label} {percent}%
      </p>
      <progress className="h-2 w-full accent-primary" max={100} value={percent} aria-label={`${percent}%`} />
    </div>
  );
}

/**
 * Settings → Your data (docs/export-format.md): export everything as JSON and the notes as a Markdown zip, both
 * from this device's database (instant, offline), and import an export file (checked here first, then sent to
 * the server, then synced back).
 */
export function DataSection() {
  const { t, i18n } = useLingui();
  const db = useDb();
  const fileInput = useRef<HTMLInputElement>(null);
  const [job, setJob] = useState<{ kind: Job; done: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async (kind: Job, work: (progress: (done: number) => void) => Promise<void>) => {
    setOutcome(null);
    setJob({ kind, done: 0 });
    try {
      await work((done) => setJob({ kind, done }));
    } finally {
      setJob(null);
    }
  };

  const exportJson = () =>
    run('json', async (progress) => {
      if (!db) return;
      const file = await buildExportFile(db, (done, total) => progress(total ? done / total : 1));
      saveFile(file.blob, file.name);
      setOutcome({ kind: 'exported' });
    });

  const exportZip = () =>
    run('zip', async () => {
      if (!db) return;
      const { buildNotesZip } = await import('./notes-zip');
      const file = await buildNotesZip(db);
      saveFile(file.blob, file.name);
      setOutcome({ kind: 'exported' });
    });

  const importFile = (file: File) =>
    run('import', async (progress) => {
      if (file.size > IMPORT_MAX_BYTES) {
        setOutcome({ kind: 'failed', text: t`The file is larger than 50 MB, the most an import takes.` });
        return;
      }
      const text = await readText(file);
      const checked = checkExportText(text);
      if (!checked.ok) {
        setOutcome({ kind: 'problem', path: checked.problem.path, text: i18n._(problemText(checked.problem)) });
        return;
      }
      if (!navigator.onLine) {
        setOutcome({ kind: 'offline' });
        return;
      }
      try {
        const result = await uploadImport(text, (sent, total) => progress(total ? sent / total : 0));
        setOutcome({ kind: 'imported', result });
        void engine.syncNow().catch(() => null);
      } catch (err) {
        if (err instanceof ApiError && err.isNetwork) setOutcome({ kind: 'offline' });
        else if (err instanceof ApiError && err.status === 400 && err.details[0]) {
          const first = err.details[0];
          setOutcome({ kind: 'problem', path: first.field, text: i18n._(problemText(first)) });
        } else if (err instanceof ApiError && err.status === 413) setOutcome({ kind: 'failed', text: err.code === 'QUOTA_EXCEEDED' ? err.message : t`The file is larger than 50 MB, the most an import takes.` });
        else if (err instanceof ApiError && err.status === 429) setOutcome({ kind: 'failed', text: t`Too many changes at once. Nothing was changed; please try again in a few minutes.` });
        else setOutcome({ kind: 'failed', text: t`The import failed. Nothing was changed. Please try again later.` });
      }
    });

  const busy = job !== null;
  return (
    <SettingsSection title={<Trans>Your data</Trans>} anchor="settings-data">
      <SettingRow label={<Trans>Export data (JSON)</Trans>} description={<Trans>Everything on this device as one file you can import again. Works offline.</Trans>}>
        <Button icon={mdiDownload} onClick={() => void exportJson()} busy={job?.kind === 'json'} disabled={busy || !db}>
          <Trans>Export</Trans>
        </Button>
      </SettingRow>
      <SettingRow label={<Trans>Export notes (Markdown zip)</Trans>} description={<Trans>Your notes as Markdown files, folders as folders.</Trans>}>
        <Button icon={mdiFolderZipOutline} onClick={() => void exportZip()} busy={job?.kind === 'zip'} disabled={busy || !db}>
          <Trans>Export notes</Trans>
        </Button>
      </SettingRow>
      <SettingRow label={<Trans>Import data</Trans>} description={<Trans>Adds the items of an export file to your account. Items you already have are updated, never duplicated.</Trans>}>
        <Button icon={mdiUpload} onClick={() => fileInput.current?.click()} busy={job?.kind === 'import'} disabled={busy}>
          <Trans>Import…</Trans>
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label={t`Export file to import`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </SettingRow>
      {job && job.kind !== 'zip' && <JobProgress done={job.done} label={job.kind === 'import' ? <Trans>Importing…</Trans> : <Trans>Preparing the file…</Trans>} />}
      {outcome && <div className="px-4 py-3">{outcomeAlert(outcome)}</div>}
    </SettingsSection>
  );
}

function outcomeAlert(outcome: Outcome): ReactNode {
  switch (outcome.kind) {
    case 'problem':
      return (
        <FormAlert title={<Trans>This file cannot be imported. Nothing was changed.</Trans>}>
          <p>{outcome.text}</p>
          {outcome.path && (
            <p>
              <code className="rounded bg-surface-2 px-1 text-xs break-all">{outcome.path}</code>
            </p>
          )}
        </FormAlert>
      );
    case 'offline':
      return (
        <FormAlert tone="info">
          <Trans>Import needs a connection to the server. Nothing was changed; try again when you are online.</Trans>
        </FormAlert>
      );
    case 'failed':
      return <FormAlert>{outcome.text}</FormAlert>;
    case 'exported':
      return (
        <FormAlert tone="success">
          <Trans>The file is ready in your downloads.</Trans>
        </FormAlert>
      );
    case 'imported': {
      const { imported, updated, unchanged } = outcome.result;
      const added = sum(imported);
      const changed = sum(updated);
      const same = sum(unchanged);
      return (
        <FormAlert tone="success" title={<Trans>Import finished</Trans>}>
          <p>
            <Trans>
              Added: {added} · Updated: {changed} · Already up to date: {same}
            </Trans>
          </p>
        </FormAlert>
      );
    }
  }
}
