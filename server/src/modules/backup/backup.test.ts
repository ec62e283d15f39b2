import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '@adhd/shared/backup/format';
import { useServerTest, type SeededUser } from '../../../test/kit.js';

/** `GET /api/export` and `POST /api/import` (docs/export-format.md), over HTTP on a real store. Events and inbox items: events-inbox.test.ts. */

const t = useServerTest();

/** A little of everything: nested folders and tasks, tags (one a dangling id), notes, a habit with marked days. */
async function seed(as: SeededUser) {
  const work = await t.create('/api/tags', { name: 'Work', color: '#112233' }, as);
  const home = await t.create('/api/tags', { name: 'Home' }, as);
  const top = await t.create('/api/folders', { name: 'Projects', tags: [work._id] }, as);
  const sub = await t.create('/api/folders', { name: 'Side', parentFolder: top._id }, as);
  const parent = await t.create('/api/tasks', { title: 'Move house', tags: [home._id], dueDate: '2025-03-01' }, as);
  await t.create('/api/tasks', { title: 'Pack books', parent: parent._id, priority: 'high', tags: ['no-such-tag'] }, as);
  await t.create('/api/notes', { title: 'Plan', content: '# Plan\n\n- boxes', folder: sub._id, tags: [work._id], pinned: true }, as);
  await t.create('/api/notes', { title: 'Loose', content: 'Привет, мир', isMarkdown: false }, as);
  const habit = await t.create('/api/habits', { title: 'Stretch', startDate: '2025-01-01', tags: [home._id] }, as);
  for (const [date, status] of [['2025-01-02', 'complete'], ['2025-01-03', 'skip']]) {
    const res = await t.callAs(as, 'POST', `/api/habits/${habit._id}/complete`, { date, status });
    expect(res.statusCode).toBe(200);
  }
}

async function exportOf(as: SeededUser) {
  const res = await t.callAs(as, 'GET', '/api/export');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const withoutTime = ({ exportedAt: _, ...rest }: Record<string, unknown>) => rest;
const importAs = (as: SeededUser | null, body: unknown) => t.callAs(as, 'POST', '/api/import', body);
const version = (as: SeededUser) => t.app.sync.currentVersion(as.id);

describe('GET /api/export', () => {
  it('answers all of the caller’s live data as an attachment, in the API shape without versions', async () => {
    const a = await t.seedUser();
    await seed(a);
    const doomed = await t.create('/api/tasks', { title: 'Deleted' }, a);
    await t.callAs(a, 'DELETE', `/api/tasks/${doomed._id}`);
    const res = await t.callAs(a, 'GET', '/api/export');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="adhd-superapp-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const doc = res.json();
    expect(doc).toMatchObject({ format: 'adhd-superapp-export', version: 1, exportedAt: expect.any(String) });
    const counts = Object.fromEntries(Object.entries(doc.data as Record<string, unknown[]>).map(([k, v]) => [k, v.length]));
    expect(counts).toEqual({ tags: 2, folders: 2, tasks: 2, notes: 2, habits: 1, habitDays: 2, events: 0, inbox: 0 });
    const task = doc.data.tasks.find((x: { title: string }) => x.title === 'Pack books');
    expect(Object.keys(task).sort()).toEqual(['_id', 'completed', 'createdAt', 'description', 'dueDate', 'parent', 'priority', 'startDate', 'tags', 'time', 'title', 'updatedAt']);
    expect(doc.data.habitDays.map((d: { date: string; status: string }) => `${d.date} ${d.status}`).sort()).toEqual(['2025-01-02 complete', '2025-01-03 skip']);
  });

  it('never holds another user’s data', async () => {
    const [a, b] = [await t.seedUser(), await t.seedUser()];
    await seed(a);
    const doc = await exportOf(b);
    expect(Object.values(doc.data as Record<string, unknown[]>).every((rows) => rows.length === 0)).toBe(true);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.callAs(null, 'GET', '/api/export')).statusCode).toBe(401);
  });
});

describe('POST /api/import', () => {
  it('an export imported into a fresh account exports the same; a second import changes nothing', async () => {
    const [a, b] = [await t.seedUser(), await t.seedUser()];
    await seed(a);
    const original = await exportOf(a);
    const first = await importAs(b, original);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      imported: { tags: 2, folders: 2, tasks: 2, notes: 2, habits: 1, habitDays: 2, events: 0, inbox: 0 },
      updated: { tags: 0, folders: 0, tasks: 0, notes: 0, habits: 0, habitDays: 0, events: 0, inbox: 0 },
      unchanged: { tags: 0, folders: 0, tasks: 0, notes: 0, habits: 0, habitDays: 0, events: 0, inbox: 0 },
    });
    expect(withoutTime(await exportOf(b))).toEqual(withoutTime(original));
    // The REST answers see the imported rows as they were (children and streaks derived again).
    const tasks = (await t.callAs(b, 'GET', '/api/tasks')).json();
    expect(tasks.find((x: { title: string }) => x.title === 'Move house').children).toHaveLength(1);

    const before = await version(b);
    const again = await importAs(b, original);
    expect(again.statusCode).toBe(200);
    expect(again.json().unchanged).toEqual({ tags: 2, folders: 2, tasks: 2, notes: 2, habits: 1, habitDays: 2, events: 0, inbox: 0 });
    expect(again.json().imported).toEqual({ tags: 0, folders: 0, tasks: 0, notes: 0, habits: 0, habitDays: 0, events: 0, inbox: 0 });
    expect(await version(b)).toBe(before);
    expect(withoutTime(await exportOf(b))).toEqual(withoutTime(original));
  });

  it('merges by id: changed rows are updated through their mutations, missing ones created, none duplicated; devices pull them', async () => {
    const a = await t.seedUser();
    await seed(a);
    const doc = await exportOf(a);
    const phone = t.device(a);
    await phone.pull();
    const parent = doc.data.tasks.find((x: { title: string }) => x.title === 'Move house');
    const child = doc.data.tasks.find((x: { title: string }) => x.title === 'Pack books');
    child.title = 'Pack all the books';
    child.parent = null; // a move
    const note = doc.data.notes.find((x: { title: string }) => x.title === 'Loose');
    note.conflictOf = parent._id;
    doc.data.tasks.push({ ...parent, _id: 'brand-new-task', title: 'New one', parent: child._id });
    // Deleted since the export: comes back as the file has it.
    await t.callAs(a, 'DELETE', `/api/notes/${doc.data.notes.find((x: { title: string }) => x.title === 'Plan')._id}`);

    const res = await importAs(a, doc);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: { tasks: 1, notes: 1 }, updated: { tasks: 1, notes: 1 }, unchanged: { tasks: 1, tags: 2, habitDays: 2, events: 0, inbox: 0 } });
    const after = await exportOf(a);
    expect(after.data.tasks).toHaveLength(3);
    expect(after.data.tasks.find((x: { _id: string }) => x._id === child._id)).toEqual(child);
    expect(after.data.tasks.find((x: { _id: string }) => x._id === 'brand-new-task')).toMatchObject({ parent: child._id, title: 'New one' });
    expect(after.data.notes.find((x: { _id: string }) => x._id === note._id)).toEqual(note);
    expect(after.data.notes).toHaveLength(2);
    await phone.pull();
    expect(phone.liveRows('task').map((r) => r.data.title).sort()).toEqual(['Move house', 'New one', 'Pack all the books']);
    expect(phone.liveRows('note').find((r) => r.id === note._id)?.data.conflictOf).toBe(parent._id);
  });

  it('a file tag named like one of the account’s tags becomes that tag', async () => {
    const [a, b] = [await t.seedUser(), await t.seedUser()];
    await seed(a);
    const own = await t.create('/api/tags', { name: 'work' }, b);
    expect((await importAs(b, await exportOf(a))).statusCode).toBe(200);
    const tags = (await exportOf(b)).data.tags;
    expect(tags.map((x: { name: string }) => x.name).sort()).toEqual(['Home', 'Work']);
    const notes = (await exportOf(b)).data.notes;
    expect(notes.find((x: { title: string }) => x.title === 'Plan').tags).toEqual([own._id]);
  });

  it.each([
    ['a bad field deep in the file', (d: any) => void (d.data.tasks[1].title = ' '), 'data.tasks[1].title', 'Title is required'], // eslint-disable-line @typescript-eslint/no-explicit-any
    ['a bad day status', (d: any) => void (d.data.habitDays[1].status = 'done'), 'data.habitDays[1].status', 'This value is not valid'], // eslint-disable-line @typescript-eslint/no-explicit-any
    ['another format', (d: any) => void (d.format = 'something-else'), 'format', 'The file is not an export of this app'], // eslint-disable-line @typescript-eslint/no-explicit-any
    ['a newer version', (d: any) => void (d.version = 2), 'version', 'The file was made by a newer version of the app. Update the app first'], // eslint-disable-line @typescript-eslint/no-explicit-any
    ['a parent outside the file', (d: any) => void (d.data.folders[1].parentFolder = 'elsewhere'), 'data.folders[1].parentFolder', 'This refers to something that is not in the file'], // eslint-disable-line @typescript-eslint/no-explicit-any
    ['a duplicate id', (d: any) => void d.data.notes.push(d.data.notes[0]), 'data.notes[2]._id', 'The same id appears twice'], // eslint-disable-line @typescript-eslint/no-explicit-any
  ])('%s: 400 naming the first problem, nothing written', async (_, spoil, field, message) => {
    const [a, b] = [await t.seedUser(), await t.seedUser()];
    await seed(a);
    const doc = await exportOf(a);
    // Sorted by id, so the rows spoiled come after good ones: the good ones must not be written either.
    spoil(doc);
    const before = await version(b);
    const res = await importAs(b, doc);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION', message: `${field}: ${message}`, details: [{ field, key: expect.any(String), message }] });
    expect(await version(b)).toBe(before);
    expect(Object.values((await exportOf(b)).data as Record<string, unknown[]>).every((rows) => rows.length === 0)).toBe(true);
  });

  it('refuses a body that is not JSON, writing nothing', async () => {
    const b = await t.seedUser();
    const res = await t.callAs(b, 'POST', '/api/import', '{"format": "adhd-superapp-export", "data": {', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
    expect(await version(b)).toBe(0);
  });

  it('answers 413 above the import limit and 401 without a session', async () => {
    const b = await t.seedUser();
    const huge = `{"format":"adhd-superapp-export","version":1,"pad":"${'x'.repeat(IMPORT_MAX_BYTES)}"}`;
    const res = await t.callAs(b, 'POST', '/api/import', huge, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await importAs(null, { format: 'adhd-superapp-export', version: 1, exportedAt: new Date().toISOString(), data: {} })).statusCode).toBe(401);
  });

  it('takes a body larger than the 1 MiB limit of other routes', async () => {
    const b = await t.seedUser();
    const notes = Array.from({ length: 30 }, (_, i) => ({
      _id: `big-note-${i}`,
      title: `Big ${i}`,
      content: 'x'.repeat(60_000),
      isMarkdown: true,
      color: '#FFEB3B',
      pinned: false,
      folder: null,
      tags: [],
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-02T00:00:00.000Z',
    }));
    const res = await importAs(b, { format: 'adhd-superapp-export', version: 1, exportedAt: new Date().toISOString(), data: { notes } });
    expect(res.statusCode).toBe(200);
    expect(res.json().imported.notes).toBe(30);
  });

  it('holds the storage quota: 413, nothing written', async () => {
    const b = await t.seedUser();
    const notes = Array.from({ length: 3 }, (_, i) => ({ _id: `q-${i}`, title: 'Q', content: 'y'.repeat(400_000), createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' }));
    await t.app.db.insertInto('sync_user').values({ user_id: b.id, seq: 0, min_version: 0, bytes: t.app.sync.limits.quotaBytes - 500_000 }).execute();
    const res = await importAs(b, { format: 'adhd-superapp-export', version: 1, exportedAt: new Date().toISOString(), data: { notes } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('QUOTA_EXCEEDED');
    expect((await exportOf(b)).data.notes).toEqual([]);
  });
});
