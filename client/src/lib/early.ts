/**
 * What `public/early.js` started before the app's modules ran (docs/architecture.md, "Start-up"): the read of
 * the local tasks on /tasks, and a first sync's first pull page. Each is taken at most once, and only when it
 * is exactly what the app would ask itself; anything else is left unused.
 */
interface EarlyPull {
  path: string;
  body: string;
  response: Promise<Response>;
}

interface Early {
  /** IndexedDB name the script looked at (`app-<userId>`). */
  db: string;
  /** No database existed for the user on this device. */
  fresh?: boolean;
  /** The database's IndexedDB version when it was read. */
  version?: number;
  /** The rows of the `tasks` store as their stored JSON texts (out of its bucket records), or null when the read failed. */
  tasks?: Promise<string[] | null>;
  /** The client id the first sync's requests carry; the new database takes it. */
  clientId?: string;
  /** The first sync's pull requests, in order (the first page, then each next one its answer announced). */
  pulls?: EarlyPull[];
}

declare global {
  interface Window {
    __early?: Early;
  }
}

function early(dbName: string): Early | undefined {
  const e = typeof window === 'undefined' ? undefined : window.__early;
  return e && e.db === dbName ? e : undefined;
}

/** The client id the first pull of a new database `dbName` was started with; the new database takes it. */
export function earlyClientId(dbName: string): string | null {
  return early(dbName)?.clientId ?? null;
}

/**
 * The answer to exactly this request (path and body), if the head start sent it; once. It carried the bearer
 * token stored at page start, which the session check may have replaced since: a 401 answer is therefore not
 * final, and the caller sends the request again with its own token.
 */
export function takeEarlyResponse(path: string, body: string): Promise<Response> | null {
  const i = earlyPullIndex(path, body);
  return i < 0 ? null : window.__early!.pulls!.splice(i, 1)[0]!.response;
}

/** Where the head start's answer to exactly this request waits in `__early.pulls`; -1 when it is not there. */
function earlyPullIndex(path: string, body: string): number {
  const pulls = typeof window === 'undefined' ? undefined : window.__early?.pulls;
  return pulls ? pulls.findIndex((p) => p.path === path && p.body === body) : -1;
}

/** Whether the head start sent exactly this request (path and body) and its answer has not been taken yet. */
export function hasEarlyResponse(path: string, body: string): boolean {
  return earlyPullIndex(path, body) >= 0;
}

/**
 * The rows of the `tasks` store of `dbName` read at start-up, as their JSON texts (not parsed yet), if read at
 * IndexedDB version `version`; once.
 */
export function takeEarlyTasks(dbName: string, version: number): Promise<string[] | null> | null {
  const e = early(dbName);
  const tasks = e?.tasks;
  if (!tasks || e.version !== version) return null;
  e.tasks = undefined;
  return tasks;
}

/** Notes that `dbName` exists on this device, so the head start reads it instead of starting a first sync. */
export function markLocalDatabase(dbName: string): void {
  try {
    localStorage.setItem(`local_db:${dbName}`, '1');
  } catch {
    /* private mode or full: the head start then only does a little work for nothing */
  }
}
