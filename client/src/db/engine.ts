import { getToken, setToken } from '../lib/api';
import { markLocalDatabase } from '../lib/early';
import type { AppDatabase } from './database';
import { loadSyncMeta, newClientId, pendingIds, renumberOutbox, type SyncMeta } from './outbox';
import { pullUntilDone, pushOutbox } from './replicate';
import { failureAction } from './sync-failure';
import { SyncHttpError, type SyncHttp } from './sync-http';
import { SyncLeader } from './sync-leader';
import { engineSettings, syncHttp, type EngineSettings, type SyncOptions } from './sync-options';
import { createSyncState, type SyncState, type SyncStateStore } from './sync-state';
import { backoffDelay, PokeStream } from './sync-stream';
import { RetrySchedule, watchOutbox, watchPage } from './sync-triggers';

export type { RetryTimer, SyncOptions } from './sync-options';

/**
 * The replication engine (design/sync.md §3 and §7, docs/sync.md): pushes the outbox, pulls pages with the
 * rebase of pending mutations, listens to the poke stream, backs off while offline and syncs in one tab at a
 * time. Screens never wait for it: they read the local database, and the engine only publishes a status.
 */
export class SyncEngine {
  readonly state: SyncStateStore;
  private readonly http: SyncHttp;
  private readonly leader: SyncLeader;
  private readonly opts: EngineSettings;
  private started = false;
  private meta: SyncMeta | null = null;
  /** The server's lastMutationId for this client as last heard; later entries still have to be pushed. */
  private pushedUpTo = 0;
  private wantPush = false;
  private wantPull = false;
  private running: Promise<void> | null = null;
  private waiters: (() => void)[] = [];
  private readonly retry: RetrySchedule;
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
  private cleanups: (() => void)[] = [];

  constructor(
    readonly db: AppDatabase,
    private readonly options: SyncOptions = {},
  ) {
    this.state = options.state ?? createSyncState();
    this.http = syncHttp(options);
    const locks = options.locks !== undefined ? options.locks : (globalThis.navigator?.locks ?? null);
    this.leader = new SyncLeader(`sync-${db.userId}`, locks, (leading) => this.leaderChanged(leading));
    this.opts = engineSettings(options);
    this.retry = new RetrySchedule(this.opts.timer, () => this.kick());
  }

  get isLeader(): boolean {
    return this.leader.isLeader;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    globalThis.performance?.mark?.('sync:start');
    this.state.set({ status: 'idle', reason: null });
    this.cleanups.push(
      watchOutbox(this.db, (ids) => {
        this.pendingIds = ids;
        this.publishPending();
        if (ids.length > 0) this.request(true, false);
      }),
    );
    this.cleanups.push(
      watchPage({
        online: () => this.retryNow(),
        offline: () => {
          if (this.leader.isLeader && !this.paused) this.state.set({ status: 'offline' });
        },
        storage: () => this.authChanged(),
        visible: () => {
          if (this.leader.isLeader) this.retryNow();
          else this.leader.takeOver();
        },
      }),
    );
    const unsubscribe = this.options.subscribeAuth?.(() => this.authChanged());
    if (unsubscribe) this.cleanups.push(unsubscribe);
    this.leader.start(typeof document !== 'undefined' && document.visibilityState === 'visible');
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.leader.stop();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.retry.clear();
    await this.running?.catch(() => {});
    this.flushWaiters();
  }

  /** Push and pull now, until nothing is left (or sync cannot go on: offline, signed out, not this tab). */
  async syncNow(): Promise<SyncState['status']> {
    if (this.paused === 'signin') this.authChanged();
    this.failures = 0;
    this.retry.clearUnlessRateLimited();
    const idle = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.request(true, true);
    await idle;
    // The unsynced count as the outbox holds it now: the outbox watch (a live query) may not have reported
    // this tab's latest writes yet when a run ends quickly (a 429 answered at once).
    this.pendingIds = await pendingIds(this.db);
    this.publishPending();
    return this.state.get().status;
  }

  private request(push: boolean, pull: boolean) {
    this.wantPush ||= push;
    this.wantPull ||= pull;
    this.kick();
  }

  private kick() {
    if (this.running) return;
    const blocked = !this.started || !this.leader.isLeader || this.paused !== null || this.retry.waiting;
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

  /**
   * The unsynced count: outbox entries the server has not answered yet. Entries it confirmed wait in the
   * outbox for the pull that brings their effects; refused ones are in the "needs attention" list instead.
   */
  private publishPending() {
    this.state.set({ pending: this.pendingIds.filter((id) => id > this.pushedUpTo).length });
  }

  private retryNow() {
    this.failures = 0;
    this.retry.clearUnlessRateLimited();
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
      this.retry.clear();
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
    const action = failureAction(err, {
      aborted: signal.aborted,
      mayRefresh: (token) => this.opts.refresh && this.refreshedFor !== token,
      mayRestart: this.restarts === 0 && this.meta !== null,
      minMs: this.opts.minMs,
    });
    switch (action.kind) {
      case 'ignore':
        return;
      case 'stop':
        return void this.stop();
      case 'refresh':
        this.refreshedFor = action.token;
        if (this.options.recover) {
          const outcome = await this.options.recover();
          if (outcome === 'refreshed') return;
          if (outcome === 'ended') return this.pause('signin', action.token);
          this.refreshedFor = null;
          return this.fail(new SyncHttpError('network', 0), signal);
        }
        try {
          const token = await this.http.refreshToken(this.db.userId, signal);
          if (token) return void (this.options.saveToken ?? setToken)(token);
        } catch (refreshError) {
          return this.fail(refreshError, signal);
        }
        return this.pause('signin', action.token);
      case 'signin':
      case 'reload':
        return this.pause(action.kind, action.kind === 'signin' ? action.token : null);
      case 'wait':
        // Too many writes for now (429): wait as long as the server asks, calmly; nothing is wrong.
        this.state.set({ status: 'waiting', reason: null });
        return this.retry.waitOut(action.ms);
      case 'restart': {
        // The client id belongs to another user: this database starts over under a new one.
        const clientId = newClientId();
        await renumberOutbox(this.db, 1, clientId);
        this.meta = { ...this.meta!, clientId };
        this.pushedUpTo = 0;
        this.restarts++;
        return;
      }
      case 'retry':
        if (!action.offline) console.warn('sync failed', err);
        this.state.set(action.offline ? { status: 'offline' } : { status: 'error', reason: action.reason });
        this.retry.after(backoffDelay(this.failures++, this.opts.minMs, this.opts.maxMs));
    }
  }

  /** Stops syncing until the user signs in again (`signin`, with the refused token) or reloads (`reload`). */
  private pause(why: 'signin' | 'reload', token: string | null): void {
    this.paused = why;
    this.failedToken = token;
    this.stopStream();
    this.state.set(why === 'signin' ? { status: 'signin', reason: null } : { status: 'error', reason: 'reload' });
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
