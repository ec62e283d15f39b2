import { DEFAULT_SYNC_LIMITS } from './limits.js';

/** One open stream: who it belongs to, how to poke it and how to end it. */
export interface StreamHandle {
  userId: string;
  /** The session (`sid`) of the credentials that opened it. */
  sessionId: string;
  poke(version: number): void;
  /** Close the stream (the hub has already forgotten it). */
  end(): void;
}

/**
 * Where a hub sends what happened on this instance so other instances' streams hear it too (fanout.ts: NOTIFY
 * on PostgreSQL). Messages that arrive from other instances come in through `deliver` and `closeSessions`,
 * which never send them on again.
 */
export interface HubRelay {
  poked(userId: string, version: number): void;
  sessionsEnded(userId: string | null, sessionIds: readonly string[] | 'all', except?: string): void;
}

/**
 * In-process fan-out of "user X is now at version V" pokes to that user's open SSE streams.
 * With PostgreSQL and several instances the same hub is fed by LISTEN/NOTIFY (design/sync.md §8).
 *
 * A user holds at most `streamsPerUser` streams: opening one more closes the oldest (a device that went away
 * without closing its connection never locks the user's next device out). A stream belongs to the session
 * that opened it and is closed when that session ends (`endSessions`).
 */
export class SyncHub {
  /** Each user's streams, oldest first (a Set keeps insertion order). */
  private readonly streams = new Map<string, Set<StreamHandle>>();
  /** Set when other instances share the store (plugins/sync-hub.ts). */
  relay: HubRelay | null = null;

  constructor(private readonly streamsPerUser = DEFAULT_SYNC_LIMITS.streamsPerUser) {}

  /** Register a stream; answers the function that forgets it (when its connection closed). */
  subscribe(stream: StreamHandle): () => void {
    let set = this.streams.get(stream.userId);
    if (!set) this.streams.set(stream.userId, (set = new Set()));
    set.add(stream);
    while (set.size > this.streamsPerUser) this.close(set.values().next().value!);
    return () => this.forget(stream);
  }

  private forget(stream: StreamHandle): void {
    const set = this.streams.get(stream.userId);
    if (!set?.delete(stream)) return;
    if (set.size === 0) this.streams.delete(stream.userId);
  }

  private close(stream: StreamHandle): void {
    this.forget(stream);
    stream.end();
  }

  /** The user is now at `version` (a write committed here): poke their streams here and on other instances. */
  poke(userId: string, version: number): void {
    this.deliver(userId, version);
    this.relay?.poked(userId, version);
  }

  /** Poke the user's streams on this instance only (a poke from another instance). */
  deliver(userId: string, version: number): void {
    for (const stream of this.streams.get(userId) ?? []) stream.poke(version);
  }

  /** The users with an open stream on this instance. */
  users(): string[] {
    return [...this.streams.keys()];
  }

  subscriberCount(userId: string): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  /**
   * Close the streams of ended sessions: the named ones (`userId` null: whoever's they are), or all of a
   * user's sessions but `except`. Called where sessions are deleted (logout, password change, account deletion);
   * other instances close theirs too.
   */
  endSessions(userId: string | null, sessionIds: readonly string[] | 'all', except?: string): void {
    this.closeSessions(userId, sessionIds, except);
    if (sessionIds === 'all' || sessionIds.length > 0) this.relay?.sessionsEnded(userId, sessionIds, except);
  }

  /** `endSessions` on this instance only (sessions ended on another instance). */
  closeSessions(userId: string | null, sessionIds: readonly string[] | 'all', except?: string): void {
    const sets = userId === null ? [...this.streams.values()] : [this.streams.get(userId) ?? new Set<StreamHandle>()];
    for (const set of sets) {
      for (const stream of [...set]) {
        const ended = sessionIds === 'all' ? stream.sessionId !== except : sessionIds.includes(stream.sessionId);
        if (ended) this.close(stream);
      }
    }
  }

  /** Close every stream (the server is shutting down). */
  endAll(): void {
    for (const set of [...this.streams.values()]) for (const stream of [...set]) this.close(stream);
  }
}
