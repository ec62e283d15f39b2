import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '@adhd/shared/sync/protocol';
import { newClientId, useServerTest } from '../../../test/kit.js';
import { noteCreate } from '../../../test/sync-client.js';
import { dialectOf } from '../../db/dialect.js';
import { joinParts } from '../../db/joined-bytes.js';
import { collectTombstones } from './repository.js';

/**
 * The pull's page is read in one statement and written as bytes (repository.ts `readPage`, db/joined-bytes.ts):
 * it must answer byte for byte what the previous implementation answered (session 20: the state read by three
 * statements, the cut by one, the rows by another, joined in JavaScript), reproduced below, for mixed entities,
 * tombstones, tags, text beyond ASCII, every cursor (page edges included), size cuts, resets and epochs.
 */

type AnyDb = Kysely<unknown>;
const PULL_MAX_BYTES = 3_000;

async function previousPage(db: AnyDb, userId: string, clientId: string, cursor: number, limit: number, epoch?: string): Promise<string> {
  const d = dialectOf(db);
  const one = async <R>(q: ReturnType<typeof sql>) => (await q.execute(db)).rows[0] as R | undefined;
  const client = await one<{ user_id: string; last_mutation_id: unknown }>(sql`SELECT user_id, last_mutation_id FROM sync_client WHERE client_id = ${clientId}`);
  if (client && client.user_id !== userId) throw new Error('forbidden');
  const counters = await one<{ seq: unknown; min_version: unknown }>(sql`SELECT seq, min_version FROM sync_user WHERE user_id = ${userId}`);
  const [seq, minVersion] = [Number(counters?.seq ?? 0), Number(counters?.min_version ?? 0)];
  const current = await one<{ id: string }>(sql`SELECT id FROM epochs ORDER BY n DESC LIMIT 1`);
  const known = epoch === undefined || epoch === current?.id || (await one(sql`SELECT n FROM epochs WHERE id = ${epoch}`)) !== undefined;
  const reset = !known || cursor > seq || (cursor > 0 && cursor < minVersion);
  const from = reset ? 0 : cursor;
  const taken = sql`(rn = 1 OR total <= ${PULL_MAX_BYTES}) AND rn <= ${limit}`;
  const cut = await one<{ fetched: unknown; take: unknown; last: unknown }>(sql`SELECT count(*) AS fetched,
      sum(CASE WHEN ${taken} THEN 1 ELSE 0 END) AS take, max(CASE WHEN ${taken} THEN version END) AS last
    FROM (SELECT version, row_number() OVER (ORDER BY version) AS rn, sum(size + 160) OVER (ORDER BY version ROWS UNBOUNDED PRECEDING) AS total
      FROM (SELECT version, octet_length(data) AS size FROM entities WHERE user_id = ${userId} AND version > ${from} ORDER BY version LIMIT ${limit + 1}) sizes) cut`);
  const [fetched, take] = [Number(cut?.fetched ?? 0), Number(cut?.take ?? 0)];
  const hasMore = fetched > take;
  const next = hasMore ? Number(cut!.last) : Math.max(seq, from);
  const head = `{"cursor":${next},"hasMore":${hasMore},"reset":${reset},"lastMutationId":${Number(client?.last_mutation_id ?? 0)},"epoch":${JSON.stringify(current?.id ?? '')},"changes":[`;
  if (take === 0) return `${head}]}`;
  const q = d.jsonQuote;
  const open = sql`${d.dropLastChar(sql.ref('data'))} || CASE WHEN octet_length(data) > 2 THEN ',' ELSE '' END`;
  const live = sql`',"deleted":false,"data":' || ${open} || '"createdAt":' || ${q(sql.ref('created_at'))} || ',"updatedAt":' || ${q(sql.ref('updated_at'))} || '}}'`;
  const change = sql`'{"entity":' || ${q(sql.ref('type'))} || ',"id":' || ${q(sql.ref('id'))} || ',"version":' || CAST(version AS TEXT) || CASE WHEN deleted = 1 THEN ',"deleted":true}' ELSE ${live} END`;
  const { rows } = await sql<{ v: string }>`SELECT ${change} AS v FROM entities WHERE user_id = ${userId} AND version > ${from} ORDER BY version LIMIT ${take}`.execute(db);
  return `${head}${rows.map((r) => r.v).join(',')}]}`;
}

describe('the pull page as bytes', () => {
  const t = useServerTest({ build: { syncLimits: { pullMaxBytes: PULL_MAX_BYTES } }, user: false });
  const titles = ['Привет, мир', 'emoji 🧠✅ and "quotes"', 'back\\slash, tab\tnew\nline', 'ü é ß 中文', '', 'x'];

  it('answers every page exactly as the previous implementation, at every cursor, limit and epoch', async () => {
    const user = await t.seedUser();
    const other = await t.seedUser();
    const client = newClientId('bytes');
    const db = t.app.db as unknown as AnyDb;
    // Nothing yet: an empty page (no client row, no counters).
    const pull = async (cursor: number, limit: number, epoch?: string) => (await t.app.sync.pullJson(user.id, client, { cursor, limit, epoch })).toString('utf8');
    expect(await pull(0, 10)).toBe(await previousPage(db, user.id, client, 0, 10));

    const mutations: Mutation[] = titles.map((title, i) => ({ id: i + 1, name: 'task.create', args: { id: `t${i}`, title: title || 'x', description: title } }));
    mutations.push(
      { id: 7, name: 'tag.create', args: { id: 'g1', name: 'тег' } },
      noteCreate(8, 'n-big', 2_500),
      { id: 9, name: 'tagRef.add', args: { tagId: 'g1', itemId: 't0', itemType: 'task' } },
      noteCreate(10, 'n-small', 10),
      { id: 11, name: 'task.delete', args: { id: 't1' } },
      { id: 12, name: 'task.create', args: { id: 'later', title: 'later' } },
      { id: 13, name: 'task.delete', args: { id: 'later' } },
    );
    expect((await t.push(user, client, mutations)).json()).toMatchObject({ lastMutationId: 13 });
    const seq = (await t.app.sync.currentVersion(user.id)) + 2;
    const current = (JSON.parse(await pull(0, 1)) as { epoch: string }).epoch;
    for (const limit of [1, 2, 3, 5_000]) {
      for (let cursor = 0; cursor <= seq; cursor++) {
        for (const epoch of [undefined, current, 'no-such-epoch']) {
          expect(await pull(cursor, limit, epoch), `cursor ${cursor} limit ${limit} epoch ${epoch}`).toBe(await previousPage(db, user.id, client, cursor, limit, epoch));
        }
      }
    }
    // The whole pull, page by page, parses to every row once, tombstones without data.
    type Change = { id: string; deleted: boolean; data?: { description?: string } };
    const changes: Change[] = [];
    for (let cursor = 0, more = true; more; ) {
      const page = JSON.parse(await pull(cursor, 5_000)) as { changes: Change[]; hasMore: boolean; cursor: number };
      changes.push(...page.changes);
      [cursor, more] = [page.cursor, page.hasMore];
    }
    expect(new Set(changes.map((c) => c.id)).size).toBe(changes.length);
    expect(changes.find((c) => c.id === 't1')).toEqual(expect.objectContaining({ deleted: true }));
    expect(changes.find((c) => c.id === 't1')).not.toHaveProperty('data');
    expect(changes.find((c) => c.id === 't2')?.data?.description).toBe(titles[2]);

    // Older tombstones collected: cursors below min_version reset, as before.
    await collectTombstones(t.app.db, user.id, new Date(Date.now() + 1000).toISOString());
    for (let cursor = 0; cursor <= seq; cursor++) expect(await pull(cursor, 3)).toBe(await previousPage(db, user.id, client, cursor, 3));
    // Another user's client is refused.
    await expect(t.app.sync.pullJson(other.id, client, { cursor: 0, limit: 10 })).rejects.toMatchObject({ statusCode: 403 });
  });

  it('answers text beyond ASCII over HTTP with its length', async () => {
    const user = await t.seedUser();
    const client = newClientId('bytes-http');
    const mutations: Mutation[] = titles.map((title, i) => ({ id: i + 1, name: 'task.create', args: { id: `t${i}`, title: title || 'x', description: title } }));
    expect((await t.push(user, client, mutations)).json()).toMatchObject({ lastMutationId: titles.length });
    const res = await t.app.inject({ method: 'POST', url: '/api/sync/pull', headers: user.headers, payload: { clientId: client, cursor: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const page = res.json() as { changes: { data?: { description: string } }[] };
    expect(page.changes.map((c) => c.data!.description)).toEqual(titles);
  });

  it('joins string and byte parts between a head and a tail', () => {
    expect(joinParts([], '[', ']').toString()).toBe('[]');
    expect(joinParts(['"é"', Buffer.from('1,2'), ''], '[', ']').toString()).toBe('["é",1,2,]');
    expect(joinParts([new TextEncoder().encode('"🧠"')], '{"a":', '}').toString()).toBe('{"a":"🧠"}');
  });
});
