import { liveQuery } from 'dexie';
import type { AppDatabase } from './database';
import { pendingIds } from './outbox';
import type { RetryTimer } from './sync-options';

/** What makes the engine (engine.ts) sync: the page's events, and the retry timer. */

/** The page events that start a sync (docs/sync.md, "Triggers"). */
export interface PageTriggers {
  online(): void;
  offline(): void;
  /** Another tab changed localStorage (a sign-in stores a new token). */
  storage(): void;
  /** The tab became visible. */
  visible(): void;
}

/**
 * Calls `next` with the ids of the unsynced outbox entries now and after every change, this tab's writes and
 * other tabs' (a Dexie live query); answers the cleanup.
 */
export function watchOutbox(db: AppDatabase, next: (ids: number[]) => void): () => void {
  const sub = liveQuery(() => pendingIds(db)).subscribe({ next, error: () => {} });
  return () => sub.unsubscribe();
}

/** Listens to the page's `online`, `offline`, `storage` and `visibilitychange` events; answers the cleanup. */
export function watchPage(triggers: PageTriggers): () => void {
  const cleanups: (() => void)[] = [];
  const on = (target: EventTarget | undefined, type: string, fn: () => void) => {
    if (!target) return;
    target.addEventListener(type, fn);
    cleanups.push(() => target.removeEventListener(type, fn));
  };
  const win = typeof window === 'undefined' ? undefined : window;
  on(win, 'online', triggers.online);
  on(win, 'offline', triggers.offline);
  on(win, 'storage', triggers.storage);
  on(typeof document === 'undefined' ? undefined : document, 'visibilitychange', () => {
    if (document.visibilityState === 'visible') triggers.visible();
  });
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}

/** The engine's retry timer: a backoff after a failure, or the exact wait a 429's Retry-After asked for. */
export class RetrySchedule {
  private handle: unknown = null;
  /** Until when (epoch ms) the server asked this client not to push (429 Retry-After); nothing shortens it. */
  private rateLimitedUntil = 0;

  constructor(
    private readonly timer: RetryTimer,
    private readonly fire: () => void,
  ) {}

  /** A retry is scheduled: nothing runs before it. */
  get waiting(): boolean {
    return this.handle !== null;
  }

  after(ms: number): void {
    this.handle = this.timer.set(() => {
      this.handle = null;
      this.fire();
    }, ms);
  }

  /** A 429: retry after exactly `ms`, which `clearUnlessRateLimited` leaves alone. */
  waitOut(ms: number): void {
    this.rateLimitedUntil = Date.now() + ms;
    this.after(ms);
  }

  clear(): void {
    if (this.handle !== null) this.timer.clear(this.handle);
    this.handle = null;
  }

  /** Retries now (a trigger) unless a 429's Retry-After is still running. */
  clearUnlessRateLimited(): void {
    if (!(this.handle !== null && Date.now() < this.rateLimitedUntil)) this.clear();
  }
}
