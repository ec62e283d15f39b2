import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Mutation } from '@adhd/shared/sync/protocol';
import { newClientId, pushAs, useServerTest } from '../../../test/kit.js';
import { TEST_STORE } from '../../../test/stores.js';
import { padded } from '../../db/compiled.js';
import { findEntities } from './repository.js';

/**
 * The push's id lists and tag references are padded to a few lengths (db/compiled.ts `padded`), so that a push
 * of 50 mutations does not build, compile and prepare its queries anew for a count of its own. The padding
 * repeats the last item: the answers and the rows written must be exactly those of the unpadded lists.
 */
describe('padded', () => {
  it('keeps short lists and multiples of 8, pads the rest to the next multiple of 8 with the last item', () => {
    expect(padded([])).toEqual([]);
    expect(padded(['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    const eight = Array.from({ length: 8 }, (_, i) => `x${i}`);
    expect(padded(eight)).toBe(eight);
    const nine = [...eight, 'y'];
    expect(padded(nine)).toEqual([...nine, 'y', 'y', 'y', 'y', 'y', 'y', 'y']);
    const sixtyOne = Array.from({ length: 61 }, (_, i) => i);
    expect(padded(sixtyOne)).toEqual([...sixtyOne, 60, 60, 60]);
    expect(sixtyOne).toHaveLength(61); // the caller's list is left alone
  });
});

describe(`padded shapes in the push (${TEST_STORE})`, () => {
  const t = useServerTest();

  const refsOf = async (userId: string) =>
    (
      await sql<{ tag_id: string; item_type: string; item_id: string }>`select tag_id, item_type, item_id from tag_refs where user_id = ${userId}
        order by item_id, tag_id`.execute(t.app.db)
    ).rows;

  it('writes exactly the tag references of 50 tasks whose tags add up to a count that is padded', async () => {
    const owner = await t.seedUser();
    const clientId = newClientId('padded-refs');
    const tags = ['tag-a', 'tag-b', 'tag-c', 'tag-d'];
    // 50 tasks with 0–3 tags (one repeated), 73 references: padded to 80 in one insert.
    const tagsOf = (i: number) => (i % 4 === 0 ? [] : i % 4 === 1 ? [tags[i % 3]!] : i % 4 === 2 ? [tags[0]!, tags[3]!, tags[0]!] : tags.slice(1, 4));
    const id = (i: number) => `padded-task-${String(i).padStart(2, '0')}`;
    const mutations: Mutation[] = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: 'task.create', args: { id: id(i), title: `T${i}`, tags: tagsOf(i) } }));
    const expected = (tagsFor: (i: number) => string[]) =>
      Array.from({ length: 50 }, (_, i) => [...new Set(tagsFor(i))].map((tag) => ({ tag_id: tag, item_type: 'task', item_id: id(i) })))
        .flat()
        .sort((a, b) => (a.item_id < b.item_id ? -1 : a.item_id > b.item_id ? 1 : a.tag_id < b.tag_id ? -1 : 1));
    expect(expected(tagsOf)).toHaveLength(73);

    const res = await pushAs(t.app, owner, clientId, mutations);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
    expect(await refsOf(owner.id)).toEqual(expected(tagsOf));

    // The same rows again with other tags: 43 held rows (padded to 48) lose their references, and get new ones.
    const retag = (i: number) => (i < 43 ? [tags[(i + 1) % 4]!] : tagsOf(i));
    const updates: Mutation[] = Array.from({ length: 43 }, (_, i) => ({ id: 51 + i, name: 'task.update', args: { id: id(i), tags: retag(i) } }));
    const again = await pushAs(t.app, owner, clientId, updates);
    expect(again.statusCode).toBe(200);
    expect(again.json().lastMutationId).toBe(93);
    expect(await refsOf(owner.id)).toEqual(expected(retag));
  });

  it('reads exactly the rows asked for when the id list is padded, other users and missing ids left out', async () => {
    const owner = await t.seedUser();
    const other = await t.seedUser();
    const ids = Array.from({ length: 11 }, (_, i) => `padded-read-${i}`);
    const create = (i: number, id: string): Mutation => ({ id: i + 1, name: 'task.create', args: { id, title: id } });
    expect((await pushAs(t.app, owner, newClientId('padded-read'), ids.slice(0, 9).map((id, i) => create(i, id)))).statusCode).toBe(200);
    expect((await pushAs(t.app, other, newClientId('padded-read-other'), ids.map((id, i) => create(i, id)))).statusCode).toBe(200);
    // 11 ids (padded to 16 with the last, which the owner does not have): the owner's 9 rows, once each.
    const rows = await findEntities(t.app.db, owner.id, 'task', ids);
    expect(rows.map((r) => r.id).sort()).toEqual(ids.slice(0, 9).sort());
    // The last id is one the owner has: it is repeated by the padding and still read once.
    const withLast = [...ids.slice(9), ...ids.slice(0, 9)];
    expect((await findEntities(t.app.db, owner.id, 'task', withLast)).map((r) => r.id).sort()).toEqual(ids.slice(0, 9).sort());
  });

  it('rejects a bad mutation in the middle of 50 as before, and applies the others', async () => {
    const owner = await t.seedUser();
    const mutations: Mutation[] = Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      name: 'task.create',
      args: i === 24 ? { id: `padded-bad-${i}`, title: '' } : { id: `padded-bad-${i}`, title: `T${i}`, tags: i % 2 ? ['tag-x'] : [] },
    }));
    const res = await pushAs(t.app, owner, newClientId('padded-bad'), mutations);
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { id: number; status: string; code?: string }[];
    expect(results.filter((r) => r.status !== 'applied')).toEqual([expect.objectContaining({ id: 25, status: 'rejected', code: 'VALIDATION' })]);
    expect(await refsOf(owner.id)).toHaveLength(25);
  });
});
