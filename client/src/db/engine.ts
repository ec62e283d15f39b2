import { liveQuery, type Subscription } from 'dexie';
import { getToken, setToken } from '../lib/api';
import { markLocalDatabase } from '../lib/early';
import type { AppDatabase } from './database';
import { loadSyncMeta, newClientId, pendingIds, renumberOutbox, type SyncMeta } from './outbox';
import { MERGE_WAIT_MS, pullUntilDone, pushOutbox } from './replicate';
import { SyncHttp, SyncHttpError } from './sync-http';
import { SyncLeader, type LockManagerLike } from './sync-leader';
import { createSyncState, type SyncState, type SyncStateStore } from './sync-state';
import { backoffDelay, PokeStream, STREAM_SILENCE_MS } from './sync-stream';

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

const isKind = (err: unknown, kind: SyncHttpError['kind']) => err instanceof SyncHttpError && err.kind === kind;

/**
 * The replication engine (design/sync.md §3 and §7, docs/sync.md): pushes the outbox, pulls pages with the
 * rebase of pending mutations, listens to the poke stream, backs off while offline and syncs in one tab at a
 * time. Screens never wait for it: they read the local database, and the engine only publishes a status.
 */
export class SyncEngine {
  readonly state: SyncStateStore;
  private readonly http: SyncHttp;
  private readonly leader: SyncLeader;
  private readonly opts: Required<Pick<SyncOptions, 'pullLimit' | 'pullMergeMs' | 'pushLimit' | 'stream' | 'refresh' | 'streamSilenceMs' | 'timer'>> & {
    minMs: number;
    maxMs: number;
  };
  private started = false;
  private meta: SyncMeta | null = null;
  /** The server's lastMutationId for this client as last heard; later entries still have to be pushed. */
  private pushedUpTo = 0;
  private wantPush = false;
  private wantPull = false;
  private running: Promise<void> | null = null;
  private waiters: (() => void)[] = [];
  private retryTimer: unknown = null;
  /** Until when (epoch ms) the server asked this client not to push (429 Retry-After); nothing shortens it. */
  private rateLimitedUntil = 0;
  /** The ids of the outbox entries that still count as unsynced (db/outbox.ts pendingIds), as last read. */
  private pendingIds: number[] = [];
  private failures = 0;
  private paused: 'signin' | 'reload' | null = null;
  private failedToken: string | null = null;
  private refreshedFor: string | null = null;
  /** Times the database started over under a new client id since the last successful sync. */
  private restarts = 0;
  private runAbort = new AbortController();
  private stream: PokeStream | null = null;
  private outboxSub: Subscription | null = null;
  private cleanups: (() => void)[] = [];

  constructor(
    readonly db: AppDatabase,
    private readonly options: SyncOptions = {},
  ) {
    this.state = options.state ?? createSyncState();
    this.http = new SyncHttp({
      baseUrl: options.baseUrl ?? '',
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      getToken: options.getToken ?? getToken,
      timeoutMs: options.timeoutMs ?? 60_000,
    });
    const locks = options.locks !== undefined ? options.locks : (globalThis.navigator?.locks ?? null);
    this.leader = new SyncLeader(`sync-${db.userId}`, locks, (leading) => this.leaderChanged(leading));
    this.opts = {
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

  get isLeader(): boolean {
    return this.leader.isLeader;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    globalThis.performance?.mark?.('sync:start');
    this.state.set({ status: 'idle', reason: null });
    this.outboxSub = liveQuery(() => pendingIds(this.db)).subscribe({
      next: (ids) => {
        this.pendingIds = ids;
        this.publishPending();
        if (ids.length > 0) this.request(true, false);
      },
      error: () => {},
    });
    const on = (target: EventTarget | undefined, type: string, fn: () => void) => {
      if (!target) return;
      target.addEventListener(type, fn);
      this.cleanups.push(() => target.removeEventListener(type, fn));
    };
    const win = typeof window === 'undefined' ? undefined : window;
    on(win, 'online', () => this.retryNow());
    on(win, 'offline', () => {
      if (this.leader.isLeader && !this.paused) this.state.set({ status: 'offline' });
    });
    on(win, 'storage', () => this.authChanged());
    on(typeof document === 'undefined' ? undefined : document, 'visibilitychange', () => {
      if (document.visibilityState !== 'visible') return;
      if (this.leader.isLeader) this.retryNow();
      else this.leader.takeOver();
    });
    const unsubscribe = this.options.subscribeAuth?.(() => this.authChanged());
    if (unsubscribe) this.cleanups.push(unsubscribe);
    this.leader.start(typeof document !== 'undefined' && document.visibilityState === 'visible');
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.leader.stop();
    this.outboxSub?.unsubscribe();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.clearRetry();
    await this.running?.catch(() => {});
    this.flushWaiters();
  }

  /** Push and pull now, until nothing is left (or sync cannot go on: offline, signed out, not this tab). */
  async syncNow(): Promise<SyncState['status']> {
    if (this.paused === 'signin') this.authChanged();
    this.failures = 0;
    if (!this.rateLimited()) this.clearRetry();
    const idle = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.request(true, true);
    await idle;
    return this.state.get().status;
  }

  private request(push: boolean, pull: boolean) {
    this.wantPush ||= push;
    this.wantPull ||= pull;
    this.kick();
  }

  private kick() {
    if (this.running) return;
    const blocked = !this.started || !this.leader.isLeader || this.paused !== null || this.retryTimer !== null;
    if (blocked || (!this.wantPush && !this.wantPull)) {
      this.flushWaiters();
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      this.kick();
    });
  }

  private flushWaiters() {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private clearRetry() {
    if (this.retryTimer !== null) this.opts.timer.clear(this.retryTimer);
    this.retryTimer = null;
  }

  private retryIn(ms: number) {
    this.retryTimer = this.opts.timer.set(() => {
      this.retryTimer = null;
      this.kick();
    }, ms);
  }

  /**
   * The unsynced count: outbox entries the server has not answered yet. Entries it confirmed wait in the
   * outbox for the pull that brings their effects; refused ones are in the "needs attention" list instead.
   */
  private publishPending() {
    this.state.set({ pending: this.pendingIds.filter((id) => id > this.pushedUpTo).length });
  }

  /** A 429's Retry-After is still running: its timer stays, whatever else asks for a sync now. */
  private rateLimited(): boolean {
    return this.retryTimer !== null && Date.now() < this.rateLimitedUntil;
  }

  private retryNow() {
    this.failures = 0;
    if (!this.rateLimited()) this.clearRetry();
    this.startStream();
    this.request(true, true);
  }

  private leaderChanged(leading: boolean) {
    if (leading) {
      this.runAbort = new AbortController();
      this.startStream();
      this.request(true, true);
    } else {
      this.runAbort.abort();
      this.stopStream();
      this.clearRetry();
      if (this.started) this.state.set({ status: 'idle' });
    }
  }

  /** The auth store changed: resume when a token other than the refused one is there. */
  private authChanged() {
    if (this.paused !== 'signin') return;
    const token = (this.options.getToken ?? getToken)();
    if (!token || token === this.failedToken) return;
    this.paused = null;
    this.state.set({ status: 'syncing', reason: null });
    this.retryNow();
  }

  private async run(): Promise<void> {
    const signal = this.runAbort.signal;
    globalThis.performance?.mark?.('sync:run');
    const shown = this.state.get().status;
    if (shown !== 'offline' && shown !== 'error') this.state.set({ status: 'syncing' });
    try {
      if (globalThis.navigator?.onLine === false) throw new SyncHttpError('network', 0);
      if (!this.meta) {
        this.meta = await loadSyncMeta(this.db);
        markLocalDatabase(this.db.name);
      }
      globalThis.performance?.mark?.('sync:meta');
      while (this.wantPush || this.wantPull) {
        if (this.wantPush) {
          this.wantPush = false;
          if (await this.push(signal)) this.wantPull = true;
        }
        if (this.wantPull) {
          this.wantPull = false;
          await this.pull(signal);
        }
      }
      this.failures = 0;
      this.refreshedFor = null;
      this.restarts = 0;
      this.state.set({ status: 'synced', reason: null, lastSyncedAt: new Date().toISOString() });
      this.startStream();
    } catch (err) {
      this.wantPush = this.wantPull = true;
      await this.fail(err, signal);
    }
  }

  private async fail(err: unknown, signal: AbortSignal): Promise<void> {
    if (isKind(err, 'aborted') || signal.aborted) return;
    if ((err as Error)?.name === 'DatabaseClosedError') {
      void this.stop();
      return;
    }
    if (err instanceof SyncHttpError && err.kind === 'auth') {
      if (this.opts.refresh && err.token && this.refreshedFor !== err.token) {
        this.refreshedFor = err.token;
        try {
          const token = await this.http.refreshToken(this.db.userId, signal);
          if (token) return void (this.options.saveToken ?? setToken)(token);
        } catch (refreshError) {
          return this.fail(refreshError, signal);
        }
      }
      this.paused = 'signin';
      this.failedToken = err.token;
      this.stopStream();
      this.state.set({ status: 'signin', reason: null });
      return;
    }
    if (isKind(err, 'tooOld')) {
      this.paused = 'reload';
      this.stopStream();
      this.state.set({ status: 'error', reason: 'reload' });
      return;
    }
    if (err instanceof SyncHttpError && err.kind === 'rateLimited') {
      // Too many writes for now (429): wait as long as the server asks, calmly; nothing is wrong.
      const ms = err.retryAfterMs ?? this.opts.minMs;
      this.state.set({ status: 'waiting', reason: null });
      this.rateLimitedUntil = Date.now() + ms;
      this.retryIn(ms);
      return;
    }
    if (isKind(err, 'forbidden') && this.restarts === 0 && this.meta) {
      // The client id belongs to another user: this database starts over under a new one.
      const clientId = newClientId();
      await renumberOutbox(this.db, 1, clientId);
      this.meta = { ...this.meta, clientId };
      this.pushedUpTo = 0;
      this.restarts++;
      return;
    }
    const offline = isKind(err, 'network');
    if (!offline) console.warn('sync failed', err);
    this.state.set(offline ? { status: 'offline' } : { status: 'error', reason: isKind(err, 'storageFull') ? 'full' : 'server' });
    this.retryIn(backoffDelay(this.failures++, this.opts.minMs, this.opts.maxMs));
  }

  private async push(signal: AbortSignal): Promise<boolean> {
    const { sent, lastMutationId } = await pushOutbox(this.db, this.http, this.meta!, this.pushedUpTo, this.opts.pushLimit, signal);
    this.pushedUpTo = lastMutationId;
    this.publishPending();
    return sent;
  }

  private async pull(signal: AbortSignal): Promise<void> {
    const { lastMutationId } = await pullUntilDone(this.db, this.http, this.meta!, this.opts.pullLimit, signal, this.opts.pullMergeMs);
    // The server's own count wins; below what was pushed (a restored server) the outbox goes again.
    if (lastMutationId < this.pushedUpTo) this.wantPush = true;
    this.pushedUpTo = lastMutationId;
    this.publishPending();
  }

  private startStream() {
    if (!this.opts.stream || this.stream || !this.started || !this.leader.isLeader || this.paused) return;
    const stream: PokeStream = new PokeStream(this.http, { ...this.opts, silenceMs: this.opts.streamSilenceMs }, {
      connected: () => {
        if (this.state.get().status === 'offline') this.retryNow();
      },
      poked: (version) => {
        if (version > (this.meta?.cursor ?? 0)) this.request(false, true);
      },
      // The push/pull loop meets the same answer and handles it (refresh, sign in, reload).
      refused: () => {
        if (this.stream === stream) this.stream = null;
        this.request(false, true);
      },
    });
    this.stream = stream;
    stream.start();
  }

  private stopStream() {
    this.stream?.stop();
    this.stream = null;
  }
}
