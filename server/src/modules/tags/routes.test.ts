import { describe, expect, it } from 'vitest';
import { tagIdFor } from '@adhd/shared/tags/ids';
import { fieldsOf, useServerTest, type Method } from '../../../test/kit.js';
import { tagsApi } from '../../../test/tags.js';

/** The tags REST routes: create, list, edit, delete, usage counts, and isolation between users. */

const t = useServerTest();
const { call, callAs } = t;
const { uniqueName, createTag, createTask, taskTags } = tagsApi(t);

describe('POST /api/tags', () => {
  it('creates a tag with the default colour and empty description, with a name-derived id', async () => {
    const name = uniqueName('Work');
    const res = await call('POST', '/api/tags', { name: `  ${name} ` });
    expect(res.statusCode).toBe(201);
    const tag = res.json();
    expect(tag).toEqual({
      _id: tagIdFor(t.user.id, name),
      name,
      color: '#FFD6E7',
      description: '',
      usageCount: 0,
      createdAt: expect.any(String),
      updatedAt: tag.createdAt,
      version: expect.any(Number),
    });
  });

  it('keeps a client-generated _id, colour and description', async () => {
    const tag = await createTag({ _id: 'tag-client-1', color: '#abc', description: 'from the phone' });
    expect(tag).toMatchObject({ _id: 'tag-client-1', color: '#abc', description: 'from the phone' });
  });

  it('answers 409 EXISTS for a name a live tag has, ignoring case, and for a taken _id', async () => {
    const name = uniqueName('Dup');
    await createTag({ name });
    const again = await call('POST', '/api/tags', { name: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'EXISTS', message: 'Tag already exists' } });
    const sameId = await call('POST', '/api/tags', { _id: 'tag-client-1', name: uniqueName() });
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json().error.code).toBe('EXISTS');
  });

  it('creates a name again after its tag was deleted or renamed (a fresh id when the derived one is taken)', async () => {
    const name = uniqueName('Again');
    const first = await createTag({ name });
    expect((await call('DELETE', `/api/tags/${first._id}`)).statusCode).toBe(200);
    const second = await createTag({ name });
    expect(second._id).not.toBe(first._id);
    await call('PUT', `/api/tags/${second._id}`, { name: uniqueName('Renamed') });
    const third = await createTag({ name });
    expect([first._id, second._id]).not.toContain(third._id);
  });

  it('answers 400 naming each bad field, and for a missing body', async () => {
    const res = await call('POST', '/api/tags', { name: '  ', color: 'pink', description: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(fieldsOf(res)).toEqual(['color', 'description', 'name']);
    expect(res.json().error.details.find((d: { field: string }) => d.field === 'name')).toMatchObject({ key: 'tags.nameRequired', message: 'Name is required' });
    expect((await t.call('POST', '/api/tags')).statusCode).toBe(400);
  });
});

describe('GET /api/tags', () => {
  it('lists live tags sorted by name with usage counts over tasks', async () => {
    const other = await t.seedUser();
    const b = await createTag({ name: 'beta' }, other);
    const a = await createTag({ name: 'Alpha' }, other);
    const c = await createTag({ name: 'gamma' }, other);
    const gone = await createTag({ name: 'deleted' }, other);
    await createTask({ tags: [a._id, b._id] }, other);
    await createTask({ tags: [a._id] }, other);
    const deletedTask = await createTask({ tags: [a._id, c._id] }, other);
    await callAs(other, 'DELETE', `/api/tasks/${deletedTask._id}`);
    await callAs(other, 'DELETE', `/api/tags/${gone._id}`);
    const list = (await callAs(other, 'GET', '/api/tags')).json();
    expect(list.map((t: { name: string; usageCount: number }) => [t.name, t.usageCount])).toEqual([
      ['Alpha', 2],
      ['beta', 1],
      ['gamma', 0],
    ]);
    expect(list[0]).toEqual((await callAs(other, 'PUT', `/api/tags/${a._id}`, {})).json());
  });

  it('answers 401 without a token on every route', async () => {
    const routes: [Method, string][] = [
      ['GET', '/api/tags'],
      ['POST', '/api/tags'],
      ['PUT', '/api/tags/x'],
      ['DELETE', '/api/tags/x'],
      ['GET', '/api/tags/x/usage-count'],
      ['POST', '/api/tag-references'],
      ['DELETE', '/api/tag-references'],
      ['GET', '/api/tag-references/by-item?itemId=x&itemType=task'],
      ['GET', '/api/tag-references/by-tag?tagId=x'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { name: 'x' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('PUT /api/tags/:id', () => {
  it('changes only the fields sent', async () => {
    const tag = await createTag({ color: '#111111', description: 'keep' });
    const name = uniqueName('New name');
    const res = await call('PUT', `/api/tags/${tag._id}`, { name });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: tag._id, name, color: '#111111', description: 'keep' });
    expect(res.json().version).toBeGreaterThan(tag.version);
    const unchanged = await call('PUT', `/api/tags/${tag._id}`, { ...res.json<object>() });
    expect(unchanged.json().version).toBe(res.json().version);
  });

  it('answers 409 for a rename to the name of another live tag, and allows a change of case', async () => {
    const a = await createTag();
    const b = await createTag();
    const res = await call('PUT', `/api/tags/${b._id}`, { name: a.name.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'EXISTS', message: 'Tag already exists' } });
    expect((await call('PUT', `/api/tags/${a._id}`, { name: a.name.toUpperCase() })).json().name).toBe(a.name.toUpperCase());
  });

  it('answers 400 for bad fields and 404 for unknown or deleted ids', async () => {
    const tag = await createTag();
    const bad = await call('PUT', `/api/tags/${tag._id}`, { name: '', color: '#12' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['color', 'name']);
    expect((await call('PUT', '/api/tags/unknown', { name: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/tags/bad%20id', { name: 'x' })).statusCode).toBe(404);
    await call('DELETE', `/api/tags/${tag._id}`);
    const res = await call('PUT', `/api/tags/${tag._id}`, { name: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Tag not found' } });
  });
});

describe('DELETE /api/tags/:id', () => {
  it('deletes the tag and removes it from the tags of every task, visible in GET /api/tasks and in the next pull', async () => {
    const doomed = await createTag();
    const kept = await createTag();
    const t1 = await createTask({ tags: [doomed._id, kept._id] });
    const t2 = await createTask({ tags: [doomed._id] });
    const client = t.device(t.user, 'tags-delete-client-1');
    await client.pull();
    expect(client.view.live('task').find((r) => r.id === t2._id)?.data.tags).toEqual([doomed._id]);

    const res = await call('DELETE', `/api/tags/${doomed._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await call('GET', '/api/tags')).json().map((t: { _id: string }) => t._id)).not.toContain(doomed._id);
    const tasks = (await call('GET', '/api/tasks')).json() as { _id: string; tags: string[] }[];
    expect(tasks.find((t) => t._id === t1._id)?.tags).toEqual([kept._id]);
    expect(tasks.find((t) => t._id === t2._id)?.tags).toEqual([]);

    const page = await client.pullPage();
    expect(page.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'task', id: t1._id, data: expect.objectContaining({ tags: [kept._id] }) }),
        expect.objectContaining({ entity: 'task', id: t2._id, data: expect.objectContaining({ tags: [] }) }),
        { entity: 'tag', id: doomed._id, version: expect.any(Number), deleted: true },
      ]),
    );
    await client.pull();
    expect(client.view.live('tag').map((r) => r.id)).not.toContain(doomed._id);
    expect(client.view.live('task').find((r) => r.id === t2._id)?.data.tags).toEqual([]);
  });

  it('answers 404 for unknown and already deleted tags', async () => {
    const tag = await createTag();
    await call('DELETE', `/api/tags/${tag._id}`);
    expect((await call('DELETE', `/api/tags/${tag._id}`)).statusCode).toBe(404);
    const res = await call('DELETE', '/api/tags/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/tags/:id/usage-count', () => {
  it('counts live items whose tags hold the tag', async () => {
    const tag = await createTag();
    expect((await call('GET', `/api/tags/${tag._id}/usage-count`)).json()).toEqual({ count: 0 });
    await createTask({ tags: [tag._id] });
    const gone = await createTask({ tags: [tag._id] });
    await createTask({ description: `mentions "${tag._id}" in text` });
    await call('DELETE', `/api/tasks/${gone._id}`);
    expect((await call('GET', `/api/tags/${tag._id}/usage-count`)).json()).toEqual({ count: 1 });
  });

  it('answers 404 for unknown or deleted tags', async () => {
    expect((await call('GET', '/api/tags/unknown/usage-count')).statusCode).toBe(404);
    const tag = await createTag();
    await call('DELETE', `/api/tags/${tag._id}`);
    expect((await call('GET', `/api/tags/${tag._id}/usage-count`)).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it("answers 404 for another user's tags and items on every route, and never lists them", async () => {
    const mine = await createTag({ name: uniqueName('Private') });
    const task = await createTask({ tags: [mine._id] });
    const intruder = await t.seedUser();
    const theirs = await createTag({ name: uniqueName('Theirs') }, intruder);
    const theirTask = await createTask({}, intruder);
    const as = (method: Method, url: string, body?: unknown) => callAs(intruder, method, url, body);

    expect((await as('GET', '/api/tags')).json().map((t: { _id: string }) => t._id)).toEqual([theirs._id]);
    expect((await as('PUT', `/api/tags/${mine._id}`, { name: 'pwned' })).statusCode).toBe(404);
    expect((await as('DELETE', `/api/tags/${mine._id}`)).statusCode).toBe(404);
    expect((await as('GET', `/api/tags/${mine._id}/usage-count`)).statusCode).toBe(404);
    expect((await as('GET', `/api/tag-references/by-tag?tagId=${mine._id}`)).statusCode).toBe(404);
    expect((await as('GET', `/api/tag-references/by-item?itemId=${task._id}&itemType=task`)).statusCode).toBe(404);
    // My tag on their task, their tag on my task: both unknown to the intruder.
    expect((await as('POST', '/api/tag-references', { tagId: mine._id, itemId: theirTask._id, itemType: 'task' })).statusCode).toBe(404);
    expect((await as('POST', '/api/tag-references', { tagId: theirs._id, itemId: task._id, itemType: 'task' })).statusCode).toBe(404);
    expect((await as('DELETE', '/api/tag-references', { tagId: mine._id, itemId: task._id, itemType: 'task' })).statusCode).toBe(404);
    // The same name is free for another user and derives another id.
    const sameName = await createTag({ name: mine.name }, intruder);
    expect(sameName._id).not.toBe(mine._id);

    expect((await call('GET', `/api/tags/${mine._id}/usage-count`)).json()).toEqual({ count: 1 });
    expect(await taskTags(task._id)).toEqual([mine._id]);
    expect((await call('PUT', `/api/tags/${mine._id}`, {})).json().name).toBe(mine.name);
  });
});
