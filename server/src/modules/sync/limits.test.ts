import { copyFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation, PullResponse, PushResponse } from '@adhd/shared/sync/protocol';
import { makeApp, seedUser, type Fixture, type SeededUser } from '../../../test/fixtures.js';
import { newId } from '../../lib/ids.js';
import { HttpError } from '../../lib/errors.js';
import { WriteLimiter } from './limits.js';
import { upsertEntities } from './repository.js';

/** Issue 12, point 7 (one user cannot exhaust the server) and the database epoch of point 9. */

let clients = 0;
const clientId = () => `limits-client-${++clients}-${process.pid}`;

function push(fx: Fixture, user: SeededUser, client: string, mutations: Mutation[]) {
  return fx.app.inject({ method: 'POST', url: '/api/sync/push', headers: user.headers, payload: { clientId: client, mutations } });
}

async function pull(fx: Fixture, user: SeededUser, client: string, body: { cursor?: number; limit?: number; epoch?: string } = {}) {
  const res = await fx.app.inject({ method: 'POST', url: '/api/sync/pull', headers: user.headers, payload: { clientId: client, ...body } });
  expect(res.statusCode).toBe(200);
  return { page: res.json() as PullResponse, bytes: res.rawPayload.length };
}

const noteCreate = (id: number, noteId: string, size: number): Mutation => ({
  id,
  name: 'note.create',
  args: { id: noteId, title: `note ${noteId}`, content: 'x'.repeat(size) },
});

/**
 * The longest event-loop block while `work` runs: the largest gap between the turns of a 1 ms timer. `cpu` counts
 * only the CPU time the process spent in that gap (min of the two), so a gap stretched because the machine ran
 * other processes (this one has 2 cores shared by parallel test runs) is not blamed on the request; `wall` is
 * the gap as the clock saw it.
 */
async function longestBlock(work: () => Promise<void>): Promise<{ cpu: number; wall: number }> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const worst = { cpu: 0, wall: 0 };
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const wall = now - last;
    worst.wall = Math.max(worst.wall, wall);
    worst.cpu = Math.max(worst.cpu, Math.min(wall, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
  };
  const timer = setInterval(tick, 1);
  try {
    await work();
    await new Promise((r) => setTimeout(r, 5)); // the turn after the last block
  } finally {
    clearInterval(timer);
    tick();
  }
  return worst;
}

describe('pull pages and collection answers are bounded by bytes', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await makeApp({}, { syncLimits: { pullMaxBytes: 20_000 } });
  });
  afterAll(() => fx.close());

  it('cuts a pull page at pullMaxBytes of row JSON, always sending at least one row', async () => {
    const user = await seedUser(fx.app);
    const client = clientId();
    // Ten notes of 6 kB and one of 50 kB, larger than a whole page.
    const mutations = Array.from({ length: 10 }, (_, i) => noteCreate(i + 1, `n${String(i).padStart(2, '0')}`, 6_000));
    mutations.push(noteCreate(11, 'huge', 50_000));
    expect((await push(fx, user, client, mutations)).json()).toMatchObject({ lastMutationId: 11 });

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor = 0;
    for (let guard = 0; guard < 20; guard++) {
      const { page, bytes } = await pull(fx, user, client, { cursor, limit: 5_000 });
      expect(page.changes.length).toBeGreaterThan(0);
      sizes.push(page.changes.length);
      if (page.changes.length > 1) expect(bytes).toBeLessThanOrEqual(20_000 + 1_000);
      seen.push(...page.changes.map((c) => c.id));
      // The cursor semantics stay: the last row's version while more follow, the user's version at the end.
      expect(page.cursor).toBe(page.changes[page.changes.length - 1]!.version);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(seen).toEqual([...mutations.map((m) => (m.args as { id: string }).id)]);
    expect(sizes).toEqual([3, 3, 3, 1, 1]);
  });

  it('streams GET collections instead of answering one string, in the same format', async () => {
    const user = await seedUser(fx.app);
    for (let i = 0; i < 3; i++) {
      const res = await fx.app.inject({ method: 'POST', url: '/api/notes', headers: user.headers, payload: { title: `n${i}`, content: 'y'.repeat(40_000) } });
      expect(res.statusCode).toBe(201);
    }
    await fx.app.inject({ method: 'POST', url: '/api/folders', headers: user.headers, payload: { name: 'F' } });
    await fx.app.inject({ method: 'POST', url: '/api/tasks', headers: user.headers, payload: { title: 'T' } });
    for (const url of ['/api/notes', '/api/tasks', '/api/folders', '/api/tags', '/api/habits', '/api/notes/pinned']) {
      const res = await fx.app.inject({ method: 'GET', url, headers: user.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      // A stream has no length known in advance: the answer was written piece by piece.
      expect(res.headers['content-length'], url).toBeUndefined();
      expect(res.headers['transfer-encoding'], url).toBe('chunked');
    }
    const notes = (await fx.app.inject({ method: 'GET', url: '/api/notes', headers: user.headers })).json() as { title: string; updatedAt: string }[];
    expect(notes.map((n) => n.title)).toEqual(['n2', 'n1', 'n0']);
    const folders = (await fx.app.inject({ method: 'GET', url: '/api/folders', headers: user.headers })).json() as { data: { name: string }[] };
    expect(folders.data.map((f) => f.name)).toEqual(['F']);
  });
});

describe('storage quota', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await makeApp({ userQuotaMb: 0.02 }); // 20,971 bytes
  });
  afterAll(() => fx.close());

  const storedBytes = async (userId: string) =>
    Number((await fx.app.db.selectFrom('sync_user').select('bytes').where('user_id', '=', userId).executeTakeFirst())?.bytes);
  const actualBytes = async (userId: string) =>
    Number(
      (
        await sql<{ n: number }>`SELECT coalesce(sum(octet_length(data)), 0) AS n FROM entities WHERE user_id = ${userId} AND deleted = 0`.execute(
          fx.app.db,
        )
      ).rows[0]!.n,
    );

  it('answers 413 QUOTA_EXCEEDED over REST, rejects per mutation in a push, and always allows deletes', async () => {
    const user = await seedUser(fx.app);
    const post = () => fx.app.inject({ method: 'POST', url: '/api/notes', headers: user.headers, payload: { title: 'big', content: 'é'.repeat(4_000) } });
    const first = await post();
    const second = await post();
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const over = await post();
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: { code: 'QUOTA_EXCEEDED', message: expect.stringMatching(/^Storage limit reached/) } });

    // The counter is kept from size deltas and matches the rows (UTF-8 bytes: é is two).
    expect(await storedBytes(user.id)).toBe(await actualBytes(user.id));
    expect(await storedBytes(user.id)).toBeGreaterThan(16_000);

    const client = clientId();
    const res = (await push(fx, user, client, [noteCreate(1, 'p1', 8_000), { id: 2, name: 'task.create', args: { id: 'small', title: 'fits' } }])).json() as PushResponse;
    expect(res.lastMutationId).toBe(2);
    expect(res.results[0]).toMatchObject({ id: 1, status: 'rejected', code: 'QUOTA_EXCEEDED', message: expect.stringMatching(/Storage limit/) });
    expect(res.results[1]).toMatchObject({ id: 2, status: 'applied' });

    // At the quota an edit that shrinks a note still passes; one that grows it does not.
    const secondId = (second.json() as { _id: string })._id;
    const edits = (await push(fx, user, client, [
      { id: 3, name: 'note.update', args: { id: secondId, content: 'é'.repeat(3_000) } },
      { id: 4, name: 'note.update', args: { id: secondId, content: 'é'.repeat(9_000) } },
    ])).json() as PushResponse;
    expect(edits.results.map((r) => r.status)).toEqual(['applied', 'rejected']);
    expect(await storedBytes(user.id)).toBe(await actualBytes(user.id));

    // Deleting is always allowed and frees room.
    const del = await fx.app.inject({ method: 'DELETE', url: `/api/notes/${(first.json() as { _id: string })._id}`, headers: user.headers });
    expect(del.statusCode).toBe(200);
    expect(await storedBytes(user.id)).toBe(await actualBytes(user.id));
    expect((await post()).statusCode).toBe(201);
    expect(await storedBytes(user.id)).toBe(await actualBytes(user.id));
  });
});

describe('WriteLimiter', () => {
  it('lets a burst through, then refuses with the seconds until a token is back, and refills with time', () => {
    let now = 0;
    const limiter = new WriteLimiter({ writesPerMinute: 60, writeBurst: 10 }, () => now);
    limiter.check('u');
    limiter.charge('u', 25); // a big push may leave the bucket in debt: 10 - 25 = -15 tokens
    let refused: unknown;
    try {
      limiter.check('u');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', extra: { retryAfter: 16 } });
    now = 15_500; // 15.5 tokens back: 0.5 left
    expect(() => limiter.check('u')).toThrow(HttpError);
    now = 16_000;
    expect(() => limiter.check('u')).not.toThrow();
    limiter.check('other'); // another user has a full bucket
    now = 10 * 60_000; // never above the burst
    limiter.charge('u', 10);
    expect(() => limiter.check('u')).toThrow(HttpError);
  });
});

describe('write rate limit', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await makeApp({}, { syncLimits: { writesPerMinute: 6, writeBurst: 3 } });
  });
  afterAll(() => fx.close());

  it('answers 429 with Retry-After on push and on REST writes, per user', async () => {
    const user = await seedUser(fx.app);
    const client = clientId();
    const ok = await push(fx, user, client, [1, 2, 3].map((i) => ({ id: i, name: 'task.create', args: { id: `r${i}`, title: 't' } })));
    expect(ok.statusCode).toBe(200);

    const limited = await push(fx, user, client, [{ id: 4, name: 'task.create', args: { id: 'r4', title: 't' } }]);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });

    const rest = await fx.app.inject({ method: 'POST', url: '/api/tasks', headers: user.headers, payload: { title: 'x' } });
    expect(rest.statusCode).toBe(429);
    expect(rest.headers['retry-after']).toBeDefined();
    // Reads are not limited, and another user is not affected.
    expect((await fx.app.inject({ method: 'GET', url: '/api/tasks', headers: user.headers })).statusCode).toBe(200);
    const other = await seedUser(fx.app);
    expect((await fx.app.inject({ method: 'POST', url: '/api/tasks', headers: other.headers, payload: { title: 'x' } })).statusCode).toBe(201);
  });
});

describe('push batch budget', () => {
  it('stops a batch at batchMaxRows row writes: lastMutationId says how far it got, the rest is sent again', async () => {
    const fx = await makeApp({}, { syncLimits: { batchMaxRows: 5 } });
    try {
      const user = await seedUser(fx.app);
      const client = clientId();
      const mutations = Array.from({ length: 20 }, (_, i): Mutation => ({ id: i + 1, name: 'task.create', args: { id: `b${i}`, title: 't' } }));
      const first = (await push(fx, user, client, mutations)).json() as PushResponse;
      expect(first.lastMutationId).toBe(6);
      expect(first.results.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
      const rest = (await push(fx, user, client, mutations)).json() as PushResponse;
      expect(rest.results.slice(0, 6).every((r) => r.status === 'skipped')).toBe(true);
      expect(rest.lastMutationId).toBe(12);
      // The budget is checked before each mutation but the first: every push makes progress.
      const big = await push(fx, user, client, [{ id: 13, name: 'task.delete', args: { id: 'b0' } }]);
      expect((big.json() as PushResponse).lastMutationId).toBe(13);
    } finally {
      await fx.close();
    }
  });
});

describe('sync streams', () => {
  let fx: Fixture;
  let base: string;
  beforeAll(async () => {
    fx = await makeApp({}, { syncLimits: { streamPingMs: 50 } });
    base = await fx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => fx.close());

  /** Opens a stream and waits for its first poke; `ended` settles when the server closes it. */
  async function open(headers: Record<string, string>) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/sync/stream`, { headers, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })().catch(() => true);
    return { ended, abort: () => controller.abort() };
  }

  const settled = (p: Promise<boolean>, ms = 1_000) => Promise.race([p, new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  async function secondSession(user: SeededUser) {
    const sid = newId();
    const now = new Date().toISOString();
    await fx.app.db
      .insertInto('sessions')
      .values({ id: sid, user_id: user.id, token_hash: newId(), created_at: now, last_seen_at: now, expires_at: new Date(Date.now() + 3600_000).toISOString(), user_agent: null })
      .execute();
    return { authorization: `Bearer ${fx.app.sessions.tokenFor(user.id, sid)}` };
  }

  it('keeps at most 10 streams per user: the 11th closes the oldest', async () => {
    const user = await seedUser(fx.app);
    const streams = [];
    for (let i = 0; i < 11; i++) streams.push(await open(user.headers));
    expect(fx.app.syncHub.subscriberCount(user.id)).toBe(10);
    expect(await settled(streams[0]!.ended)).toBe(true);
    expect(await settled(streams[1]!.ended, 200)).toBe(false);
    for (const s of streams) s.abort();
  });

  it("closes a session's streams when it logs out, and only that session's", async () => {
    const user = await seedUser(fx.app);
    const mine = await open(user.headers);
    const otherDevice = await open(await secondSession(user));
    expect(fx.app.syncHub.subscriberCount(user.id)).toBe(2);
    const out = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: user.headers });
    expect(out.status).toBe(200);
    expect(await settled(mine.ended)).toBe(true);
    expect(fx.app.syncHub.subscriberCount(user.id)).toBe(1);
    expect(await settled(otherDevice.ended, 200)).toBe(false);
    // Ending every session (password change, account deletion) closes the rest.
    await fx.app.sessions.endAll(user.id);
    expect(await settled(otherDevice.ended)).toBe(true);
    expect(fx.app.syncHub.subscriberCount(user.id)).toBe(0);
  });

  it('closes a stream at the next ping once its session expired or its user was disabled', async () => {
    const expiring = await seedUser(fx.app);
    const disabled = await seedUser(fx.app);
    const a = await open(expiring.headers);
    const b = await open(disabled.headers);
    await fx.app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expiring.sessionId).execute();
    await fx.app.db.updateTable('users').set({ disabled: 1 }).where('id', '=', disabled.id).execute();
    expect(await settled(a.ended)).toBe(true);
    expect(await settled(b.ended)).toBe(true);
    expect(fx.app.syncHub.subscriberCount(expiring.id) + fx.app.syncHub.subscriberCount(disabled.id)).toBe(0);
  });
});

describe('a small request buys no long blocking work', () => {
  let fx: Fixture;
  let user: SeededUser;
  const TAGGED = 'tag-held-by-500';
  beforeAll(async () => {
    fx = await makeApp({}, { syncLimits: { writeBurst: 1e9 } });
    user = await seedUser(fx.app);
    // 20,000 tasks, 500 of them holding one tag, written as the engine writes rows (tag index included).
    const now = new Date().toISOString();
    const row = (type: string, id: string, data: object, version: number) => ({
      type,
      id,
      data: JSON.stringify(data),
      parent_id: null,
      version,
      deleted: 0,
      field_versions: '{}',
      created_at: now,
      updated_at: now,
    });
    const rows = [row('tag', TAGGED, { name: 'held', color: '#FFD6E7', description: '' }, 1)];
    for (let i = 0; i < 20_000; i++) {
      const data = { title: `task ${i}`, description: '', completed: false, dueDate: null, startDate: null, time: null, priority: 'medium', tags: i % 40 === 0 ? [TAGGED] : [], parent: null };
      rows.push(row('task', `task-${String(i).padStart(5, '0')}`, data, i + 2));
    }
    await upsertEntities(fx.app.db, user.id, rows);
    await fx.app.db.insertInto('sync_user').values({ user_id: user.id, seq: rows.length, min_version: 0 }).execute();
  }, 60_000);
  afterAll(() => fx.close());

  it('runs a 35 kB batch of tag.create/tag.delete for a user with 20k tasks without blocking the loop 100 ms', async () => {
    const client = clientId();
    const mutations: Mutation[] = [{ id: 1, name: 'tag.delete', args: { id: TAGGED } }];
    for (let i = 0; JSON.stringify(mutations).length < 35_000; i++) {
      mutations.push({ id: mutations.length + 1, name: 'tag.create', args: { id: `t-${i}`, name: `tag ${i}` } });
      mutations.push({ id: mutations.length + 1, name: 'tag.delete', args: { id: `t-${i}` } });
    }
    // Warm the code paths up on another user first: the figure is the steady state, not the first compile.
    const warm = await seedUser(fx.app);
    await push(fx, warm, clientId(), mutations.slice(1, 41));
    let last = 0;
    const block = await longestBlock(async () => {
      for (let guard = 0; last < mutations.length && guard < 50; guard++) {
        const res = await push(fx, user, client, mutations.filter((m) => m.id > last));
        expect(res.statusCode).toBe(200);
        last = (res.json() as PushResponse).lastMutationId;
      }
    });
    expect(last).toBe(mutations.length);
    console.info(`tag.create/tag.delete batch, 20k tasks: longest loop block ${block.cpu.toFixed(1)} ms of CPU (${block.wall.toFixed(1)} ms wall)`);
    expect(block.cpu).toBeLessThan(100);
    // The tag went from every task that held it, through the index.
    const refs = await fx.app.inject({ method: 'GET', url: `/api/tasks?limit=10`, headers: user.headers });
    expect((refs.json() as { tags: string[] }[]).every((t) => t.tags.length === 0)).toBe(true);
    expect(await fx.app.db.selectFrom('tag_refs').select('item_id').where('user_id', '=', user.id).execute()).toEqual([]);
  }, 60_000);

  it('refuses a habit posted with 20,000 history days fast, naming the field', async () => {
    const start = '2020-01-01';
    const completionHistory = Array.from({ length: 20_000 }, (_, i) => ({ date: new Date(Date.parse(start) + i * 86_400_000).toISOString().slice(0, 10), status: 'complete' }));
    let res: Awaited<ReturnType<typeof fx.app.inject>> | undefined;
    const block = await longestBlock(async () => {
      res = await fx.app.inject({ method: 'POST', url: '/api/habits', headers: user.headers, payload: { title: 'Many days', startDate: start, completionHistory } });
    });
    expect(res!.statusCode).toBe(400);
    expect(res!.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'completionHistory' })]));
    console.info(`20,000-day habit: longest loop block ${block.cpu.toFixed(1)} ms of CPU (${block.wall.toFixed(1)} ms wall)`);
    expect(block.cpu).toBeLessThan(100);
    // 400 days are accepted.
    const ok = await fx.app.inject({ method: 'POST', url: '/api/habits', headers: user.headers, payload: { title: 'A year', startDate: start, completionHistory: completionHistory.slice(0, 400) } });
    expect(ok.statusCode).toBe(201);
    expect((ok.json() as { completionHistory: unknown[] }).completionHistory).toHaveLength(400);
  }, 30_000);
});

describe('database epoch', () => {
  it('answers the epoch; a pull from an unknown epoch resets, from a known one does not', async () => {
    const fx = await makeApp();
    try {
      const user = await seedUser(fx.app);
      const client = clientId();
      await push(fx, user, client, [{ id: 1, name: 'task.create', args: { id: 'e1', title: 'one' } }]);
      const { page } = await pull(fx, user, client);
      expect(page.epoch).toMatch(/^[A-Za-z0-9_-]{8,}$/);
      expect((await pull(fx, user, client, { cursor: page.cursor, epoch: page.epoch })).page).toMatchObject({ reset: false, changes: [] });
      const unknown = (await pull(fx, user, client, { cursor: page.cursor, epoch: 'not-an-epoch-of-this-db' })).page;
      expect(unknown).toMatchObject({ reset: true, cursor: page.cursor });
      expect(unknown.changes.map((c) => c.id)).toEqual(['e1']);
      // Without an epoch (old clients) nothing changes.
      expect((await pull(fx, user, client, { cursor: page.cursor })).page).toMatchObject({ reset: false, changes: [] });
    } finally {
      await fx.close();
    }
  });

  it("makes a device's next pull reset after the server is restored from an older copy of its database", async () => {
    const fx = await makeApp({}, { syncLimits: { epochRotateMs: 0 } });
    const backup = path.join(os.tmpdir(), `adhd-backup-${process.pid}-${Date.now()}.sqlite`);
    const user = await seedUser(fx.app);
    const client = clientId();
    await push(fx, user, client, [{ id: 1, name: 'task.create', args: { id: 'kept', title: 'in the backup' } }]);
    await sql`VACUUM INTO ${backup}`.execute(fx.app.db);

    // After the backup: a write the restored server will not have, and the device pulls it.
    await push(fx, user, client, [{ id: 2, name: 'task.create', args: { id: 'lost', title: 'after the backup' } }]);
    const seen = (await pull(fx, user, client)).page;
    expect(seen.changes.map((c) => c.id)).toEqual(['kept', 'lost']);
    await fx.app.close();

    // The operator restores the older file and starts the server again; the user keeps writing from another
    // device, so the restored version counter passes the device's cursor.
    const db = path.join(fx.dataDir, 'app.sqlite');
    for (const f of ['', '-wal', '-shm']) await rm(db + f, { force: true });
    await copyFile(backup, db);
    await rm(backup, { force: true });
    const restored = await makeApp({ dataDir: fx.dataDir });
    try {
      const other = clientId();
      await push(restored, user, other, [1, 2, 3].map((i) => ({ id: i, name: 'task.create', args: { id: `new-${i}`, title: 'x' } })));
      const next = (await pull(restored, user, client, { cursor: seen.cursor, epoch: seen.epoch })).page;
      expect(seen.cursor).toBeLessThanOrEqual(4);
      expect(next.reset).toBe(true);
      expect(next.changes.map((c) => c.id)).toEqual(['kept', 'new-1', 'new-2', 'new-3']);
    } finally {
      await restored.close();
    }
  });
});
