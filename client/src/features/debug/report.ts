import { TABLE_OF, type AppDatabase } from '../../db/database';
import type { SyncState } from '../../db/sync-state';

/**
 * What /debug gathers for support (issue 18): the build, the service worker, the local database's counts and the
 * sync state, and the same as plain text for the "Copy" button. Nothing here is secret: no tokens, no content.
 */
export interface BuildInfo {
  version: string;
  build: string;
  /** The server's version from `/api/health`, or null when it could not be asked (offline). */
  server: string | null;
}

export interface WorkerInfo {
  supported: boolean;
  registered: boolean;
  scope: string | null;
  active: string | null;
  waiting: boolean;
  installing: boolean;
  /** The page is controlled by a service worker (it can start offline). */
  controlled: boolean;
}

export interface SyncInfo {
  status: SyncState['status'];
  lastSyncedAt: string | null;
  pending: number;
  outbox: number;
  attention: number;
  cursor: number | null;
  online: boolean;
}

export interface DebugReport {
  build: BuildInfo;
  worker: WorkerInfo;
  /** Rows per local table (tombstones included), or null when nobody is signed in. */
  counts: Record<string, number> | null;
  sync: SyncInfo | null;
}

export function buildInfo(server: string | null): BuildInfo {
  const build = typeof __APP_BUILD__ === 'undefined' ? undefined : __APP_BUILD__;
  return { version: build?.version ?? 'dev', build: build?.id ?? 'dev', server };
}

export async function workerInfo(nav: Navigator = navigator): Promise<WorkerInfo> {
  const none: WorkerInfo = { supported: false, registered: false, scope: null, active: null, waiting: false, installing: false, controlled: false };
  if (!('serviceWorker' in nav)) return none;
  const registration = await nav.serviceWorker.getRegistration().catch(() => undefined);
  return {
    supported: true,
    registered: !!registration,
    scope: registration?.scope ?? null,
    active: registration?.active?.state ?? null,
    waiting: !!registration?.waiting,
    installing: !!registration?.installing,
    controlled: !!nav.serviceWorker.controller,
  };
}

/** Rows of every entity table and of the outbox and the "needs attention" list. */
export async function tableCounts(db: AppDatabase): Promise<Record<string, number>> {
  const names = [...Object.values(TABLE_OF), '_outbox', '_attention'];
  const counts = await Promise.all(names.map((name) => db.table(name).count()));
  return Object.fromEntries(names.map((name, i) => [name, counts[i]!]));
}

export async function syncInfo(db: AppDatabase, state: SyncState, online: boolean): Promise<SyncInfo> {
  const [outbox, attention, cursor] = await Promise.all([db._outbox.count(), db._attention.count(), db._meta.get('cursor')]);
  return {
    status: state.status,
    lastSyncedAt: state.lastSyncedAt,
    pending: state.pending,
    outbox,
    attention,
    cursor: cursor === undefined ? null : Number(cursor.value),
    online,
  };
}

/** The report as text for a support message, in English whatever the UI language. */
export function reportText(report: DebugReport, now = new Date()): string {
  const { build, worker, counts, sync } = report;
  const lines = [
    `ADHD SuperApp debug report (${now.toISOString()})`,
    `version: ${build.version}`,
    `build: ${build.build}`,
    `server: ${build.server ?? 'unreachable'}`,
    `service worker: ${worker.supported ? (worker.registered ? `registered (${worker.active ?? 'not active'})` : 'not registered') : 'not supported'}`,
    `  waiting: ${worker.waiting ? 'yes' : 'no'}, installing: ${worker.installing ? 'yes' : 'no'}, controls this page: ${worker.controlled ? 'yes' : 'no'}`,
  ];
  if (sync) {
    lines.push(
      `sync: ${sync.status}, online: ${sync.online ? 'yes' : 'no'}`,
      `  last sync: ${sync.lastSyncedAt ?? 'never (this page)'}`,
      `  unsynced: ${sync.pending}, outbox: ${sync.outbox}, needs attention: ${sync.attention}, cursor: ${sync.cursor ?? 'none'}`,
    );
  } else lines.push('sync: not signed in');
  if (counts) lines.push(`local database: ${Object.entries(counts).map(([name, n]) => `${name} ${n}`).join(', ')}`);
  return lines.join('\n');
}
