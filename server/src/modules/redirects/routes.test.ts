import { describe, expect, it } from 'vitest';
import { fieldsOf, useServerTest } from '../../../test/kit.js';

/** CONTRACT.md "admin" and "public config": path redirects, who may change them, validation and lookup. */

const t = useServerTest();

describe('redirects', () => {
  it('admin routes: 401 for a visitor, 403 for a user; public lookups need no sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/redirects'],
      ['POST', '/api/admin/redirects'],
      ['PUT', '/api/admin/redirects/x1'],
      ['DELETE', '/api/admin/redirects/x1'],
    ] as const) {
      expect((await t.callAs(null, method, url, { from: '/a', to: '/b' })).statusCode).toBe(401);
      expect((await t.callAs(t.user, method, url, { from: '/a', to: '/b' })).statusCode).toBe(403);
    }
    expect((await t.callAs(null, 'GET', '/api/redirects')).statusCode).toBe(200);
    expect((await t.callAs(null, 'GET', '/api/redirects?path=/nothing-here')).statusCode).toBe(404);
  });

  it('creates, lists, looks up (trailing slash trimmed), edits and deletes a rule', async () => {
    const admin = await t.seedAdmin();
    const created = await t.callAs(admin, 'POST', '/api/admin/redirects', { from: '/old-page/', to: '/tasks' });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toEqual({ _id: expect.any(String), from: '/old-page', to: '/tasks', createdAt: expect.any(String), updatedAt: expect.any(String) });
    const out = await t.create('/api/admin/redirects', { from: '/give', to: 'https://example.org/donate?ref=app' }, admin);

    expect((await t.callAs(null, 'GET', '/api/redirects?path=/old-page')).json()).toEqual({ target: '/tasks' });
    expect((await t.callAs(null, 'GET', '/api/redirects?path=/old-page/')).json()).toEqual({ target: '/tasks' });
    expect((await t.callAs(null, 'GET', '/api/redirects?path=/old-page/more')).statusCode).toBe(404);
    expect((await t.callAs(null, 'GET', '/api/redirects')).json()).toEqual({
      rules: [
        { from: '/give', to: 'https://example.org/donate?ref=app' },
        { from: '/old-page', to: '/tasks' },
      ],
    });
    expect((await t.callAs(admin, 'GET', '/api/admin/redirects')).json().map((r: { _id: string }) => r._id).sort()).toEqual([rule._id, out._id].sort());

    const edited = await t.callAs(admin, 'PUT', `/api/admin/redirects/${rule._id}`, { from: '/older-page', to: '/notes' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ _id: rule._id, from: '/older-page', to: '/notes' });
    expect((await t.callAs(null, 'GET', '/api/redirects?path=/old-page')).statusCode).toBe(404);
    expect((await t.callAs(null, 'GET', '/api/redirects?path=/older-page')).json()).toEqual({ target: '/notes' });

    expect((await t.callAs(admin, 'DELETE', `/api/admin/redirects/${rule._id}`)).json()).toEqual({ success: true });
    expect((await t.callAs(null, 'GET', '/api/redirects?path=/older-page')).statusCode).toBe(404);
    expect((await t.callAs(admin, 'DELETE', `/api/admin/redirects/${rule._id}`)).statusCode).toBe(404);
    expect((await t.callAs(admin, 'PUT', `/api/admin/redirects/${rule._id}`, { from: '/x', to: '/y' })).statusCode).toBe(404);
    await t.callAs(admin, 'DELETE', `/api/admin/redirects/${out._id}`);
  });

  it('409 on a duplicate source, on create and on edit', async () => {
    const admin = await t.seedAdmin();
    const a = await t.create('/api/admin/redirects', { from: '/dup-a', to: '/tasks' }, admin);
    const b = await t.create('/api/admin/redirects', { from: '/dup-b', to: '/tasks' }, admin);
    const again = await t.callAs(admin, 'POST', '/api/admin/redirects', { from: '/dup-a/', to: '/notes' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DUPLICATE_REDIRECT');
    expect((await t.callAs(admin, 'PUT', `/api/admin/redirects/${b._id}`, { from: '/dup-a', to: '/notes' })).statusCode).toBe(409);
    // Saving a rule under its own source is no conflict.
    expect((await t.callAs(admin, 'PUT', `/api/admin/redirects/${a._id}`, { from: '/dup-a', to: '/notes' })).statusCode).toBe(200);
  });

  it('refuses bad sources and targets with 400 naming the field, storing nothing', async () => {
    const admin = await t.seedAdmin();
    const before = (await t.callAs(admin, 'GET', '/api/admin/redirects')).json();
    const cases: [unknown, string[]][] = [
      [{ from: 'old', to: '/tasks' }, ['from']],
      [{ from: '//evil.example', to: '/tasks' }, ['from']],
      [{ from: '/a//b', to: '/tasks' }, ['from']],
      [{ from: '/page?x=1', to: '/tasks' }, ['from']],
      [{ from: '/api/tasks', to: '/tasks' }, ['from']],
      [{ from: '/api', to: '/tasks' }, ['from']],
      [{ from: '/admin', to: '/tasks' }, ['from']],
      [{ from: '/admin/users', to: 'https://example.org' }, ['from']],
      [{ from: '/auth/login', to: '/tasks' }, ['from']],
      [{ from: '/x', to: 'javascript:alert(1)' }, ['to']],
      [{ from: '/x', to: '//evil.example/path' }, ['to']],
      [{ from: '/x', to: 'ftp://example.org' }, ['to']],
      [{ from: '/x', to: 'https://exa mple.org' }, ['to']],
      [{ from: '/same', to: '/same/' }, ['to']],
      [{ from: '', to: '' }, ['from', 'to']],
      [{}, ['from', 'to']],
      [{ from: '/x', to: '/y', extra: 1 }, ['']],
    ];
    for (const [body, fields] of cases) {
      const res = await t.callAs(admin, 'POST', '/api/admin/redirects', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toEqual(fields);
    }
    expect((await t.callAs(admin, 'GET', '/api/admin/redirects')).json()).toEqual(before);
    // Sources that only start like a reserved one are fine.
    const ok = await t.create('/api/admin/redirects', { from: '/authors', to: '/about' }, admin);
    await t.callAs(admin, 'DELETE', `/api/admin/redirects/${ok._id}`);
  });
});
