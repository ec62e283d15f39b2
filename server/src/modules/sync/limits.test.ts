import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Mutation, PushResponse } from '@adhd/shared/sync/protocol';
import { newClientId, pushAs, seedUser, useServerTest, withTestApp } from '../../../test/kit.js';
import { noteCreate } from '../../../test/sync-client.js';
import { HttpError } from '../../lib/errors.js';
import { StoredWriteLimiter, WriteLimiter } from './limits.js';

/** Issue 12, point 7: one user cannot exhaust the server's storage or its write capacity. */

describe('storage quota', () => {
  const t = useServerTest({ config: { userQuotaMb: 0.02 }, user: false }); // 20,971 bytes

  const storedBytes = async (userId: string) =>
    Number((await t.app.db.selectFrom('sync_user').select('bytes').where('user_id', '=', userId).executeTakeFirst())?.bytes);
  const actualBytes = async (userId: string) =>
    Number(
      (
        await sql<{ n: number }>`SELECT coalesce(sum(octet_length(data)), 0) AS n FROM entities WHERE user_id = ${userId} AND deleted = 0`.execute(
          t.app.db,
        )
      ).rows[0]!.n,
    );

  it('answers 413 QUOTA_EXCEEDED over REST, rejects per mutation in a push, and always allows deletes', async () => {
    const user = await t.seedUser();
    const post = () => t.callAs(user, 'POST', '/api/notes', { title: 'big', content: 'é'.repeat(4_000) });
    const first = await post();
    const second = await post();
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const over = await post();
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: { code: 'QUOTA_EXCEEDED', message: expect.stringMatching(/^Storage limit reached/) } });

    // The counter is kept from size deltas and matches the rows (UTF-8 bytes: é is two).
    expect(await storedBytes(user.id)).toBe(await actualBytes(user.id));
    expect(await storedBytes(user.id)).toBeGreaterThan(16_000);

    const client = newClientId('limits-client');
    const res = (await t.push(user, client, [noteCreate(1, 'p1', 8_000), { id: 2, name: 'task.create', args: { id: 'small', title: 'fits' } }])).json() as PushResponse;
    expect(res.lastMutationId).toBe(2);
    expect(res.results[0]).toMatchObject({ id: 1, status: 'rejected', code: 'QUOTA_EXCEEDED', message: expect.stringMatching(/Storage limit/) });
    expect(res.results[1]).toMatchObject({ id: 2, status: 'applied' });

    // At the quota an edit that shrinks a note still passes; one that grows it does not.
    const secondId = (second.json() as { _id: string })._id;
    const edits = (await t.push(user, client, [
      { id: 3, name: 'note.update', args: { id: secondId, content: 'é'.repeat(3_000) } },
      { id: 4, name: 'note.update', args: { id: secondId, content: 'é'.repeat(9_000) } },
    ])).json() as PushResponse;
    expect(edits.results.map((r) => r.status)).toEqual(['applied', 'rejected']);
    expect(await storedBytes(user.id)).toBe(await actualBytes(user.id));

    // Deleting is always allowed and frees room.
    const del = await t.callAs(user, 'DELETE', `/api/notes/${(first.json() as { _id: string })._id}`);
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
  const t = useServerTest({ build: { syncLimits: { writesPerMinute: 6, writeBurst: 3 } }, user: false });

  it('answers 429 with Retry-After on push and on REST writes, per user', async () => {
    const user = await t.seedUser();
    const client = newClientId('limits-client');
    const ok = await t.push(user, client, [1, 2, 3].map((i) => ({ id: i, name: 'task.create', args: { id: `r${i}`, title: 't' } })));
    expect(ok.statusCode).toBe(200);

    const limited = await t.push(user, client, [{ id: 4, name: 'task.create', args: { id: 'r4', title: 't' } }]);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });

    const rest = await t.callAs(user, 'POST', '/api/tasks', { title: 'x' });
    expect(rest.statusCode).toBe(429);
    expect(rest.headers['retry-after']).toBeDefined();
    // Reads are not limited, and another user is not affected.
    expect((await t.callAs(user, 'GET', '/api/tasks')).statusCode).toBe(200);
    const other = await t.seedUser();
    expect((await t.callAs(other, 'POST', '/api/tasks', { title: 'x' })).statusCode).toBe(201);
  });
});

describe('push batch budget', () => {
  it('stops a batch at batchMaxRows row writes: lastMutationId says how far it got, the rest is sent again', async () => {
    await withTestApp({}, { syncLimits: { batchMaxRows: 5 } }, async (fx) => {
      const user = await seedUser(fx.app);
      const client = newClientId('limits-client');
      const mutations = Array.from({ length: 20 }, (_, i): Mutation => ({ id: i + 1, name: 'task.create', args: { id: `b${i}`, title: 't' } }));
      const first = (await pushAs(fx.app, user, client, mutations)).json() as PushResponse;
      expect(first.lastMutationId).toBe(6);
      expect(first.results.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
      const rest = (await pushAs(fx.app, user, client, mutations)).json() as PushResponse;
      expect(rest.results.slice(0, 6).every((r) => r.status === 'skipped')).toBe(true);
      expect(rest.lastMutationId).toBe(12);
      // The budget is checked before each mutation but the first: every push makes progress.
      const big = await pushAs(fx.app, user, client, [{ id: 13, name: 'task.delete', args: { id: 'b0' } }]);
      expect((big.json() as PushResponse).lastMutationId).toBe(13);
    });
  });
});

describe('StoredWriteLimiter', () => {
  const t = useServerTest({ user: false });

  it("adds up a user's concurrent charges: each answers once its cost is stored, none is lost", async () => {
    const limits = { writesPerMinute: 60, writeBurst: 100 };
    const at = Date.now();
    const clock = () => at; // no refill between the charges (and recent: the maintenance job keeps the rows)
    const limiter = new StoredWriteLimiter(t.app.db, limits, clock);
    const tokens = async (userId: string) =>
      Number((await t.app.db.selectFrom('write_buckets').select('tokens').where('user_id', '=', userId).executeTakeFirst())?.tokens);
    const [a, b] = [await t.seedUser(), await t.seedUser()];
    const charged: number[] = [];
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => limiter.charge(a.id, 1 + (i % 3)).then(async () => charged.push(await tokens(a.id)))),
      limiter.charge(b.id, 5),
    ]);
    // 12 charges of 1, 2, 3, 1, 2, 3…: 24 in all; each answered after its own cost was in the store.
    expect(await tokens(a.id)).toBe(100 - 24);
    expect(await tokens(b.id)).toBe(95);
    expect(charged.every((n) => n <= 100 - 1)).toBe(true);
    await limiter.charge(a.id, 6);
    expect(await tokens(a.id)).toBe(100 - 30);
    await expect(limiter.check(a.id)).resolves.toBeUndefined();
    // Checks that arrive together share one read; a check after a charge reads again (nothing is kept).
    await limiter.charge(a.id, 70);
    const checks = await Promise.all(Array.from({ length: 5 }, () => limiter.check(a.id).then(() => 'ok', (err: unknown) => err)));
    expect(checks.every((c) => c instanceof HttpError && c.statusCode === 429)).toBe(true);
    await expect(limiter.check(b.id)).resolves.toBeUndefined();
  });
});
