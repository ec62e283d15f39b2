import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedUser } from './kit.js';

/**
 * Tombstone collection (issue 12, point 9): the deleted rows and the raised `min_version` are one transaction,
 * and a collection runs at start-up, not only a day after it.
 */

let dataDir: string;
const open: FastifyInstance[] = [];

async function start(): Promise<FastifyInstance> {
  const app = await buildApp(loadConfig({}, { dataDir, logLevel: 'silent', clientDist: null }), { logger: false });
  await app.ready();
  open.push(app);
  return app;
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'adhd-maint-'));
});
afterEach(async () => {
  for (const app of open.splice(0)) await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const longAgo = () => new Date(Date.now() - 91 * 86_400_000).toISOString();

/** A user with one live task (version 1) and one 91-day-old tombstone (version 2). */
async function userWithOldTombstone(app: FastifyInstance) {
  const user = await seedUser(app);
  const row = (id: string, version: number, deleted: number, at: string) => ({
    user_id: user.id,
    type: 'task',
    id,
    data: JSON.stringify({ title: id }),
    version,
    deleted,
    field_versions: '{}',
    created_at: at,
    updated_at: at,
  });
  await app.db.insertInto('entities').values([row('live', 1, 0, new Date().toISOString()), row('gone', 2, 1, longAgo())]).execute();
  await app.db.insertInto('sync_user').values({ user_id: user.id, seq: 2, min_version: 0 }).execute();
  return user;
}

async function state(app: FastifyInstance, userId: string) {
  const ids = (await app.db.selectFrom('entities').select('id').where('user_id', '=', userId).orderBy('id').execute()).map((r) => r.id);
  const { min_version } = await app.db.selectFrom('sync_user').select('min_version').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { ids, minVersion: Number(min_version) };
}

describe('tombstone collection', () => {
  it('deletes the tombstones and raises min_version in one transaction', async () => {
    const app = await start();
    await app.runMaintenance(); // after the start-up run
    const user = await userWithOldTombstone(app);
    // The second half of the collection fails: the first half must not stay.
    await sql`CREATE TRIGGER fail_min_version BEFORE UPDATE ON sync_user BEGIN SELECT RAISE(ABORT, 'crash'); END`.execute(app.db);
    await app.runMaintenance();
    expect(await state(app, user.id)).toEqual({ ids: ['gone', 'live'], minVersion: 0 });

    await sql`DROP TRIGGER fail_min_version`.execute(app.db);
    await app.runMaintenance();
    expect(await state(app, user.id)).toEqual({ ids: ['live'], minVersion: 2 });
  });

  it('collects once at start-up, after the migrations and off the request path', async () => {
    const first = await start();
    const user = await userWithOldTombstone(first);
    await first.close();
    open.length = 0;

    const app = await start();
    const deadline = Date.now() + 5_000;
    while ((await state(app, user.id)).ids.length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await state(app, user.id)).toEqual({ ids: ['live'], minVersion: 2 });
  });
});

describe('remembered push rejections', () => {
  it('forgets those older than 30 days and keeps the newer ones', async () => {
    const app = await start();
    await app.runMaintenance(); // after the start-up run
    const user = await seedUser(app);
    const now = new Date().toISOString();
    await app.db.insertInto('sync_client').values({ client_id: 'client-maint-1', user_id: user.id, last_mutation_id: 3, last_seen_at: now }).execute();
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await app.db
      .insertInto('sync_rejection')
      .values([1, 31, 29].map((age, i) => ({ client_id: 'client-maint-1', mutation_id: i + 1, code: 'NOT_FOUND', message: 'Note not found', created_at: days(age) })))
      .execute();
    await app.runMaintenance();
    const left = await app.db.selectFrom('sync_rejection').select('mutation_id').orderBy('mutation_id').execute();
    expect(left.map((r) => Number(r.mutation_id))).toEqual([1, 3]);
  });
});
