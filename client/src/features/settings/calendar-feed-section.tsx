import { Trans, useLingui } from '@lingui/react/macro';
import { mdiCalendarExport, mdiCalendarImport, mdiContentCopy, mdiLinkVariant, mdiLinkVariantOff } from '@mdi/js';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { fieldBox } from '../../components/ui/cn';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { engine } from '../../db/sync';
import { ApiError } from '../../lib/api';
import { createFeed, downloadIcs, getFeed, ICS_MAX_BYTES, importIcs, revokeFeed, type FeedState, type IcsImportResult } from './calendar-feed-api';
import { SettingRow, SettingsSection } from './controls';
import { useOnline } from '../../lib/use-online';
import { saveFile } from './data/export-data';

type Job = 'feed' | 'download' | 'import';
type Outcome = { kind: 'imported'; result: IcsImportResult } | { kind: 'downloaded' } | { kind: 'error'; text: string };

/**
 * Settings → Calendar feed (docs/calendar-files.md): a private link other calendar apps subscribe to (made,
 * copied, rotated and revoked here; the server keeps only its hash, so the link is shown once), the events as an
 * .ics download, and an .ics import. Everything here talks to the server: offline it says so.
 */
export function CalendarFeedSection() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const urlId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [feed, setFeed] = useState<FeedState | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);

  useEffect(() => {
    if (!online) return;
    let live = true;
    getFeed().then(
      (state) => live && setFeed(state),
      () => undefined, // the buttons still work; the state shows once the server answers
    );
    return () => {
      live = false;
    };
  }, [online]);

  const failure = (err: unknown): string => {
    if (err instanceof ApiError && err.isNetwork) return t`This needs a connection to the server. Nothing was changed; try again when you are online.`;
    if (err instanceof ApiError && err.status === 400) return t`This file is not a calendar (.ics) file that can be read. Nothing was imported.`;
    if (err instanceof ApiError && err.status === 413) return err.code === 'QUOTA_EXCEEDED' ? err.message : t`The file is larger than 5 MB, the most an import takes.`;
    if (err instanceof ApiError && err.status === 429) return t`Too many requests. Please try again in a few minutes.`;
    return t`Something went wrong. Nothing was changed; please try again later.`;
  };

  const run = async (kind: Job, work: () => Promise<void>) => {
    setOutcome(null);
    setJob(kind);
    try {
      await work();
    } catch (err) {
      setOutcome({ kind: 'error', text: failure(err) });
    } finally {
      setJob(null);
    }
  };

  const makeLink = () =>
    run('feed', async () => {
      const made = await createFeed();
      setUrl(made.url);
      setCopied(false);
      setFeed({ active: true, createdAt: new Date().toISOString() });
    });

  const revoke = async () => {
    await revokeFeed();
    setUrl(null);
    setFeed({ active: false, createdAt: null });
  };

  const download = () =>
    run('download', async () => {
      saveFile(await downloadIcs(), 'calendar.ics');
      setOutcome({ kind: 'downloaded' });
    });

  const importFile = (file: File) =>
    run('import', async () => {
      if (file.size > ICS_MAX_BYTES) {
        setOutcome({ kind: 'error', text: t`The file is larger than 5 MB, the most an import takes.` });
        return;
      }
      const result = await importIcs(file);
      setOutcome({ kind: 'imported', result });
      void engine.syncNow().catch(() => null);
    });

  const copy = () => {
    if (!url) return;
    void navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => undefined,
    );
  };

  const busy = job !== null;
  const createdOn = feed?.createdAt ? i18n.date(new Date(feed.createdAt), { dateStyle: 'medium' }) : '';
  return (
    <SettingsSection title={<Trans>Calendar feed</Trans>}>
      {!online && (
        <div className="px-4 py-3">
          <FormAlert tone="info">
            <Trans>Calendar files and the feed need a connection to the server. You are offline.</Trans>
          </FormAlert>
        </div>
      )}
      <div className="space-y-3 px-4 py-3">
        <div>
          <p className="font-medium text-ink">
            <Trans>Feed link</Trans>
          </p>
          <p className="text-sm text-muted">
            <Trans>Subscribe to this private link from Google Calendar, Apple Calendar or Outlook to see your events there; anyone with the link can see them.</Trans>
          </p>
        </div>
        {url ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={urlId} className="sr-only">
              <Trans>Feed link</Trans>
            </label>
            <input id={urlId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className={`${fieldBox} min-w-0 flex-1 font-mono text-sm`} />
            <Button icon={mdiContentCopy} onClick={copy}>
              {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
            </Button>
          </div>
        ) : (
          feed?.active && (
            <p className="text-sm text-ink">
              <Trans>A feed link made on {createdOn} is active. It is shown only once: make a new link to see it again (the old one stops working).</Trans>
            </p>
          )
        )}
        {url && (
          <p className="text-sm text-muted">
            <Trans>Copy the link now: it is shown only once.</Trans>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button icon={mdiLinkVariant} variant={feed?.active ? 'secondary' : 'primary'} onClick={() => void makeLink()} busy={job === 'feed'} disabled={busy || !online}>
            {feed?.active ? <Trans>Make a new link</Trans> : <Trans>Create feed link</Trans>}
          </Button>
          {feed?.active && (
            <Button icon={mdiLinkVariantOff} variant="danger" onClick={() => setConfirmRevoke(true)} disabled={busy || !online}>
              <Trans>Revoke</Trans>
            </Button>
          )}
        </div>
      </div>
      <SettingRow label={<Trans>Download .ics</Trans>} description={<Trans>All your events as one calendar file.</Trans>}>
        <Button icon={mdiCalendarExport} onClick={() => void download()} busy={job === 'download'} disabled={busy || !online}>
          <Trans>Download .ics</Trans>
        </Button>
      </SettingRow>
      <SettingRow label={<Trans>Import .ics</Trans>} description={<Trans>Adds the events of a calendar file. Importing the same file again changes nothing.</Trans>}>
        <Button icon={mdiCalendarImport} onClick={() => fileInput.current?.click()} busy={job === 'import'} disabled={busy || !online}>
          <Trans>Import .ics…</Trans>
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".ics,text/calendar"
          className="sr-only"
          tabIndex={-1}
          aria-label={t`Calendar file to import`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </SettingRow>
      {outcome && (
        <div className="px-4 py-3">
          {outcome.kind === 'error' && <FormAlert>{outcome.text}</FormAlert>}
          {outcome.kind === 'downloaded' && (
            <FormAlert tone="success">
              <Trans>The file is ready in your downloads.</Trans>
            </FormAlert>
          )}
          {outcome.kind === 'imported' && <ImportedAlert result={outcome.result} />}
        </div>
      )}
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={setConfirmRevoke}
        title={<Trans>Revoke the feed link?</Trans>}
        message={<Trans>Calendar apps subscribed to it stop getting your events.</Trans>}
        confirmLabel={<Trans>Revoke</Trans>}
        danger
        onConfirm={revoke}
        errorText={<Trans>The link could not be revoked. Please try again.</Trans>}
      />
    </SettingsSection>
  );
}

function ImportedAlert({ result: { imported, updated, skipped } }: { result: IcsImportResult }) {
  return (
    <FormAlert tone="success">
      <Trans>
        New events: {imported}, updated: {updated}, skipped (unchanged or not supported): {skipped}.
      </Trans>
    </FormAlert>
  );
}
