import { describe, expect, it } from 'vitest';
import { tagIdFor } from '@adhd/shared/tags/ids';
import { useServerTest } from '../../../test/kit.js';

/** Tags through the sync protocol: offline devices adding, creating and naming tags. */

const t = useServerTest();
const { callAs } = t;

describe('sync', () => {
  it('merges tags two offline devices add to the same task', async () => {
    const owner = await t.seedUser();
    const a = t.device(owner, 'tags-merge-client-a');
    const b = t.device(owner, 'tags-merge-client-b');
    await a.mutate('task.create', { id: 'shared-task', title: 'Shared' });
    await a.mutate('tag.create', { id: 'tag-home', name: 'Home' });
    await a.mutate('tag.create', { id: 'tag-work', name: 'Work' });
    await a.push();
    await b.pull();

    // Both offline: each adds a different tag (and B adds A's tag twice).
    expect(await a.mutate('tagRef.add', { tagId: 'tag-home', itemId: 'shared-task', itemType: 'task' })).toBe(true);
    expect(await b.mutate('tagRef.add', { tagId: 'tag-work', itemId: 'shared-task', itemType: 'task' })).toBe(true);
    expect(await b.mutate('tagRef.add', { tagId: 'tag-home', itemId: 'shared-task', itemType: 'task' })).toBe(true);
    expect(b.liveRows()[0]!.data.tags).toEqual(['tag-work', 'tag-home']);

    await a.push();
    const pushed = await b.push();
    expect(pushed!.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    await a.pull();
    await b.pull();
    expect(a.liveRows()).toEqual(b.liveRows());
    expect(a.liveRows()[0]!.data.tags).toEqual(['tag-home', 'tag-work']);
    expect((await callAs(owner, 'GET', '/api/tasks/shared-task')).json().tags).toEqual(['tag-home', 'tag-work']);
    expect((await callAs(owner, 'GET', '/api/tag-references/by-item?itemId=shared-task&itemType=task')).json()).toHaveLength(2);
  });

  it('tag.delete sees rows written earlier in the same push, and leaves deleted items deleted', async () => {
    const owner = await t.seedUser();
    const a = t.device(owner, 'tags-same-push-client');
    await a.mutate('tag.create', { id: 'g', name: 'G' });
    await a.mutate('task.create', { id: 'stored', title: 'stored', tags: ['g'] });
    await a.push();
    await a.pull();
    await a.mutate('task.create', { id: 'fresh', title: 'fresh', tags: ['g'] });
    await a.mutate('task.create', { id: 'gone', title: 'gone', tags: ['g'] });
    await a.mutate('task.delete', { id: 'gone' });
    await a.mutate('tag.delete', { id: 'g' });
    const res = await a.push();
    expect(res!.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    await a.pull();
    expect(a.liveRows().map((r) => [r.id, r.data.tags])).toEqual([
      ['fresh', []],
      ['stored', []],
    ]);
    expect((await a.base.get('task', 'gone'))?.deleted).toBe(true);
    expect(a.view.live('tag')).toEqual([]);
  });

  it('converges two offline creations of the same name on one tag id', async () => {
    const owner = await t.seedUser();
    const a = t.device(owner, 'tags-name-client-a');
    const b = t.device(owner, 'tags-name-client-b');
    await a.mutate('task.create', { id: 'task-1', title: 'One' });
    await a.push();
    await b.pull();
    for (const [client, name] of [[a, 'Errands'], [b, ' errands ']] as const) {
      const id = tagIdFor(owner.id, name);
      await client.mutate('tag.create', { id, name });
      await client.mutate('tagRef.add', { tagId: id, itemId: 'task-1', itemType: 'task' });
    }
    await a.push();
    const late = await b.push();
    // B's create loses (the id exists) but its reference lands on the same tag.
    expect(late!.results.map((r) => ('code' in r ? r.code : r.status))).toEqual(['EXISTS', 'applied']);
    await a.pull();
    await b.pull();
    expect(a.view.live('tag')).toEqual(b.view.live('tag'));
    expect(a.view.live('tag').map((t) => t.data.name)).toEqual(['Errands']);
    expect(b.liveRows()[0]!.data.tags).toEqual([tagIdFor(owner.id, 'ERRANDS')]);
  });
});
