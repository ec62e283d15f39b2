import { describe, expect, it } from 'vitest';
import { newClientId, useServerTest } from '../../../test/kit.js';
import { noteCreate } from '../../../test/sync-client.js';

/** Issue 12, point 7: a pull page and a GET collection answer are bounded by bytes, not only by rows. */

describe('pull pages and collection answers are bounded by bytes', () => {
  const t = useServerTest({ build: { syncLimits: { pullMaxBytes: 20_000 } }, user: false });

  it('cuts a pull page at pullMaxBytes of row JSON, always sending at least one row', async () => {
    const user = await t.seedUser();
    const client = newClientId('limits-client');
    // Ten notes of 6 kB and one of 50 kB, larger than a whole page.
    const mutations = Array.from({ length: 10 }, (_, i) => noteCreate(i + 1, `n${String(i).padStart(2, '0')}`, 6_000));
    mutations.push(noteCreate(11, 'huge', 50_000));
    expect((await t.push(user, client, mutations)).json()).toMatchObject({ lastMutationId: 11 });

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor = 0;
    for (let guard = 0; guard < 20; guard++) {
      const { page, bytes } = await t.pull(user, client, { cursor, limit: 5_000 });
      expect(page.changes.length).toBeGreaterThan(0);
      sizes.push(page.changes.length);
      if (page.changes.length > 1) expect(bytes).toBeLessThanOrEqual(20_000 + 1_000);
      seen.push(...page.changes.map((c) => c.id));
      // The cursor semantics stay: the last row's version while more follow, the user's version at the end.
      expect(page.cursor).toBe(page.changes[page.changes.length - 1]!.version);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(seen).toEqual([...mutations.map((m) => (m.args as { id: string }).id)]);
    expect(sizes).toEqual([3, 3, 3, 1, 1]);
  });

  it('streams GET collections larger than one chunk instead of answering one string, in the same format', async () => {
    const user = await t.seedUser();
    for (let i = 0; i < 3; i++) {
      const res = await t.callAs(user, 'POST', '/api/notes', { title: `n${i}`, content: 'y'.repeat(40_000) });
      expect(res.statusCode).toBe(201);
    }
    await t.callAs(user, 'POST', '/api/folders', { name: 'F' });
    await t.callAs(user, 'POST', '/api/tasks', { title: 'T' });
    for (const url of ['/api/notes', '/api/tasks', '/api/folders', '/api/tags', '/api/habits', '/api/notes/pinned']) {
      const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      if (url.startsWith('/api/notes')) {
        // Notes are read in batches as they are sent (120 KB here): a stream has no length known in advance,
        // the answer was written piece by piece.
        expect(res.headers['content-length'], url).toBeUndefined();
        expect(res.headers['transfer-encoding'], url).toBe('chunked');
      } else {
        // An answer of rows read at once that ends within the first 64 KiB chunk is sent as that one piece.
        expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
      }
    }
    const notes = (await t.callAs(user, 'GET', '/api/notes')).json() as { title: string; updatedAt: string }[];
    expect(notes.map((n) => n.title)).toEqual(['n2', 'n1', 'n0']);
    const folders = (await t.callAs(user, 'GET', '/api/folders')).json() as { data: { name: string }[] };
    expect(folders.data.map((f) => f.name)).toEqual(['F']);
  });
});
