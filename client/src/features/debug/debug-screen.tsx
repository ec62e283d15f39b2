import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen';
import { useDb } from '../../db/session';
import { useSyncState } from '../../db/sync-state';
import { request } from '../../lib/api';
import { buildInfo, reportText, syncInfo, tableCounts, workerInfo, type DebugReport } from './report';

/**
 * `/debug` (public, SPEC section 2): what support needs to know about this app on this device: version and build,
 * the service worker, and when signed in the local database's counts and the sync state; "Copy" puts it all on
 * the clipboard as text.
 */
export function DebugScreen() {
  const { t } = useLingui();
  const db = useDb();
  const sync = useSyncState();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const [server, setServer] = useState<string | null>(null);
  const [local, setLocal] = useState<Omit<DebugReport, 'build'> | null>(null);

  // The server's version: asked once, and again when the network returns.
  useEffect(() => {
    const ask = () =>
      void request<{ version: string }>('/api/health', { auth: false, retries: 0, timeoutMs: 5000 }).then(
        (h) => setServer(h.version),
        () => setServer(null),
      );
    ask();
    window.addEventListener('online', ask);
    return () => window.removeEventListener('online', ask);
  }, []);

  // This device: read again when the sync state changes (a sync wrote rows) or the network comes and goes.
  const gather = useCallback(async () => {
    const online = navigator.onLine !== false;
    const [worker, counts, syncState] = await Promise.all([
      workerInfo(),
      db ? tableCounts(db).catch(() => null) : null,
      db ? syncInfo(db, sync, online).catch(() => null) : null,
    ]);
    setLocal({ worker, counts, sync: syncState });
  }, [db, sync]);

  useEffect(() => {
    void gather();
    window.addEventListener('online', gather);
    window.addEventListener('offline', gather);
    return () => {
      window.removeEventListener('online', gather);
      window.removeEventListener('offline', gather);
    };
  }, [gather]);
  const report: DebugReport | null = local && { build: buildInfo(server), ...local };

  const copy = () => {
    if (!report) return;
    void (navigator.clipboard?.writeText(reportText(report)) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };

  const yes = t`yes`;
  const no = t`no`;
  const statuses: Record<string, string> = {
    idle: t`not started`,
    syncing: t`syncing`,
    synced: t`up to date`,
    waiting: t`waiting for the server`,
    offline: t`offline`,
    signin: t`sign-in needed`,
    error: t`error`,
  };
  const tableLabels: Record<string, string> = {
    tasks: t`Tasks`,
    habits: t`Habits`,
    habitDays: t`Habit days`,
    notes: t`Notes`,
    folders: t`Folders`,
    events: t`Events`,
    tags: t`Tags`,
    tagRefs: t`Tag links`,
    inbox: t`Inbox`,
    _outbox: t`Changes waiting to send`,
    _attention: t`Needs attention`,
  };

  return (
    <section aria-labelledby="debug-title" className="mx-auto flex max-w-3xl flex-col gap-4">
      <ScreenHeader titleId="debug-title" title={<Trans>Debug information</Trans>} subtitle={<Trans>For support: copy this and send it with your question.</Trans>}>
        <Button variant="primary" onClick={copy} disabled={!report}>
          <Trans>Copy</Trans>
        </Button>
      </ScreenHeader>
      <p role="status" className="min-h-5 text-sm text-muted">
        {copied === 'yes' && <Trans>Copied to the clipboard.</Trans>}
        {copied === 'failed' && <Trans>Copying is not possible here: select the text and copy it by hand.</Trans>}
      </p>
      {report && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Group title={<Trans>App</Trans>}>
            <Row label={<Trans>Version</Trans>}>{report.build.version}</Row>
            <Row label={<Trans>Build</Trans>}>{report.build.build}</Row>
            <Row label={<Trans>Server</Trans>}>{report.build.server ?? <Trans>not reachable</Trans>}</Row>
            <Row label={<Trans>Online</Trans>}>{navigator.onLine !== false ? yes : no}</Row>
          </Group>
          <Group title={<Trans>Service worker</Trans>}>
            <Row label={<Trans>Registered</Trans>}>{report.worker.supported ? (report.worker.registered ? yes : no) : <Trans>not supported</Trans>}</Row>
            <Row label={<Trans>Active</Trans>}>{report.worker.active === 'activated' ? yes : no}</Row>
            <Row label={<Trans>Update waiting</Trans>}>{report.worker.waiting ? yes : no}</Row>
            <Row label={<Trans>Controls this page</Trans>}>{report.worker.controlled ? yes : no}</Row>
          </Group>
          {report.sync ? (
            <Group title={<Trans>Sync</Trans>}>
              <Row label={<Trans>State</Trans>}>{statuses[report.sync.status] ?? report.sync.status}</Row>
              <Row label={<Trans>Last sync</Trans>}>{report.sync.lastSyncedAt ? new Date(report.sync.lastSyncedAt).toLocaleString() : <Trans>not yet on this page</Trans>}</Row>
              <Row label={<Trans>Unsynced changes</Trans>}>{report.sync.pending}</Row>
              <Row label={<Trans>Pull position</Trans>}>{report.sync.cursor ?? '—'}</Row>
            </Group>
          ) : (
            <section className="rounded-xl border border-line bg-surface p-4">
              <h2 className="mb-2 font-semibold">
                <Trans>Sync</Trans>
              </h2>
              <p className="text-sm text-muted">
                <Trans>Sign in to see the sync state and this device's saved data.</Trans>
              </p>
            </section>
          )}
          {report.counts && (
            <Group title={<Trans>Saved on this device</Trans>}>
              {Object.entries(report.counts).map(([name, count]) => (
                <Row key={name} label={tableLabels[name] ?? name}>
                  <span data-table={name}>{count}</span>
                </Row>
              ))}
            </Group>
          )}
        </div>
      )}
    </section>
  );
}

function Group({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-line bg-surface p-4">
      <h2 className="mb-2 font-semibold">{title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="break-all">{children}</dd>
    </>
  );
}
