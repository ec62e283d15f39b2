import { describe, expect, it } from 'vitest';
import { fieldsOf, useServerTest, type Method } from '../../../test/kit.js';
import { tagsApi } from '../../../test/tags.js';

/** The tag-references routes: adding and removing a tag on an item, and listing by item and by tag. */

const t = useServerTest();
const { call } = t;
const { createTag, createTask, taskTags } = tagsApi(t);

describe('tag references', () => {
  it('adds idempotently, lists by item and by tag, and removes with a body or query parameters', async () => {
    const a = await createTag();
    const b = await createTag();
    const task = await createTask();
    const refA = { tagId: a._id, itemId: task._id, itemType: 'task' };
    const refB = { tagId: b._id, itemId: task._id, itemType: 'task' };
    const add = await call('POST', '/api/tag-references', refA);
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual(refA);
    expect((await call('POST', '/api/tag-references', refA)).statusCode).toBe(201);
    await call('POST', '/api/tag-references', refB);
    expect(await taskTags(task._id)).toEqual([a._id, b._id]);

    const byItem = await call('GET', `/api/tag-references/by-item?itemId=${task._id}&itemType=task`);
    expect(byItem.statusCode).toBe(200);
    expect(byItem.json()).toEqual([refA, refB]);
    expect((await call('GET', `/api/tag-references/by-tag?tagId=${a._id}`)).json()).toEqual([refA]);
    expect((await call('GET', `/api/tag-references/by-tag?tagId=${a._id}&itemType=task`)).json()).toEqual([refA]);
    expect((await call('GET', `/api/tag-references/by-tag?tagId=${a._id}&itemType=note`)).json()).toEqual([]);
    expect((await call('GET', `/api/tags/${a._id}/usage-count`)).json()).toEqual({ count: 1 });

    const remove = await call('DELETE', '/api/tag-references', refA);
    expect(remove.statusCode).toBe(200);
    expect(remove.json()).toEqual({ success: true });
    expect((await call('DELETE', '/api/tag-references', refA)).statusCode).toBe(200);
    expect(await taskTags(task._id)).toEqual([b._id]);
    const byQuery = await call('DELETE', `/api/tag-references?tagId=${b._id}&itemId=${task._id}&itemType=task`);
    expect(byQuery.statusCode).toBe(200);
    expect(await taskTags(task._id)).toEqual([]);
    expect((await call('GET', `/api/tag-references/by-tag?tagId=${a._id}`)).json()).toEqual([]);
  });

  it('answers 404 when the item is missing or deleted, or when the tag to add is', async () => {
    const tag = await createTag();
    const deletedTag = await createTag();
    await call('DELETE', `/api/tags/${deletedTag._id}`);
    const task = await createTask();
    const gone = await createTask();
    await call('DELETE', `/api/tasks/${gone._id}`);
    const expect404 = async (method: Method, url: string, body: unknown, message: string) => {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message } });
    };
    await expect404('POST', '/api/tag-references', { tagId: tag._id, itemId: 'nope', itemType: 'task' }, 'Item not found');
    await expect404('POST', '/api/tag-references', { tagId: tag._id, itemId: gone._id, itemType: 'task' }, 'Item not found');
    await expect404('POST', '/api/tag-references', { tagId: tag._id, itemId: task._id, itemType: 'note' }, 'Item not found');
    await expect404('POST', '/api/tag-references', { tagId: 'nope', itemId: task._id, itemType: 'task' }, 'Tag not found');
    await expect404('POST', '/api/tag-references', { tagId: deletedTag._id, itemId: task._id, itemType: 'task' }, 'Tag not found');
    await expect404('DELETE', '/api/tag-references', { tagId: tag._id, itemId: gone._id, itemType: 'task' }, 'Item not found');
    await expect404('GET', `/api/tag-references/by-item?itemId=${gone._id}&itemType=task`, undefined, 'Item not found');
    await expect404('GET', `/api/tag-references/by-tag?tagId=${deletedTag._id}`, undefined, 'Tag not found');
    // Removing a tag the item does not hold, or a deleted tag, is a no-op.
    expect((await call('DELETE', '/api/tag-references', { tagId: deletedTag._id, itemId: task._id, itemType: 'task' })).statusCode).toBe(200);
  });

  it('answers 400 naming each bad field', async () => {
    const post = await call('POST', '/api/tag-references', { tagId: 'bad id', itemType: 'inbox' });
    expect(post.statusCode).toBe(400);
    expect(fieldsOf(post)).toEqual(['itemId', 'itemType', 'tagId']);
    const del = await call('DELETE', '/api/tag-references');
    expect(del.statusCode).toBe(400);
    expect(fieldsOf(del)).toEqual(['itemId', 'itemType', 'tagId']);
    const byItem = await call('GET', '/api/tag-references/by-item?itemId=x');
    expect(byItem.statusCode).toBe(400);
    expect(fieldsOf(byItem)).toEqual(['itemType']);
    const byTag = await call('GET', '/api/tag-references/by-tag?tagId=x&itemType=folder');
    expect(byTag.statusCode).toBe(400);
    expect(fieldsOf(byTag)).toEqual(['itemType']);
    expect((await call('GET', '/api/tag-references/by-tag')).statusCode).toBe(400);
  });

  it('lists by item only tags that are still live', async () => {
    const tag = await createTag();
    const task = await createTask({ tags: [tag._id, 'never-a-tag'] });
    expect((await call('GET', `/api/tag-references/by-item?itemId=${task._id}&itemType=task`)).json()).toEqual([
      { tagId: tag._id, itemId: task._id, itemType: 'task' },
    ]);
  });
});
