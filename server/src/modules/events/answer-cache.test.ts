import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';
import { AnswerCache } from './answer-cache.js';

/** The range answers' cache (answer-cache.ts): keyed by user, range and zone, valid at one version counter. */

describe('AnswerCache', () => {
  const buf = (n: number) => Buffer.alloc(n, 0x20);
  const range = { from: '2025-05-01', to: '2025-05-31' };

  it('answers a held answer only at the counter it was built at, and drops it at another', () => {
    const cache = new AnswerCache(1_000);
    const key = AnswerCache.key('u1', range, 'Europe/Berlin');
    cache.set(key, 7, buf(10));
    expect(cache.get(key, 7)?.length).toBe(10);
    expect(cache.get(AnswerCache.key('u2', range, 'Europe/Berlin'), 7)).toBeUndefined();
    expect(cache.get(AnswerCache.key('u1', range, 'UTC'), 7)).toBeUndefined();
    expect(cache.get(AnswerCache.key('u1', { ...range, to: '2025-05-30' }, 'Europe/Berlin'), 7)).toBeUndefined();
    expect(cache.get(key, 8)).toBeUndefined();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    expect(cache.get(key, 7)).toBeUndefined();
  });

  it('holds at most its bound of bytes, least recently used dropped first, and no answer over a quarter of it', () => {
    const cache = new AnswerCache(1_000);
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, 1, buf(200));
    expect(cache.size).toEqual({ entries: 5, bytes: 1_000 });
    expect(cache.get('k0', 1)).toBeDefined();
    cache.set('k5', 1, buf(200));
    expect(cache.size.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.get('k1', 1)).toBeUndefined();
    expect(cache.get('k0', 1)).toBeDefined();
    cache.set('big', 1, buf(251));
    expect(cache.get('big', 1)).toBeUndefined();
    cache.set('k0', 2, buf(100));
    expect(cache.size.bytes).toBe(900);
    const off = new AnswerCache(0);
    off.set('k', 1, buf(1));
    expect(off.size.entries).toBe(0);
  });
});

describe('the range routes with cached answers', () => {
  const t = useServerTest({ each: true });
  const timed = { startDate: '2025-05-05', startTime: '23:30', endTime: '23:45' };
  const month = async (as = t.user, zone = 'Europe/Berlin') => {
    const res = await t.callAs(as, 'GET', '/api/events/by-month?date=2025-05-15', undefined, { 'x-timezone': zone });
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string; startDate: string }[]).map((o) => `${o.startDate} ${o.title}`);
  };

  it('shows every write at once: REST, a task with a due date, a push, and a row written by another instance', async () => {
    const e = await t.create('/api/events', { title: 'A', ...timed });
    expect(await month()).toEqual(['2025-05-05 A']);
    expect(await month()).toEqual(['2025-05-05 A']);
    expect((await t.call('PUT', `/api/events/${e._id}`, { title: 'B' })).statusCode).toBe(200);
    expect(await month()).toEqual(['2025-05-05 B']);
    await t.create('/api/tasks', { title: 'Due', dueDate: '2025-05-07' });
    expect(await month()).toEqual(['2025-05-05 B', '2025-05-07 Due']);
    const push = await t.push(t.user, 'answer-cache-device-1', [{ id: 1, name: 'event.delete', args: { id: e._id } }]);
    expect(push.statusCode).toBe(200);
    expect(await month()).toEqual(['2025-05-07 Due']);
    // Another instance on the same PostgreSQL writes the row and raises the counter in one transaction; this one
    // only sees the store.
    const other = await t.create('/api/events', { title: 'C', ...timed });
    expect(await month()).toEqual(['2025-05-05 C', '2025-05-07 Due']);
    await t.app.db.transaction().execute(async (trx) => {
      const data = JSON.stringify({ ...JSON.parse((await trx.selectFrom('entities').select('data').where('id', '=', other._id).executeTakeFirstOrThrow()).data), title: 'D' });
      const seq = sql<number>`(SELECT seq + 1 FROM sync_user WHERE user_id = ${t.user.id})`;
      await trx.updateTable('entities').set({ data, version: seq }).where('user_id', '=', t.user.id).where('id', '=', other._id).execute();
      await trx.updateTable('sync_user').set({ seq: sql`seq + 1` }).where('user_id', '=', t.user.id).execute();
    });
    expect(await month()).toEqual(['2025-05-05 D', '2025-05-07 Due']);
  });

  it('keeps users and time zones apart', async () => {
    const other = await t.seedUser('answer-cache-other@example.com');
    await t.create('/api/events', { title: 'Mine', ...timed, timezone: 'Europe/Berlin' });
    await t.create('/api/events', { title: 'Theirs', ...timed }, other);
    expect(await month()).toEqual(['2025-05-05 Mine']);
    expect(await month(other)).toEqual(['2025-05-05 Theirs']);
    // An event fixed to Berlin at 23:30 falls on the next day in Tokyo.
    expect(await month(t.user, 'Asia/Tokyo')).toEqual(['2025-05-06 Mine']);
    expect(await month()).toEqual(['2025-05-05 Mine']);
    await t.create('/api/events', { title: 'Theirs 2', ...timed }, other);
    expect(await month()).toEqual(['2025-05-05 Mine']);
    expect(await month(other)).toEqual(['2025-05-05 Theirs', '2025-05-05 Theirs 2']);
  });
});
