import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '@adhd/shared/notes/logic';
import type { NoteData } from '@adhd/shared/notes/schema';
import { LEAKS, useServerTest } from './kit.js';
import type { ScriptedClient } from './sync-client.js';

/**
 * Notes and folders through the sync protocol: the conflicted-copy rule (design/sync.md §6, docs/notes.md),
 * the folder tree rules under concurrent offline moves, and malformed input on the notes and folders routes.
 */

const t = useServerTest();
let seq = 0;

async function twoDevices() {
  const owner = await t.seedUser();
  const a = t.device(owner, `notes-a-${++seq}-xxxxxxxx`);
  const b = t.device(owner, `notes-b-${seq}-xxxxxxxx`);
  return { a, b };
}

const contents = (c: ScriptedClient) => c.liveRows('note').map((r) => (r.data as unknown as NoteData).content).sort();

describe('conflicted copy', () => {
  it('keeps both texts when two offline devices edit one body', async () => {
    const { a, b } = await twoDevices();
    await a.mutate('note.create', { id: 'n1', title: 'Plan', content: 'v0' });
    await a.push();
    await a.pull();
    await b.pull();
    // Both go offline and edit the same body from v0.
    await a.mutate('note.update', { id: 'n1', content: 'A text', baseHash: contentHash('v0') });
    await b.mutate('note.update', { id: 'n1', content: 'B text', baseHash: contentHash('v0') });
    await a.push();
    await b.push();
    await a.pull();
    await b.pull();
    expect(contents(a)).toEqual(['A text', 'B text']);
    expect(a.liveRows('note')).toEqual(b.liveRows('note'));
    const main = a.liveRows('note').find((r) => r.id === 'n1')!.data as unknown as NoteData;
    expect(main.content).toBe('B text');
    const copy = a.liveRows('note').find((r) => r.id !== 'n1')!.data as unknown as NoteData;
    expect(copy).toMatchObject({ content: 'A text', conflictOf: 'n1', title: 'Plan' });
  });

  it('keeps both texts when the second device pulls before pushing (client rebase makes the same copy)', async () => {
    const { a, b } = await twoDevices();
    await a.mutate('note.create', { id: 'n2', title: 'Plan', content: 'v0' });
    await a.push();
    await b.pull();
    await a.mutate('note.update', { id: 'n2', content: 'A text', baseHash: contentHash('v0') });
    await b.mutate('note.update', { id: 'n2', content: 'B text', baseHash: contentHash('v0') });
    await a.push();
    await b.pull(); // rebase replays B's edit over A's text: the copy appears locally with the server's id
    expect(contents(b)).toEqual(['A text', 'B text']);
    await b.push();
    await a.pull();
    await b.pull();
    expect(a.liveRows('note')).toEqual(b.liveRows('note'));
    expect(a.liveRows('note')).toHaveLength(2);
  });

  it('makes no copy for one device editing twice offline, or for edits of other fields', async () => {
    const { a, b } = await twoDevices();
    await a.mutate('note.create', { id: 'n3', title: 'T', content: 'v0' });
    await a.push();
    await b.pull();
    await a.mutate('note.update', { id: 'n3', content: 'v1', baseHash: contentHash('v0') });
    await a.mutate('note.update', { id: 'n3', content: 'v2', baseHash: contentHash('v1') });
    await b.mutate('note.update', { id: 'n3', pinned: true });
    await a.push();
    await b.push();
    await a.pull();
    expect(a.liveRows('note')).toHaveLength(1);
    expect(a.liveRows('note')[0]!.data).toMatchObject({ content: 'v2', pinned: true });
  });
});

describe('folders under concurrent moves', () => {
  it('refuses the second of two offline moves that together would make a cycle; both devices converge', async () => {
    const { a, b } = await twoDevices();
    await a.mutate('folder.create', { id: 'x', name: 'X' });
    await a.mutate('folder.create', { id: 'y', name: 'Y' });
    await a.push();
    await b.pull();
    await a.mutate('folder.move', { id: 'x', parentFolder: 'y' });
    await b.mutate('folder.move', { id: 'y', parentFolder: 'x' });
    await a.push();
    const res = await b.push();
    expect(res!.results[0]).toMatchObject({ status: 'rejected', code: 'CYCLE' });
    await a.pull();
    await b.pull();
    expect(b.liveRows('folder')).toEqual(a.liveRows('folder'));
    const parents = Object.fromEntries(a.liveRows('folder').map((r) => [r.id, r.data.parentFolder]));
    expect(parents).toEqual({ x: 'y', y: null });
  });

  it('a note filed offline into a folder deleted elsewhere is kept at the root', async () => {
    const { a, b } = await twoDevices();
    await a.mutate('folder.create', { id: 'f', name: 'F' });
    await a.push();
    await b.pull();
    await a.mutate('folder.delete', { id: 'f' });
    await b.mutate('note.create', { id: 'nn', title: 'Filed', content: 'c', folder: 'f' });
    await a.push();
    await b.push();
    await a.pull();
    await b.pull();
    expect(a.liveRows('note')).toEqual([{ id: 'nn', data: expect.objectContaining({ folder: null }) }]);
    expect(b.liveRows('note')).toEqual(a.liveRows('note'));
  });
});

describe('malformed input on notes and folders routes', () => {
  let noteId = '';
  let folderId = '';
  const routes = () => [
    { method: 'POST' as const, url: '/api/notes' },
    { method: 'PUT' as const, url: `/api/notes/${noteId}` },
    { method: 'POST' as const, url: '/api/folders' },
    { method: 'PUT' as const, url: `/api/folders/${folderId}` },
  ];
  const send = (method: 'POST' | 'PUT', url: string, payload: string) =>
    t.app.inject({ method, url, headers: { 'content-type': 'application/json', ...t.user.headers }, payload });

  beforeAll(async () => {
    noteId = (await t.call('POST', '/api/notes', { title: 't', content: 'c' })).json()._id;
    folderId = (await t.call('POST', '/api/folders', { name: 'f' })).json().data._id;
  });

  it('answers hand-made nasty bodies with a clean 4xx', async () => {
    const nasty = [
      '{"__proto__": {"admin": true}, "title": "x", "content": "y"}',
      '{"title": ' + '['.repeat(3000) + ']'.repeat(3000) + '}',
      '{"title": "x", "content": "y", "tags": [{"$gt": ""}], "folder": {"_id": {"x": 1}}}',
      '{"name": "x", "parentFolder": "../../etc", "color": "#12345"}',
      '{"title": 1e400, "pinned": 123456789012345678901234567890}',
      'null',
      '[]',
      '{"title": "x"',
    ];
    for (const r of routes()) {
      for (const body of nasty) {
        const res = await send(r.method, r.url, body);
        expect(res.statusCode, `${r.method} ${r.url} ${body.slice(0, 50)}`).toBeLessThan(500);
        expect(res.body).not.toMatch(LEAKS);
        if (r.method === 'POST') expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('never fails on random JSON (fast-check, 200 per route)', async () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    const shaped = fc.dictionary(fc.constantFrom('title', 'content', 'isMarkdown', 'color', 'pinned', 'folder', 'tags', 'name', 'icon', 'parentFolder', 'baseHash', '__proto__'), value);
    for (const r of routes()) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(value, shaped), async (body) => {
          const res = await send(r.method, r.url, JSON.stringify(body));
          expect(res.statusCode).toBeLessThan(500);
          expect(res.body).not.toMatch(LEAKS);
        }),
        { numRuns: 200, seed: 11 },
      );
    }
  }, 60_000);

  it('rejects bad ids and queries without errors', async () => {
    for (const url of ['/api/notes/%00', `/api/notes/${'x'.repeat(300)}`, '/api/folders/..%2F..%2Fetc', '/api/folders?parent=%00', '/api/notes?q=%22%22%22*', `/api/notes?q=${'a'.repeat(600)}`, '/api/notes?folder=%00']) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.user.headers });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toMatch(LEAKS);
    }
  });
});
