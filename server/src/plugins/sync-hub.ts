import fp from 'fastify-plugin';
import { SyncEngine } from '../modules/sync/engine.js';

type Listener = (version: number) => void;

declare module 'fastify' {
  interface FastifyInstance {
    syncHub: SyncHub;
    /** The one write path: sync pushes and REST writes run named mutations through it. */
    sync: SyncEngine;
  }
}

/**
 * In-process fan-out of "user X is now at version V" pokes to that user's open SSE streams.
 * With PostgreSQL and several instances the same hub is fed by LISTEN/NOTIFY (design/sync.md §8).
 */
export class SyncHub {
  private listeners = new Map<string, Set<Listener>>();

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  poke(userId: string, version: number): void {
    for (const listener of this.listeners.get(userId) ?? []) listener(version);
  }

  subscriberCount(userId: string): number {
    return this.listeners.get(userId)?.size ?? 0;
  }
}

export const syncHubPlugin = fp(
  async (app) => {
    const hub = new SyncHub();
    app.decorate('syncHub', hub);
    app.decorate('sync', new SyncEngine({ db: app.db, kind: app.dbKind, hub }));
  },
  { name: 'sync-hub', dependencies: ['db'] },
);
