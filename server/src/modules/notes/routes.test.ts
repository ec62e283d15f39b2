import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';

const t = useServerTest();
const { call } = t;

const createNote = (body: Record<string, unknown>) => t.create('/api/notes', body);

describe('POST /api/notes', () => {
  it('creates a note with the spec defaults and answers 201', async () => {
    const note = await createNote({ title: 'Groceries', content: '- milk' });
    expect(note).toMatchObject({ title: 'Groceries', content: '- milk', isMarkdown: true, color: '#FFEB3B', pinned: false, folder: null, tags: [] });
    expect(note._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(note.updatedAt).toBe(note.createdAt);
  });

  it('removes empty and null tags and ignores sent timestamps', async () => {
    const note = await createNote({ title: 'T', content: 'C', tags: ['a', '', null, 'b'], createdAt: '2000-01-01T00:00:00.000Z' });
    expect(note.tags).toEqual(['a', 'b']);
    expect(note.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('answers 400 naming title and content, title first', async () => {
    const res = await call('POST', '/api/notes', { title: ' ', content: ' ', color: 'red', pinned: 'yes' });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { field: string; message: string }[];
    expect(details.map((d) => d.field)).toEqual(['title', 'content', 'color', 'pinned']);
    expect(details[0]!.message).toBe('Title is required');
    expect(details[1]!.message).toBe('Content is required');
  });

  it('takes null for isMarkdown, color, pinned and tags as their defaults', async () => {
    const note = await createNote({ title: 'Nulls', content: 'C', isMarkdown: null, color: null, pinned: null, folder: null, tags: null });
    expect(note).toMatchObject({ isMarkdown: true, color: '#FFEB3B', pinned: false, folder: null, tags: [] });
    expect(note).not.toHaveProperty('id');
    expect(new Date(note.createdAt).toISOString()).toBe(note.createdAt);
  });

  it('answers 400 "Title is required" without a body', async () => {
    const res = await t.call('POST', '/api/notes');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'Title is required' });
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual(['title', 'content']);
  });

  it('answers 409 for an id that exists and lands at the root for a missing folder', async () => {
    const note = await createNote({ _id: 'note-dup', title: 'A', content: 'B', folder: 'no-such-folder' });
    expect(note.folder).toBeNull();
    expect((await call('POST', '/api/notes', { _id: 'note-dup', title: 'A', content: 'B' })).statusCode).toBe(409);
  });
});

describe('GET /api/notes, /pinned, /:id', () => {
  it('lists live notes, derives the pinned list and reads one note', async () => {
    const pinned = await createNote({ title: 'Pinned one', content: 'x', pinned: true });
    const plain = await createNote({ title: 'Plain one', content: 'y' });
    const list = (await call('GET', '/api/notes')).json() as { _id: string; updatedAt: string }[];
    expect(list.map((n) => n._id)).toEqual(expect.arrayContaining([pinned._id, plain._id]));
    const stamps = list.map((n) => n.updatedAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const pins = (await call('GET', '/api/notes/pinned')).json() as { _id: string; pinned: boolean }[];
    expect(pins.map((n) => n._id)).toContain(pinned._id);
    expect(pins.every((n) => n.pinned)).toBe(true);
    expect((await call('GET', `/api/notes/${plain._id}`)).json()).toMatchObject({ _id: plain._id, title: 'Plain one' });
    expect((await call('GET', '/api/notes/unknown-id')).statusCode).toBe(404);
  });

  it('searches titles and bodies with FTS5, prefixes and punctuation included', async () => {
    const hit = await createNote({ title: 'Quarterly report', content: 'Discuss the budget with Ёлка' });
    await createNote({ title: 'Other', content: 'nothing relevant' });
    const ids = async (q: string) => ((await call('GET', `/api/notes?q=${encodeURIComponent(q)}`)).json() as { _id: string }[]).map((n) => n._id);
    expect(await ids('quart')).toEqual([hit._id]);
    expect(await ids('BUDGET')).toEqual([hit._id]);
    expect(await ids('ЁЛК')).toEqual([hit._id]);
    expect(await ids('budget" ( * :')).toEqual([hit._id]);
    expect(await ids('zzzz')).toEqual([]);
    // The index follows updates and deletes in the same transaction.
    await call('PUT', `/api/notes/${hit._id}`, { content: 'Renamed body' });
    expect(await ids('budget')).toEqual([]);
    expect(await ids('renamed')).toEqual([hit._id]);
    await call('DELETE', `/api/notes/${hit._id}`);
    expect(await ids('renamed')).toEqual([]);
  });

  it('filters by folder', async () => {
    const folder = (await call('POST', '/api/folders', { name: 'Filter me' })).json().data;
    const inside = await createNote({ title: 'In', content: 'c', folder: folder._id });
    const list = (await call('GET', `/api/notes?folder=${folder._id}`)).json() as { _id: string }[];
    expect(list.map((n) => n._id)).toEqual([inside._id]);
    // `folder=null` (as docs/notes.md documents) and `folder=root` keep the root level, like `GET /api/folders?parent=`.
    const root = await createNote({ title: 'At root', content: 'c' });
    for (const q of ['null', 'root', '']) {
      const atRoot = (await call('GET', `/api/notes?folder=${q}`)).json() as { _id: string; folder: string | null }[];
      expect(atRoot.map((n) => n._id)).toContain(root._id);
      expect(atRoot.every((n) => n.folder === null)).toBe(true);
    }
  });
});

describe('PUT /api/notes/:id', () => {
  it('changes only the fields sent: the pin toggle sends pinned alone', async () => {
    const note = await createNote({ title: 'Pin me', content: 'body', color: '#123456' });
    const res = await call('PUT', `/api/notes/${note._id}`, { pinned: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pinned: true, color: '#123456', content: 'body', title: 'Pin me' });
    expect(res.json().version).toBeGreaterThan(note.version);
  });

  it('answers 400 for a blank title or content and 404 for an unknown id', async () => {
    const note = await createNote({ title: 'T', content: 'C' });
    const res = await call('PUT', `/api/notes/${note._id}`, { title: '', content: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual(['title', 'content']);
    expect((await call('PUT', '/api/notes/nope', { title: 'x' })).statusCode).toBe(404);
  });

  it('keeps the overwritten body as a conflicted copy when baseHash says the edit started elsewhere', async () => {
    const { contentHash } = await import('@adhd/shared/notes/logic');
    const note = await createNote({ title: 'Shared', content: 'v0' });
    await call('PUT', `/api/notes/${note._id}`, { content: 'from A', baseHash: contentHash('v0') });
    const res = await call('PUT', `/api/notes/${note._id}`, { content: 'from B', baseHash: contentHash('v0') });
    expect(res.json().content).toBe('from B');
    const all = (await call('GET', '/api/notes')).json() as { content: string; conflictOf?: string }[];
    expect(all.find((n) => n.conflictOf === note._id)).toMatchObject({ content: 'from A', title: 'Shared' });
  });
});

describe('DELETE /api/notes/:id', () => {
  it('answers { success: true }, then 404', async () => {
    const note = await createNote({ title: 'Bye', content: 'x' });
    expect((await call('DELETE', `/api/notes/${note._id}`)).json()).toEqual({ success: true });
    expect((await call('GET', `/api/notes/${note._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notes/${note._id}`)).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it("answers 404 for another user's note on every route and never lists or finds it", async () => {
    const mine = await createNote({ title: 'Secret plans', content: 'xylophone' });
    const intruder = await t.seedUser();
    expect((await call('GET', `/api/notes/${mine._id}`, undefined, intruder.headers)).statusCode).toBe(404);
    expect((await call('PUT', `/api/notes/${mine._id}`, { title: 'pwned' }, intruder.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notes/${mine._id}`, undefined, intruder.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/notes', undefined, intruder.headers)).json()).toEqual([]);
    expect((await call('GET', '/api/notes?q=xylophone', undefined, intruder.headers)).json()).toEqual([]);
    expect((await call('GET', `/api/notes/${mine._id}`)).json().title).toBe('Secret plans');
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [['GET', '/api/notes'], ['GET', '/api/notes/pinned'], ['POST', '/api/notes'], ['PUT', '/api/notes/x'], ['DELETE', '/api/notes/x']] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
