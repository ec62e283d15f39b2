import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';

const t = useServerTest();
const { call } = t;

const createFolder = async (body: Record<string, unknown>) => (await t.create('/api/folders', body)).data;

describe('POST /api/folders', () => {
  it('creates a folder wrapped in { data } with defaults', async () => {
    const res = await call('POST', '/api/folders', { name: 'Work', icon: 'mdi-briefcase', color: '#2196F3', tags: ['t1'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Work', icon: 'mdi-briefcase', color: '#2196F3', parentFolder: null, tags: ['t1'], children: [] });
    expect((await createFolder({ name: 'Bare' })).icon).toBeNull();
  });

  it('answers 400 "Folder name is required"', async () => {
    const res = await call('POST', '/api/folders', { name: '  ', color: 'blue' });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { field: string; message: string }[];
    expect(details.map((d) => d.field)).toEqual(['name', 'color']);
    expect(details[0]!.message).toBe('Folder name is required');
  });

  it('answers 400 "Folder name is required" without a body, and 401 without a token', async () => {
    const res = await t.call('POST', '/api/folders');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Folder name is required' });
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual(['name']);
    const anon = await t.callAs(null, 'POST', '/api/folders', { name: 'X' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.code).toBeTruthy();
  });

  it('answers 201 with the folder both in data and at the top level, with _id and ISO timestamps', async () => {
    const res = await call('POST', '/api/folders', { name: 'Stamped', createdAt: '2000-01-01T00:00:00.000Z' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data._id).toBe(body._id);
    expect(body).not.toHaveProperty('id');
    expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);
    expect(body.data.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('puts a folder under a missing parent at the root', async () => {
    expect((await createFolder({ name: 'Orphan', parentFolder: 'ghost' })).parentFolder).toBeNull();
  });
});

describe('GET /api/folders, /tree, /:id', () => {
  it('nests to any depth; lists all or one parent’s children; every answer is { data }', async () => {
    const a = await createFolder({ name: 'A-root' });
    const b = await createFolder({ name: 'B', parentFolder: a._id });
    const c = await createFolder({ name: 'C', parentFolder: b._id });
    const d = await createFolder({ name: 'D', parentFolder: { _id: c._id } });
    const all = (await call('GET', '/api/folders')).json();
    expect(Object.keys(all)).toEqual(['data']);
    expect(all.data.map((f: { _id: string }) => f._id)).toEqual(expect.arrayContaining([a._id, b._id, c._id, d._id]));
    const kids = (await call('GET', `/api/folders?parent=${b._id}`)).json().data;
    expect(kids.map((f: { _id: string }) => f._id)).toEqual([c._id]);
    const roots = (await call('GET', '/api/folders?parent=null')).json().data as { parentFolder: null }[];
    expect(roots.every((f) => f.parentFolder === null)).toBe(true);
    const one = (await call('GET', `/api/folders/${b._id}`)).json();
    expect(one.data).toMatchObject({ _id: b._id, name: 'B', parentFolder: a._id });
    expect(one.data.children[0].children[0]._id).toBe(d._id);
    const treeRes = (await call('GET', '/api/folders/tree')).json();
    // CONTRACT.md: only GET /api/folders and /api/folders/{id} are wrapped; the tree is a bare array of roots.
    expect(Array.isArray(treeRes)).toBe(true);
    const tree = treeRes as { _id: string; children: { children: { children: { _id: string }[] }[] }[] }[];
    const rootA = tree.find((n) => n._id === a._id)!;
    expect(rootA.children[0]!.children[0]!.children[0]!._id).toBe(d._id);
    expect((await call('GET', '/api/folders/unknown')).statusCode).toBe(404);
    expect((await call('GET', '/api/folders?parent=%00bad')).statusCode).toBe(400);
  });
});

describe('PUT /api/folders/:id', () => {
  it('updates fields and moves a folder; a move that makes a cycle is 400 and changes nothing', async () => {
    const top = await createFolder({ name: 'Top' });
    const mid = await createFolder({ name: 'Mid', parentFolder: top._id });
    const leaf = await createFolder({ name: 'Leaf', parentFolder: mid._id });
    const res = await call('PUT', `/api/folders/${top._id}`, { name: 'Top renamed', parentFolder: leaf._id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CYCLE');
    expect(res.json().error.details).toEqual([
      { field: 'parentFolder', key: 'validation.invalid', message: 'A folder cannot be moved into itself or one of its subfolders' },
    ]);
    expect((await call('PUT', `/api/folders/${top._id}`, { parentFolder: top._id })).statusCode).toBe(400);
    expect((await call('GET', `/api/folders/${top._id}`)).json().data).toMatchObject({ name: 'Top', parentFolder: null });
    const moved = await call('PUT', `/api/folders/${leaf._id}`, { parentFolder: null, color: '#FF0000' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ parentFolder: null, color: '#FF0000', name: 'Leaf' });
    expect((await call('PUT', `/api/folders/${leaf._id}`, { name: '' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/folders/nope', { name: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/folders/:id', () => {
  it('moves notes and subfolders to the parent and never deletes a note', async () => {
    const top = await createFolder({ name: 'Keep' });
    const gone = await createFolder({ name: 'Gone', parentFolder: top._id });
    const sub = await createFolder({ name: 'Sub', parentFolder: gone._id });
    const note = (await call('POST', '/api/notes', { title: 'N', content: 'C', folder: gone._id })).json();
    expect((await call('DELETE', `/api/folders/${gone._id}`)).json()).toEqual({ success: true });
    expect((await call('GET', `/api/folders/${gone._id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/folders/${sub._id}`)).json().data.parentFolder).toBe(top._id);
    expect((await call('GET', `/api/notes/${note._id}`)).json().folder).toBe(top._id);
    // A root folder's contents go to the root level.
    expect((await call('DELETE', `/api/folders/${top._id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/folders/${sub._id}`)).json().data.parentFolder).toBeNull();
    expect((await call('GET', `/api/notes/${note._id}`)).json().folder).toBeNull();
    expect((await call('DELETE', `/api/folders/${top._id}`)).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it("answers 404 for another user's folder and never lists it", async () => {
    const mine = await createFolder({ name: 'Private' });
    const intruder = await t.seedUser();
    expect((await call('GET', `/api/folders/${mine._id}`, undefined, intruder.headers)).statusCode).toBe(404);
    expect((await call('PUT', `/api/folders/${mine._id}`, { name: 'x' }, intruder.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/folders/${mine._id}`, undefined, intruder.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/folders', undefined, intruder.headers)).json()).toEqual({ data: [] });
    expect((await call('GET', '/api/folders/tree', undefined, intruder.headers)).json()).toEqual([]);
    // A note of the intruder cannot be filed into my folder: it lands at the root.
    const theirs = (await call('POST', '/api/notes', { title: 'T', content: 'C', folder: mine._id }, intruder.headers)).json();
    expect(theirs.folder).toBeNull();
  });
});
