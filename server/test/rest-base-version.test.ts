import { describe, expect, it } from 'vitest';
import { contentHash } from '@adhd/shared/notes/logic';
import type { NoteData } from '@adhd/shared/notes/schema';
import { addDays, todayInZone } from '@adhd/shared/time';
import type { MutationArgs, MutationCall, MutationName } from '@adhd/shared/sync/registry';
import { useServerTest, type Method } from './kit.js';

/**
 * REST writes never revert newer sync writes (issue 12, point 8; docs/sync.md "Conflict rules"): every PUT
 * takes the version its copy was read at (`version` in the body or `If-Match`) as its base through
 * `lib/rest-update.ts`; what someone else changed after that base keeps its newer value. A note edit against
 * a deleted note restores it, over REST and over sync.
 */

const srv = useServerTest({ user: false });
let seq = 0;

/** A fresh user with a REST caller and one synced device, so tests never see each other's rows. */
async function setup() {
  const user = await srv.seedUser();
  const device = srv.device(user, `rest-base-${++seq}-xxxxxxxx`);
  const call = async (method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) => srv.callAs(user, method, url, body, headers);
  /** A mutation made on the synced device and pushed: the "newer sync write". */
  const syncWrite = async <N extends MutationName>(name: N, args: MutationArgs<N>) => {
    await device.pull();
    device.view.now = new Date().toISOString(); // the scripted view's clock starts at 1970 (habit days check it)
    expect(await device.mutate(name, args), `${name} refused locally`).toBe(true);
    const res = await device.push();
    expect(res!.results.at(-1)).toMatchObject({ status: 'applied' });
  };
  return { user, device, call, syncWrite };
}

/** The entity of a folder answer (`{ data }`) or of any other answer. */
const entity = (json: Record<string, unknown>) => (json.data && typeof json.data === 'object' ? json.data : json) as Record<string, unknown>;


/**
 * One scenario for every domain: create over REST, read a copy, change `syncField` through sync, then PUT the
 * stale copy with `restField` changed, naming the copy's version in the body or in `If-Match`.
 */
const domains = [
  { name: 'tasks', url: '/api/tasks', create: { title: 'T', priority: 'low' }, sync: (id: string): MutationCall => ({ name: 'task.update', args: { id, priority: 'high' } }), syncField: ['priority', 'high'], restField: ['title', 'renamed over REST'] },
  { name: 'notes', url: '/api/notes', create: { title: 'N', content: 'body' }, sync: (id: string): MutationCall => ({ name: 'note.update', args: { id, title: 'title from sync' } }), syncField: ['title', 'title from sync'], restField: ['pinned', true] },
  { name: 'folders', url: '/api/folders', create: { name: 'F' }, sync: (id: string): MutationCall => ({ name: 'folder.update', args: { id, name: 'name from sync' } }), syncField: ['name', 'name from sync'], restField: ['color', '#123456'] },
  { name: 'tags', url: '/api/tags', create: { name: 'tag', color: '#111111' }, sync: (id: string): MutationCall => ({ name: 'tag.update', args: { id, color: '#222222' } }), syncField: ['color', '#222222'], restField: ['description', 'from REST'] },
  { name: 'habits', url: '/api/habits', create: { title: 'H', color: '#111111' }, sync: (id: string): MutationCall => ({ name: 'habit.update', args: { id, title: 'title from sync' } }), syncField: ['title', 'title from sync'], restField: ['description', 'from REST'] },
] as const;

describe.each(domains)('a stale PUT on $name', (d) => {
  async function staleCopy() {
    const t = await setup();
    // The POST answer is the caller's copy (there is no GET of one tag).
    const copy = entity((await t.call('POST', d.url, d.create)).json());
    const { name, args } = d.sync(String(copy._id));
    await t.syncWrite(name, args);
    const url = `${d.url}/${copy._id}`;
    /** The row as it is now: the answer of a PUT that changes nothing. */
    const current = async () => entity((await t.call('PUT', url, {})).json());
    return { ...t, copy, url, current };
  }

  it('keeps the field changed through sync after the copy was read (version in the body)', async () => {
    const { call, copy, url, current } = await staleCopy();
    const res = await call('PUT', url, { ...copy, [d.restField[0]]: d.restField[1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await current()).toMatchObject({ [d.syncField[0]]: d.syncField[1], [d.restField[0]]: d.restField[1] });
  });

  it('keeps it with If-Match too', async () => {
    const { call, copy, url } = await staleCopy();
    const { version, ...rest } = copy;
    const res = await call('PUT', url, { ...rest, [d.restField[0]]: d.restField[1] }, { 'if-match': `"${version}"` });
    expect(res.statusCode, res.body).toBe(200);
    expect(entity(res.json())).toMatchObject({ [d.syncField[0]]: d.syncField[1], [d.restField[0]]: d.restField[1] });
  });

  it('without a base version behaves as before: the fields sent that differ are written', async () => {
    const { call, copy, url } = await staleCopy();
    const { version: _, ...rest } = copy;
    const res = await call('PUT', url, { ...rest, [d.restField[0]]: d.restField[1] });
    expect(res.statusCode, res.body).toBe(200);
    expect(entity(res.json())).toMatchObject({ [d.syncField[0]]: copy[d.syncField[0]], [d.restField[0]]: d.restField[1] });
  });

  it('with a current base writes every field', async () => {
    const { call, url, current } = await staleCopy();
    const fresh = await current();
    const res = await call('PUT', url, { ...fresh, [d.syncField[0]]: fresh[d.syncField[0]] === d.create[d.syncField[0] as keyof typeof d.create] ? 'x' : d.create[d.syncField[0] as keyof typeof d.create] });
    expect(res.statusCode, res.body).toBe(200);
    expect(entity(res.json())[d.syncField[0]]).toBe(d.create[d.syncField[0] as keyof typeof d.create]);
  });

  it('answers 400 naming version or If-Match when they are not versions', async () => {
    const { call, url } = await staleCopy();
    const bad = await call('PUT', url, { version: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'version' })]);
    const header = await call('PUT', url, {}, { 'if-match': 'x'.repeat(100_000) });
    expect(header.statusCode).toBe(400);
    expect(header.json().error.details).toEqual([expect.objectContaining({ field: 'If-Match' })]);
    expect((await call('PUT', url, {}, { 'if-match': '*' })).statusCode).toBe(200);
  });
});

describe('tasks: a stale move', () => {
  it('does not undo a move made through sync', async () => {
    const { call, syncWrite } = await setup();
    const parent = (await call('POST', '/api/tasks', { title: 'parent' })).json();
    const child = (await call('POST', '/api/tasks', { title: 'child' })).json();
    await syncWrite('task.move', { id: child._id, parent: parent._id });
    const res = await call('PUT', `/api/tasks/${child._id}`, { ...child, title: 'renamed' });
    expect(res.json()).toMatchObject({ title: 'renamed', parent: parent._id });
  });
});

describe('notes: the body changed on both sides', () => {
  async function bothSides() {
    const t = await setup();
    const note = (await t.call('POST', '/api/notes', { title: 'Shared', content: 'v0', tags: ['a'] })).json();
    await t.syncWrite('note.update', { id: note._id, content: 'newer text from sync', baseHash: contentHash('v0') });
    return { ...t, note, url: `/api/notes/${note._id}` };
  }
  const notesOf = async (call: Awaited<ReturnType<typeof setup>>['call']) => (await call('GET', '/api/notes')).json() as (NoteData & { _id: string })[];

  it('keeps the newer text in the note and the caller’s text as a conflicted copy', async () => {
    const { call, note, url } = await bothSides();
    const res = await call('PUT', url, { ...note, content: 'REST text', title: 'Shared (REST)' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ content: 'newer text from sync', title: 'Shared (REST)' });
    const copies = (await notesOf(call)).filter((n) => n.conflictOf === note._id);
    expect(copies).toEqual([expect.objectContaining({ content: 'REST text', title: 'Shared (REST)', tags: ['a'], pinned: false })]);
    // The same stale PUT again makes no second copy.
    await call('PUT', url, { ...note, content: 'REST text' }, {});
    expect((await notesOf(call)).filter((n) => n.conflictOf === note._id)).toHaveLength(1);
  });

  it('makes no copy when the caller did not change the body (its baseHash is the hash of what it sends)', async () => {
    const { call, note, url } = await bothSides();
    const res = await call('PUT', url, { ...note, pinned: true, baseHash: contentHash('v0') });
    expect(res.json()).toMatchObject({ content: 'newer text from sync', pinned: true });
    expect((await notesOf(call)).filter((n) => n.conflictOf === note._id)).toEqual([]);
  });

  it('the synced device receives the copy', async () => {
    const { call, device, note, url } = await bothSides();
    await call('PUT', url, { ...note, content: 'REST text' }, { 'if-match': String(note.version) });
    await device.pull();
    const texts = device.liveRows('note').map((r) => (r.data as unknown as NoteData).content).sort();
    expect(texts).toEqual(['REST text', 'newer text from sync']);
  });
});

describe('notes: an edit against a deleted note restores it', () => {
  it('over sync: a note edited offline while deleted on another device ends with the text on the server', async () => {
    const { user, call } = await setup();
    const a = srv.device(user, `rest-del-a-${++seq}-xxxxxxxx`);
    const b = srv.device(user, `rest-del-b-${seq}-xxxxxxxx`);
    await a.mutate('note.create', { id: 'gone', title: 'Ideas', content: 'v0' });
    await a.push();
    await b.pull();
    await a.mutate('note.delete', { id: 'gone' });
    await b.mutate('note.update', { id: 'gone', content: 'written offline', baseHash: contentHash('v0') });
    await a.push();
    const res = await b.push();
    expect(res!.results).toEqual([expect.objectContaining({ status: 'applied' })]);
    expect((await call('GET', '/api/notes/gone')).json()).toMatchObject({ content: 'written offline', title: 'Ideas' });
    await a.pull();
    await b.pull();
    expect(a.liveRows('note')).toEqual(b.liveRows('note'));
    expect(a.liveRows('note')).toEqual([{ id: 'gone', data: expect.objectContaining({ content: 'written offline' }) }]);
    expect(b.outbox).toEqual([]);
  });

  it('over sync: a pin toggle of a deleted note stays rejected (no words to save)', async () => {
    const { user } = await setup();
    const a = srv.device(user, `rest-pin-a-${++seq}-xxxxxxxx`);
    const b = srv.device(user, `rest-pin-b-${seq}-xxxxxxxx`);
    await a.mutate('note.create', { id: 'p', title: 'Pin', content: 'c' });
    await a.push();
    await b.pull();
    await a.mutate('note.delete', { id: 'p' });
    await b.mutate('note.update', { id: 'p', pinned: true });
    await a.push();
    expect((await b.push())!.results).toEqual([expect.objectContaining({ status: 'rejected', code: 'NOT_FOUND' })]);
  });

  it('over REST: a PUT of a new body restores the note (into the root when its folder is gone); other edits are 404', async () => {
    const { call } = await setup();
    const folder = (await call('POST', '/api/folders', { name: 'Box' })).json().data;
    const note = (await call('POST', '/api/notes', { title: 'Kept', content: 'v0', folder: folder._id })).json();
    await call('DELETE', `/api/notes/${note._id}`);
    await call('DELETE', `/api/folders/${folder._id}`);
    expect((await call('PUT', `/api/notes/${note._id}`, { pinned: true })).statusCode).toBe(404);
    expect((await call('PUT', `/api/notes/${note._id}`, { ...note })).statusCode).toBe(404);
    const res = await call('PUT', `/api/notes/${note._id}`, { ...note, content: 'saved text' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ content: 'saved text', folder: null, title: 'Kept' });
    expect((await call('GET', '/api/notes')).json().map((n: { _id: string }) => n._id)).toContain(note._id);
    expect((await call('GET', '/api/notes?q=saved')).json().map((n: { _id: string }) => n._id)).toEqual([note._id]);
  });
});

describe('habits: days', () => {
  const t0 = todayInZone(new Date(), 'UTC');
  const history = (json: { completionHistory: { date: string; status: string }[] }) => json.completionHistory.map((e) => `${e.date}:${e.status}`);

  async function habitWithCopy() {
    const t = await setup();
    const habit = (await t.call('POST', '/api/habits', { title: 'Walk', startDate: addDays(t0, -5) })).json();
    await t.call('POST', `/api/habits/${habit._id}/complete`, { date: addDays(t0, -3) });
    const copy = (await t.call('GET', `/api/habits/${habit._id}`)).json();
    return { ...t, copy, url: `/api/habits/${habit._id}` };
  }

  it('a stale PUT does not erase a day completed through sync, and still changes the days it may', async () => {
    const { call, copy, url, syncWrite } = await habitWithCopy();
    await syncWrite('habit.setDay', { habitId: copy._id, date: addDays(t0, -1), status: 'complete' });
    const res = await call('PUT', url, { ...copy, completionHistory: [...copy.completionHistory, { date: addDays(t0, -2), status: 'skip' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(history(res.json())).toEqual([`${addDays(t0, -3)}:complete`, `${addDays(t0, -2)}:skip`, `${addDays(t0, -1)}:complete`]);
  });

  it('a stale completedToday does not clear today completed through sync', async () => {
    const { call, copy, url, syncWrite } = await habitWithCopy();
    await syncWrite('habit.setDay', { habitId: copy._id, date: t0, status: 'complete' });
    const res = await call('PUT', url, { ...copy, title: 'Walk more' }, { 'x-timezone': 'UTC' });
    expect(res.json()).toMatchObject({ title: 'Walk more', completedToday: true });
  });

  it('a stale PUT does not bring back a day cleared through sync', async () => {
    const { call, copy, url, syncWrite } = await habitWithCopy();
    await syncWrite('habit.setDay', { habitId: copy._id, date: addDays(t0, -3), status: 'empty' });
    const res = await call('PUT', url, { ...copy, title: 'Walk again' });
    expect(res.json()).toMatchObject({ title: 'Walk again', completionHistory: [] });
  });

  it("a habit's version covers its days, so a copy read after a day changed may change that day", async () => {
    const { call, copy, url, syncWrite } = await habitWithCopy();
    // The day completed over REST after the habit row was written is part of the copy's version.
    const cleared = await call('PUT', url, { ...copy, completionHistory: [] });
    expect(history(cleared.json())).toEqual([]);
    expect(cleared.json().version).toBeGreaterThan(copy.version);
    await syncWrite('habit.setDay', { habitId: copy._id, date: addDays(t0, -2), status: 'miss' });
    const fresh = (await call('GET', url)).json();
    expect(fresh.version).toBeGreaterThan(cleared.json().version);
    const res = await call('PUT', url, { ...fresh, completionHistory: [{ date: addDays(t0, -2), status: 'complete' }] });
    expect(history(res.json())).toEqual([`${addDays(t0, -2)}:complete`]);
    // A day cleared through sync raises the version too (its row is a tombstone).
    await syncWrite('habit.setDay', { habitId: copy._id, date: addDays(t0, -2), status: 'empty' });
    const after = (await call('GET', url)).json();
    expect(after.version).toBeGreaterThan(res.json().version);
    expect((await call('GET', '/api/habits')).json().find((h: { _id: string }) => h._id === copy._id).version).toBe(after.version);
  });

  it('without a base version a PUT of an old history behaves as before (sets every day it lists)', async () => {
    const { call, copy, url, syncWrite } = await habitWithCopy();
    await syncWrite('habit.setDay', { habitId: copy._id, date: addDays(t0, -1), status: 'complete' });
    const { version: _, ...rest } = copy;
    const res = await call('PUT', url, rest);
    expect(history(res.json())).toEqual([`${addDays(t0, -3)}:complete`]);
  });
});
