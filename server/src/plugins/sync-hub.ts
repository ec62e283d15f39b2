import fp from 'fastify-plugin';
import { SyncEngine } from '../modules/sync/engine.js';
import { SyncHub } from '../modules/sync/hub.js';
import { DEFAULT_SYNC_LIMITS, type SyncLimits } from '../modules/sync/limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    syncHub: SyncHub;
    /** The one write path: sync pushes and REST writes run named mutations through it. */
    sync: SyncEngine;
  }
}

export const syncHubPlugin = fp<{ limits?: Partial<SyncLimits> }>(
  async (app, opts) => {
    const limits: SyncLimits = { ...DEFAULT_SYNC_LIMITS, ...opts.limits };
    const hub = new SyncHub(limits.streamsPerUser);
    const engine = new SyncEngine({ db: app.db, kind: app.dbKind, hub, limits });
    app.decorate('syncHub', hub);
    app.decorate('sync', engine);
    // Every start opens a database epoch, so a restored copy of the file never knows the epochs after it.
    await engine.openEpoch();
  },
  { name: 'sync-hub', dependencies: ['db'] },
);
