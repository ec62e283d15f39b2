import { getToken } from '../lib/api';
import { MERGE_WAIT_MS } from './replicate';
import { SyncHttp } from './sync-http';
import type { LockManagerLike } from './sync-leader';
import type { SyncStateStore } from './sync-state';
import { STREAM_SILENCE_MS } from './sync-stream';

/** The options of a `SyncEngine` (engine.ts), and their defaults. */
export interface SyncOptions {
  /** API origin; '' (default) is the page's own. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The bearer token (default: localStorage `auth_token`, as lib/api.ts). */
  getToken?: () => string | null;
  /** Stores a token refreshed from the session cookie (default: lib/api.ts `setToken`). */
  saveToken?: (token: string) => void;
  /** Notifies when sign-in may have changed (the auth store's `subscribe`); a paused engine then resumes. */
  subscribeAuth?: (listener: () => void) => () => void;
  /** On 401, try `GET /api/auth/me` with the session cookie once before asking to sign in (default true). */
  refresh?: boolean;
  /**
   * The app's one 401 handler (the auth store's `recover`), used for that refresh instead of the engine's own
   * call: a 401 met by sync and by other calls at once is one recovery, and a session that is gone signs the
   * user out (SPEC section 8). `kept`: it could not tell (offline, 5xx), so sync retries later.
   */
  recover?: () => Promise<'refreshed' | 'kept' | 'ended'>;
  /** Web Locks (default `navigator.locks`; null: this engine always syncs). */
  locks?: LockManagerLike | null;
  /** Rows per pull page (default 5000, the server's maximum: fewer round trips on a first sync). */
  pullLimit?: number;
  /** How long a pulled page waits for the next one to be stored with it (default MERGE_WAIT_MS, db/replicate.ts). */
  pullMergeMs?: number;
  /** Mutations per push request (default 500). */
  pushLimit?: number;
  /** Retry delays: doubling from `minMs` up to `maxMs`, each randomly shortened by up to half. */
  backoff?: { minMs?: number; maxMs?: number };
  /** Listen to the SSE poke stream (default true). */
  stream?: boolean;
  /** Push/pull request timeout (default 60 s). */
  timeoutMs?: number;
  /** Where the status is published (default: a private store; `startSync` uses the app's `syncState`). */
  state?: SyncStateStore;
  /** The stream reconnects after this long without a byte (default 60 s; the server pings every 25 s). */
  streamSilenceMs?: number;
  /** The retry timer (default `setTimeout`/`clearTimeout`); tests inject a clock. */
  timer?: RetryTimer;
}

export interface RetryTimer {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const defaultTimer: RetryTimer = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The engine's tuning with every default filled in. */
export type EngineSettings = Required<Pick<SyncOptions, 'pullLimit' | 'pullMergeMs' | 'pushLimit' | 'stream' | 'refresh' | 'streamSilenceMs' | 'timer'>> & {
  minMs: number;
  maxMs: number;
};

export function engineSettings(options: SyncOptions): EngineSettings {
  return {
    pullLimit: options.pullLimit ?? 5000,
    pullMergeMs: options.pullMergeMs ?? MERGE_WAIT_MS,
    pushLimit: options.pushLimit ?? 500,
    stream: options.stream ?? true,
    refresh: options.refresh ?? true,
    minMs: options.backoff?.minMs ?? 1000,
    maxMs: options.backoff?.maxMs ?? 30_000,
    streamSilenceMs: options.streamSilenceMs ?? STREAM_SILENCE_MS,
    timer: options.timer ?? defaultTimer,
  };
}

/** The engine's HTTP client: the API origin, `fetch`, the bearer token and the request timeout of `options`. */
export function syncHttp(options: SyncOptions): SyncHttp {
  return new SyncHttp({
    baseUrl: options.baseUrl ?? '',
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    getToken: options.getToken ?? getToken,
    timeoutMs: options.timeoutMs ?? 60_000,
  });
}
