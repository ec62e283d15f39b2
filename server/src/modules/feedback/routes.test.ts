import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { multipart, PNG_1PX, pngOfSize, type Part } from '../../../test/multipart.js';
import { fieldsOf, useServerTest, withTestApp, type Caller } from '../../../test/kit.js';
import { uploadsDir } from './uploads.js';

/** Feedback (CONTRACT.md "feedback", "admin"): the form's limits, stored files, the admin routes, the toggle. */

const t = useServerTest({ config: { rateLimits: { feedbackPerIp10m: 1000 } } });

const FIELDS: Part[] = [
  { name: 'name', value: 'Ada' },
  { name: 'email', value: 'ada@example.com' },
  { name: 'type', value: 'bug' },
  { name: 'message', value: 'The timer stops when the tab sleeps.' },
];
const shot = (bytes: Buffer, filename = 'shot.png', type = 'image/png'): Part => ({ name: 'screenshots', filename, type, bytes });

let address = 0;
/** Each send comes from its own address unless told, so the per-IP limit counts only where a test means it. */
function send(app: FastifyInstance, parts: Part[], as: Caller = null, ip = `10.0.${(++address >> 8) & 255}.${address & 255}`) {
  const { payload, headers } = multipart(parts);
  return app.inject({ method: 'POST', url: '/api/feedback', payload, headers: { ...as?.headers, ...headers }, remoteAddress: ip });
}

async function stored(app: FastifyInstance, dataDir: string) {
  const rows = await app.db.selectFrom('feedback').selectAll().execute();
  const files = await readdir(uploadsDir(dataDir)).catch(() => [] as string[]);
  return { rows: rows.length, files: files.sort() };
}

/** A refused send leaves the rows and the folder as they were. */
async function expectRefused(parts: Part[], status: number, message: string) {
  const before = await stored(t.app, t.dataDir);
  const res = await send(t.app, parts);
  expect(res.statusCode).toBe(status);
  expect(res.json().error.message).toBe(message);
  expect(fieldsOf(res)).toEqual(['screenshots']);
  expect(await stored(t.app, t.dataDir)).toEqual(before);
  return res;
}

describe('POST /api/feedback', () => {
  it('stores feedback without screenshots from a visitor (201 { _id }, status new, no user)', async () => {
    const res = await send(t.app, FIELDS);
    expect(res.statusCode).toBe(201);
    const row = await t.app.db.selectFrom('feedback').selectAll().where('id', '=', res.json()._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ada', email: 'ada@example.com', type: 'bug', status: 'new', user_id: null, screenshots: '[]' });
  });

  it('stores 3 screenshots under generated names with the detected extension, whatever the sent names', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const before = (await stored(t.app, t.dataDir)).files;
    const res = await send(t.app, [...FIELDS, shot(PNG_1PX, '../../evil.png'), shot(gif, '/etc/passwd', 'text/plain'), shot(PNG_1PX, '..\\x.exe')]);
    expect(res.statusCode).toBe(201);
    const files = (await stored(t.app, t.dataDir)).files.filter((f) => !before.includes(f));
    expect(files).toHaveLength(3);
    for (const f of files) expect(f).toMatch(/^[0-9a-f-]{36}\.(png|gif)$/);
    expect(files.filter((f) => f.endsWith('.gif'))).toHaveLength(1);
    // Nothing escaped the uploads folder: DATA_DIR holds no evil.png, and neither does the parent.
    expect(await readdir(t.dataDir)).not.toContain('evil.png');
    expect(await readdir(`${t.dataDir}/uploads`)).toEqual(['feedback']);
  });

  it('refuses a 4th file (400, Maximum 3 files allowed) and stores nothing', async () => {
    await expectRefused([...FIELDS, ...[1, 2, 3, 4].map(() => shot(PNG_1PX))], 400, 'Maximum 3 files allowed');
  });

  it('refuses 5 MB + 1 byte in total, in one file or over several (413), and takes exactly 5 MB', async () => {
    const mb5 = 5 * 1024 * 1024;
    const res = await expectRefused([...FIELDS, shot(pngOfSize(mb5 + 1))], 413, 'Total file size exceeds 5MB limit');
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    await expectRefused([...FIELDS, shot(pngOfSize(3 * 1024 * 1024)), shot(pngOfSize(mb5 - 3 * 1024 * 1024 + 1))], 413, 'Total file size exceeds 5MB limit');
    const exact = await send(t.app, [...FIELDS, shot(pngOfSize(3 * 1024 * 1024)), shot(pngOfSize(mb5 - 3 * 1024 * 1024))]);
    expect(exact.statusCode).toBe(201);
  });

  it('refuses a file whose bytes are no PNG, JPEG, WebP or GIF: HTML named .png and declared image/png (400)', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    await expectRefused([...FIELDS, shot(PNG_1PX), shot(html, 'cat.png', 'image/png')], 400, 'Screenshots must be PNG, JPEG, WebP or GIF images');
    await expectRefused([...FIELDS, shot(Buffer.from('%PDF-1.4\n'), 'x.gif', 'image/gif')], 400, 'Screenshots must be PNG, JPEG, WebP or GIF images');
  });

  it('answers 400 naming each bad field with the SPEC messages, and stores nothing', async () => {
    const before = await stored(t.app, t.dataDir);
    const res = await send(t.app, [{ name: 'type', value: 'rant' }, { name: 'message', value: '  ' }, shot(PNG_1PX)]);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['email', 'message', 'name', 'type']);
    const messages = Object.fromEntries(res.json().error.details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(messages).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      type: 'Please select a feedback type',
      message: 'Please enter your feedback message',
    });
    const bad = await send(t.app, FIELDS.map((p) => (p.name === 'email' ? { name: 'email', value: 'not-mail' } : p)));
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'email', message: 'Please enter a valid email address' })]);
    expect(await stored(t.app, t.dataDir)).toEqual(before);
  });

  it('refuses a body that is not multipart (415)', async () => {
    const res = await t.callAs(null, 'POST', '/api/feedback', { name: 'Ada' });
    expect(res.statusCode).toBe(415);
  });

  it('links a signed-in sender; deleting the account keeps the feedback and drops the link', async () => {
    const sam = await t.seedUser();
    const { _id } = (await send(t.app, FIELDS, sam)).json();
    const row = () => t.app.db.selectFrom('feedback').selectAll().where('id', '=', _id).executeTakeFirstOrThrow();
    expect((await row()).user_id).toBe(sam.id);
    await t.app.db.deleteFrom('users').where('id', '=', sam.id).execute();
    expect(await row()).toMatchObject({ user_id: null, name: 'Ada', email: 'ada@example.com' });
  });

  it('answers 403 FEATURE_DISABLED when feedback is turned off, storing nothing', async () => {
    const admin = await t.seedAdmin();
    expect((await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { feedback: false })).statusCode).toBe(200);
    try {
      const before = await stored(t.app, t.dataDir);
      const res = await send(t.app, [...FIELDS, shot(PNG_1PX)]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FEATURE_DISABLED', message: 'Feedback is turned off on this server' });
      expect(await stored(t.app, t.dataDir)).toEqual(before);
    } finally {
      await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { feedback: true });
    }
  });
});

describe('the per-address limit', () => {
  it('answers 429 with retryAfter over the limit, stores nothing, and other addresses go on', async () => {
    await withTestApp({ rateLimits: { feedbackPerIp10m: 2 } }, async (fx) => {
      expect((await send(fx.app, FIELDS, null, '10.9.9.9')).statusCode).toBe(201);
      expect((await send(fx.app, FIELDS, null, '10.9.9.9')).statusCode).toBe(201);
      const over = await send(fx.app, [...FIELDS, shot(PNG_1PX)], null, '10.9.9.9');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ error: { code: 'RATE_LIMITED' }, retryAfter: expect.any(Number) });
      expect(await stored(fx.app, fx.dataDir)).toEqual({ rows: 2, files: [] });
      expect((await send(fx.app, FIELDS, null, '10.9.9.10')).statusCode).toBe(201);
    });
  });
});

describe('over real HTTP', () => {
  it('answers the refusals while the upload is still arriving (413, 400), not with a reset connection', async () => {
    await withTestApp({}, async (fx) => {
      const base = await fx.app.listen({ port: 0, host: '127.0.0.1' });
      const post = (parts: Part[]) => {
        const { payload, headers } = multipart(parts);
        return fetch(`${base}/api/feedback`, { method: 'POST', body: payload, headers });
      };
      const big = await post([...FIELDS, shot(pngOfSize(6 * 1024 * 1024))]);
      expect(big.status).toBe(413);
      expect(((await big.json()) as { error: { message: string } }).error.message).toBe('Total file size exceeds 5MB limit');
      const four = await post([...FIELDS, ...[1, 2, 3, 4].map(() => shot(pngOfSize(1024 * 1024)))]);
      expect(four.status).toBe(400);
      expect(((await four.json()) as { error: { message: string } }).error.message).toBe('Maximum 3 files allowed');
      expect(await stored(fx.app, fx.dataDir)).toEqual({ rows: 0, files: [] });
      // The refused uploads' connections may still be taking the rest of their bodies (Node reads them to keep the
      // connection): closing the app would wait for them to go idle and then for the keep-alive timeout (72 s).
      fx.app.server.closeAllConnections();
    });
  });
});

describe('admin routes', () => {
  it('lists newest first with filters and counts, for admins only (401 visitor, 403 user)', async () => {
    const admin = await t.seedAdmin();
    await send(t.app, [...FIELDS.filter((p) => p.name !== 'type'), { name: 'type', value: 'feature' }, shot(PNG_1PX), shot(PNG_1PX)]);
    const list = await t.callAs(admin, 'GET', '/api/admin/feedback');
    expect(list.statusCode).toBe(200);
    const { data, total } = list.json();
    expect(total).toBeGreaterThan(3);
    expect(data[0]).toEqual({
      _id: expect.any(String),
      name: 'Ada',
      email: 'ada@example.com',
      type: 'feature',
      message: 'The timer stops when the tab sleeps.',
      status: 'new',
      createdAt: expect.any(String),
      screenshots: 2,
    });
    const dates = data.map((d: { createdAt: string }) => d.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const features = (await t.callAs(admin, 'GET', '/api/admin/feedback?type=feature')).json();
    expect(features.total).toBe(1);
    expect((await t.callAs(admin, 'GET', '/api/admin/feedback?type=rant')).statusCode).toBe(400);
    expect((await t.callAs(admin, 'GET', '/api/admin/feedback?page=0')).statusCode).toBe(400);
    expect((await t.callAs(admin, 'GET', '/api/admin/feedback?page=99')).json()).toEqual({ data: [], total });
    expect((await t.callAs(null, 'GET', '/api/admin/feedback')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/admin/feedback')).statusCode).toBe(403);
  });

  it('changes the status (admins only) and filters by it', async () => {
    const admin = await t.seedAdmin();
    const { _id } = (await send(t.app, FIELDS)).json();
    expect((await t.call('PATCH', `/api/admin/feedback/${_id}`, { status: 'read' })).statusCode).toBe(403);
    expect((await t.callAs(null, 'PATCH', `/api/admin/feedback/${_id}`, { status: 'read' })).statusCode).toBe(401);
    const res = await t.callAs(admin, 'PATCH', `/api/admin/feedback/${_id}`, { status: 'resolved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id, status: 'resolved' });
    const resolved = (await t.callAs(admin, 'GET', '/api/admin/feedback?status=resolved')).json();
    expect(resolved.data.map((d: { _id: string }) => d._id)).toEqual([_id]);
    expect(fieldsOf(await t.callAs(admin, 'PATCH', `/api/admin/feedback/${_id}`, { status: 'gone' }))).toEqual(['status']);
    expect((await t.callAs(admin, 'PATCH', '/api/admin/feedback/00000000-0000-7000-8000-000000000000', { status: 'read' })).statusCode).toBe(404);
  });

  it('serves a screenshot with its stored type, inline disposition, a sandboxing CSP and nosniff', async () => {
    const admin = await t.seedAdmin();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const { _id } = (await send(t.app, [...FIELDS, shot(PNG_1PX), shot(gif, 'x.png', 'image/png')])).json();
    const res = await t.callAs(admin, 'GET', `/api/admin/feedback/${_id}/screenshots/1`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(gif)).toBe(true);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['content-disposition']).toBe(`inline; filename="feedback-${_id}-1.gif"`);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const first = await t.callAs(admin, 'GET', `/api/admin/feedback/${_id}/screenshots/0`);
    expect(first.rawPayload.equals(PNG_1PX)).toBe(true);
    expect((await t.callAs(admin, 'GET', `/api/admin/feedback/${_id}/screenshots/2`)).statusCode).toBe(404);
    expect((await t.callAs(admin, 'GET', `/api/admin/feedback/${_id}/screenshots/..%2F..%2Fapp.sqlite`)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/admin/feedback/${_id}/screenshots/0`)).statusCode).toBe(403);
    expect((await t.callAs(null, 'GET', `/api/admin/feedback/${_id}/screenshots/0`)).statusCode).toBe(401);
    // The stored file is the sent bytes, under the uploads folder.
    const names = await readdir(uploadsDir(t.dataDir));
    const bytes = await Promise.all(names.map((n) => readFile(`${uploadsDir(t.dataDir)}/${n}`)));
    expect(bytes.some((b) => b.equals(gif))).toBe(true);
  });
});
