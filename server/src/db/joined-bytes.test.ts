import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '@adhd/shared/sync/protocol';
import { newClientId, useServerTest } from '../../test/kit.js';
import { dialectOf } from './dialect.js';
import { joinedBytesOfRows } from './joined-bytes.js';

/**
 * The pull's page is written as bytes (joined-bytes.ts): on SQLite each change's JSON is read as a BLOB from the
 * store's handle. Text beyond ASCII, escapes and tombstones must come out exactly as the generic path (rows
 * through Kysely, encoded by JavaScript) writes them, and the answer must parse to the same changes.
 */
describe('the pull page as bytes', () => {
  const t = useServerTest({ user: false });
  const titles = ['Привет, мир', 'emoji 🧠✅ and "quotes"', 'back\\slash, tab\tnew\nline', 'ü é ß 中文', ''];

  it('answers text beyond ASCII, escapes and tombstones byte for byte as the generic path does', async () => {
    const user = await t.seedUser();
    const client = newClientId('bytes');
    const mutations: Mutation[] = titles.map((title, i) => ({ id: i + 1, name: 'task.create', args: { id: `t${i}`, title: title || 'x', description: title } }));
    mutations.push({ id: 6, name: 'task.delete', args: { id: 't1' } });
    expect((await t.push(user, client, mutations)).json()).toMatchObject({ lastMutationId: 6 });

    const res = await t.app.inject({ method: 'POST', url: '/api/sync/pull', headers: user.headers, payload: { clientId: client, cursor: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const page = res.json() as { changes: { id: string; deleted: boolean; data?: { title: string; description: string } }[]; hasMore: boolean };
    expect(page.hasMore).toBe(false);
    const live = page.changes.filter((c) => !c.deleted);
    expect(live.map((c) => c.data!.description)).toEqual(titles.filter((_, i) => i !== 1));
    expect(page.changes.find((c) => c.id === 't1')).toMatchObject({ deleted: true });
    expect(page.changes.find((c) => c.id === 't1')).not.toHaveProperty('data');

    // The store's path (SQLite: BLOBs from the handle) and the generic one give the same bytes.
    const column = sql`json_object('id', id, 'data', data)`;
    const pgColumn = sql`json_build_object('id', id, 'data', data)::text`;
    const col = dialectOf(t.app.db).kind === 'postgres' ? pgColumn : column;
    const rest = sql`FROM entities WHERE user_id = ${user.id} ORDER BY version`;
    const fast = await dialectOf(t.app.db).joinedBytes(t.app.db, col, rest, '[', ']');
    const generic = await joinedBytesOfRows(t.app.db, col, rest, '[', ']');
    expect(fast.equals(generic)).toBe(true);
    expect((JSON.parse(fast.toString('utf8')) as unknown[]).length).toBe(titles.length);
    // No rows: head and tail alone; NULL values as empty text.
    const none = sql`FROM entities WHERE user_id = ${'nobody'}`;
    expect((await dialectOf(t.app.db).joinedBytes(t.app.db, col, none, '[', ']')).toString()).toBe('[]');
    const nulls = sql`CASE WHEN version % 2 = 0 THEN NULL ELSE 'x' END`;
    const withNulls = await dialectOf(t.app.db).joinedBytes(t.app.db, nulls, rest, '', '');
    expect(withNulls.equals(await joinedBytesOfRows(t.app.db, nulls, rest, '', ''))).toBe(true);
  });
});
