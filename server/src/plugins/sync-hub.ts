import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listen, type Listener } from '../db/listener.js';
import { SyncEngine } from '../modules/sync/engine.js';
import { Fanout, SYNC_CHANNEL } from '../modules/sync/fanout.js';
import { SyncHub } from '../modules/sync/hub.js';
import { DEFAULT_SYNC_LIMITS, type SyncLimits } from '../modules/sync/limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    syncHub: SyncHub;
    /** The one write path: sync pushes and REST writes run named mutations through it. */
    sync: SyncEngine;
    /** On PostgreSQL: the link to the other instances' streams (LISTEN/NOTIFY); null on SQLite. */
    syncFanout: { fanout: Fanout; listener: Listener } | null;
  }
}

export interface SyncHubOptions {
  limits?: Partial<SyncLimits>;
  /** `DATABASE_URL` when the store is PostgreSQL: the instance listens for the others' pokes on it. */
  databaseUrl?: string | null;
  instanceId?: string;
}

export const syncHubPlugin = fp<SyncHubOptions>(
  async (app, opts) => {
    const limits: SyncLimits = { ...DEFAULT_SYNC_LIMITS, ...opts.limits };
    const hub = new SyncHub(limits.streamsPerUser);
    const engine = new SyncEngine({ db: app.db, kind: app.dbKind, hub, limits });
    app.decorate('syncHub', hub);
    app.decorate('sync', engine);
    app.decorate('syncFanout', opts.databaseUrl && app.dbKind === 'postgres' ? await linkInstances(app, hub, opts.databaseUrl, opts.instanceId ?? 'app') : null);
    // Every start opens a database epoch, so a restored copy of the file never knows the epochs after it.
    await engine.openEpoch();
  },
  { name: 'sync-hub', dependencies: ['db'] },
);

/**
 * Several instances on one PostgreSQL (docs/sync.md, "Several instances"): what this instance's hub announces
 * is sent to the others with NOTIFY, and one dedicated listening connection feeds their messages to this hub.
 */
async function linkInstances(app: FastifyInstance, hub: SyncHub, url: string, instanceId: string) {
  const fanout = new Fanout(app.db, hub, instanceId, app.log);
  const listener = await listen(url, SYNC_CHANNEL, {
    message: (payload) => fanout.receive(payload),
    reconnected: () => {
      app.log.info('listening for other instances again');
      fanout.catchUp().catch((err: unknown) => app.log.warn({ err }, 'catch-up poke failed'));
    },
    lost: (err, delayMs) => app.log.warn({ err, delayMs }, 'listening connection lost; reconnecting'),
  });
  hub.relay = fanout;
  app.addHook('onClose', async () => {
    hub.relay = null;
    await listener.close();
    await fanout.flushed();
  });
  return { fanout, listener };
}
