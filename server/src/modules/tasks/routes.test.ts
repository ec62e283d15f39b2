import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';

const t = useServerTest();
const { call } = t;

const createTask = (body: Record<string, unknown>) => t.create('/api/tasks', body);

describe('POST /api/tasks', () => {
  it('creates a task with the spec defaults and answers 201', async () => {
    const res = await call('POST', '/api/tasks', { title: 'Buy milk' });
    expect(res.statusCode).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({
      title: 'Buy milk',
      description: '',
      completed: false,
      priority: 'medium',
      tags: [],
      parent: null,
      children: [],
      dueDate: null,
      startDate: null,
    });
    expect(task._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(task.createdAt)).not.toBeNaN();
    expect(task.updatedAt).toBe(task.createdAt);
  });

  it('keeps a client-generated _id and accepts empty-string dates as no date', async () => {
    const task = await createTask({ _id: 'client-id-1', title: 'Offline one', dueDate: '', startDate: '' });
    expect(task).toMatchObject({ _id: 'client-id-1', dueDate: null, startDate: null });
  });

  it('answers 409 for an id that exists', async () => {
    await createTask({ _id: 'dup-1', title: 'First' });
    const res = await call('POST', '/api/tasks', { _id: 'dup-1', title: 'Second' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EXISTS');
  });

  it('answers 400 naming each bad field', async () => {
    const res = await call('POST', '/api/tasks', { title: '  ', priority: 'urgent', dueDate: '2025-02-30', completed: 'yes' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION');
    const fields = body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['completed', 'dueDate', 'priority', 'title']);
    expect(body.error.details.find((d: { field: string }) => d.field === 'title')).toMatchObject({
      key: 'tasks.titleRequired',
      message: 'Title is required',
    });
  });

  it('answers 400 for a missing or non-object body', async () => {
    expect((await call('POST', '/api/tasks', [])).statusCode).toBe(400);
    const res = await t.call('POST', '/api/tasks');
    expect(res.statusCode).toBe(400);
  });

  it('puts a subtask under its parent and derives children', async () => {
    const parent = await createTask({ title: 'Parent' });
    const child = await createTask({ title: 'Child', parent: parent._id });
    const quick = await createTask({ title: 'Quick', description: '', completed: false, priority: 'medium', tags: [], parent: { _id: parent._id }, children: [] });
    expect(child.parent).toBe(parent._id);
    expect(quick.parent).toBe(parent._id);
    const reread = (await call('GET', `/api/tasks/${parent._id}`)).json();
    expect(reread.children.sort()).toEqual([child._id, quick._id].sort());
  });
});

describe('GET /api/tasks', () => {
  it('lists live tasks with children, and pages with limit/offset', async () => {
    const all = (await call('GET', '/api/tasks')).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThan(3);
    const page = (await call('GET', '/api/tasks?limit=2&offset=1')).json();
    expect(page.map((t: { _id: string }) => t._id)).toEqual(all.slice(1, 3).map((t: { _id: string }) => t._id));
    // The list's pre-serialized JSON equals each task as answered one by one.
    for (const t of all) expect((await call('GET', `/api/tasks/${t._id}`)).json()).toEqual(t);
    const bad = await call('GET', '/api/tasks?limit=-1');
    expect(bad.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const res = await t.callAs(null, 'GET', '/api/tasks');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await call('GET', '/api/tasks/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Task not found' } });
  });
});

describe('GET /api/tasks/pending', () => {
  it('uses the x-timezone header for today', async () => {
    const other = await t.seedUser();
    const headers = other.headers;
    const post = (body: object) => t.app.inject({ method: 'POST', url: '/api/tasks', headers, payload: body });
    const today = new Date().toISOString().slice(0, 10);
    const farFuture = '2999-01-01';
    await post({ title: 'no dates' });
    await post({ title: 'due far', dueDate: farFuture });
    await post({ title: 'starts today', startDate: today });
    await post({ title: 'done', completed: true });
    // Kiritimati is UTC+14: there "today" is at least today in UTC.
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks/pending', headers: { ...headers, 'x-timezone': 'Pacific/Kiritimati' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { title: string }) => t.title).sort()).toEqual(['no dates', 'starts today']);
    // An invalid zone falls back to UTC instead of failing.
    const fallback = await t.app.inject({ method: 'GET', url: '/api/tasks/pending', headers: { ...headers, 'x-timezone': 'Nowhere/City' } });
    expect(fallback.statusCode).toBe(200);
  });
});

describe('PUT /api/tasks/:id', () => {
  it('changes only the fields sent and completes a task', async () => {
    const task = await createTask({ title: 'Edit me', priority: 'high', description: 'desc' });
    const res = await call('PUT', `/api/tasks/${task._id}`, { completed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ completed: true, priority: 'high', description: 'desc', title: 'Edit me' });
    expect(res.json().version).toBeGreaterThan(task.version);
  });

  it('attaches and detaches a child via parent', async () => {
    const a = await createTask({ title: 'A' });
    const b = await createTask({ title: 'B' });
    expect((await call('PUT', `/api/tasks/${b._id}`, { parent: a._id })).json().parent).toBe(a._id);
    expect((await call('GET', `/api/tasks/${a._id}`)).json().children).toEqual([b._id]);
    expect((await call('PUT', `/api/tasks/${b._id}`, { parent: null })).json().parent).toBeNull();
    expect((await call('GET', `/api/tasks/${a._id}`)).json().children).toEqual([]);
  });

  it('answers 400 for a move that makes a cycle', async () => {
    const a = await createTask({ title: 'A' });
    const b = await createTask({ title: 'B', parent: a._id });
    const res = await call('PUT', `/api/tasks/${a._id}`, { parent: b._id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CYCLE');
    const self = await call('PUT', `/api/tasks/${a._id}`, { parent: a._id });
    expect(self.statusCode).toBe(400);
  });

  it('answers 400 for bad fields and 404 for unknown ids', async () => {
    const t = await createTask({ title: 'T' });
    const bad = await call('PUT', `/api/tasks/${t._id}`, { title: '', time: 'noon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { field: string }) => d.field).sort()).toEqual(['time', 'title']);
    expect((await call('PUT', '/api/tasks/unknown', { title: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/tasks/:id', () => {
  it('deletes the task and its whole subtree', async () => {
    const a = await createTask({ title: 'A' });
    const b = await createTask({ title: 'B', parent: a._id });
    const c = await createTask({ title: 'C', parent: b._id });
    const res = await call('DELETE', `/api/tasks/${a._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    for (const id of [a._id, b._id, c._id]) expect((await call('GET', `/api/tasks/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/tasks/${a._id}`)).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it("answers 404 for another user's task on every route", async () => {
    const mine = await createTask({ title: 'Private' });
    const intruder = await t.seedUser();
    const as = (method: 'GET' | 'PUT' | 'DELETE', body?: object) =>
      t.app.inject({ method, url: `/api/tasks/${mine._id}`, headers: intruder.headers, ...(body ? { payload: body } : {}) });
    expect((await as('GET')).statusCode).toBe(404);
    expect((await as('PUT', { title: 'pwned' })).statusCode).toBe(404);
    expect((await as('DELETE')).statusCode).toBe(404);
    const list = await t.callAs(intruder, 'GET', '/api/tasks');
    expect(list.json()).toEqual([]);
    // A create with the same client id does not collide with another user's task.
    const clash = await t.callAs(intruder, 'POST', '/api/tasks', { _id: mine._id, title: 'mine too' });
    expect(clash.statusCode).toBe(201);
    expect((await call('GET', `/api/tasks/${mine._id}`)).json().title).toBe('Private');
  });
});
