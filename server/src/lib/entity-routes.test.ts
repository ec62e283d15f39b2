import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../test/kit.js';

/**
 * The entity kit (entity-routes.ts) gives every domain the same five routes with the same shapes, statuses and
 * errors (CONTRACT.md, HTTP API conventions). One table of the domains on it.
 */

const t = useServerTest({ user: false });

const domains = [
  { url: '/api/tasks', body: { title: 'T' }, notFound: 'Task not found', required: 'title' },
  { url: '/api/notes', body: { title: 'N', content: 'text' }, notFound: 'Note not found', required: 'title' },
  { url: '/api/folders', body: { name: 'F' }, notFound: 'Folder not found', required: 'name' },
  { url: '/api/tags', body: { name: 'tag' }, notFound: 'Tag not found', required: 'name' },
  { url: '/api/habits', body: { title: 'H' }, notFound: 'Habit not found', required: 'title' },
  { url: '/api/inbox', body: { text: 'I' }, notFound: 'Inbox item not found', required: 'text' },
];

/** The entity of a folder answer (`{ data }`) or of any other answer. */
const entity = (json: Record<string, unknown>) => (json.data && typeof json.data === 'object' && !Array.isArray(json.data) ? json.data : json) as Record<string, unknown>;
const list = (json: unknown) => (Array.isArray(json) ? json : (json as { data: unknown[] }).data) as Record<string, unknown>[];

describe.each(domains)('the entity kit on $url', (d) => {
  it('creates with a client id (201), reads, lists, updates and deletes with the contract shapes', async () => {
    const { headers } = await t.seedUser();
    const id = `kit-${d.url.slice(5)}-1`;
    const created = await t.app.inject({ method: 'POST', url: d.url, headers, payload: { ...d.body, _id: id } });
    expect(created.statusCode, created.body).toBe(201);
    const body = entity(created.json());
    expect(body).toMatchObject({ _id: id, createdAt: expect.any(String), updatedAt: expect.any(String), version: expect.any(Number) });

    const read = await t.app.inject({ method: 'GET', url: `${d.url}/${id}`, headers });
    expect(read.statusCode).toBe(200);
    expect(entity(read.json())).toEqual(body);
    const all = await t.app.inject({ method: 'GET', url: d.url, headers });
    expect(list(all.json()).map((e) => e._id)).toEqual([id]);

    const put = await t.app.inject({ method: 'PUT', url: `${d.url}/${id}`, headers, payload: { version: body.version } });
    expect(put.statusCode).toBe(200);
    expect(entity(put.json())._id).toBe(id);

    const del = await t.app.inject({ method: 'DELETE', url: `${d.url}/${id}`, headers });
    expect(del.json()).toEqual({ success: true });
    const gone = await t.app.inject({ method: 'GET', url: `${d.url}/${id}`, headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: { code: 'NOT_FOUND', message: d.notFound } });
  });

  it('answers 404 with the domain message for unknown ids, and 400 naming the fields for bad bodies', async () => {
    const { headers } = await t.seedUser();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `${d.url}/nope`, headers, ...(method === 'PUT' ? { payload: {} } : {}) });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: d.notFound });
    }
    const bad = await t.app.inject({ method: 'POST', url: d.url, headers, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((e: { field: string }) => e.field)).toContain(d.required);
    expect(bad.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('keeps each user to their own rows', async () => {
    const a = await t.seedUser();
    const b = await t.seedUser();
    const id = `kit-own-${d.url.slice(5)}`;
    expect((await t.app.inject({ method: 'POST', url: d.url, headers: a.headers, payload: { ...d.body, _id: id } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `${d.url}/${id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${d.url}/${id}`, headers: b.headers })).statusCode).toBe(404);
    expect(list((await t.app.inject({ method: 'GET', url: d.url, headers: b.headers })).json())).toEqual([]);
  });
});
