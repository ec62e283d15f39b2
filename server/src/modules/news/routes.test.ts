import { describe, expect, it } from 'vitest';
import { fieldsOf, useServerTest, type SeededUser } from '../../../test/kit.js';
import { newsPageMeta } from './page-meta.js';

/** CONTRACT.md "news": public lists and items, the admin routes, toggles, paths and the page head. */

const t = useServerTest({ each: true });

let admin: SeededUser;
const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => t.callAs(admin, method, url, body);
const create = async (body: Record<string, unknown>) => {
  const res = await asAdmin('POST', '/api/admin/news', { content: 'Body', language: 'en', ...body });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const publicList = async (lang?: string) => {
  const res = await t.callAs(null, 'GET', `/api/news${lang ? `?lang=${lang}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { title: string; displayPath: string }[];
};

describe('news', () => {
  it('every admin route: 401 for a visitor, 403 for a user', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/api/admin/news'],
      ['GET', '/api/admin/news/some-id'],
      ['POST', '/api/admin/news'],
      ['PUT', '/api/admin/news/some-id'],
      ['DELETE', '/api/admin/news/some-id'],
    ];
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? { title: 'T', content: 'C', language: 'en' } : undefined;
      expect((await t.callAs(null, method, url, body)).statusCode, `${method} ${url} visitor`).toBe(401);
      const user = await t.call(method, url, body);
      expect(user.statusCode, `${method} ${url} user`).toBe(403);
      expect(user.json().error.code).toBe('FORBIDDEN');
    }
    admin = await t.seedAdmin();
    expect((await asAdmin('GET', '/api/admin/news')).json()).toEqual([]);
    expect((await t.callAs(null, 'GET', '/api/news')).json()).toEqual([]);
  });

  it('creates a draft, edits, publishes, unpublishes and deletes; drafts are never public', async () => {
    admin = await t.seedAdmin();
    const item = await create({ title: 'First steps', content: '# Hello\n\nWelcome **friends**.' });
    expect(item).toMatchObject({ title: 'First steps', status: 'draft', publishedAt: null, displayPath: 'first-steps', customLayout: false, language: 'en' });
    expect(item).not.toHaveProperty('authorId');
    expect(await publicList('en')).toEqual([]);
    expect((await t.callAs(null, 'GET', '/api/news/en/first-steps')).statusCode).toBe(404);

    const edited = await asAdmin('PUT', `/api/admin/news/${item._id}`, { title: 'First steps, edited', customLayout: true });
    expect(edited.statusCode).toBe(200);
    // The path stays when only the title changes.
    expect(edited.json()).toMatchObject({ title: 'First steps, edited', displayPath: 'first-steps', customLayout: true, content: item.content });

    const published = (await asAdmin('PUT', `/api/admin/news/${item._id}`, { status: 'published' })).json();
    expect(published.status).toBe('published');
    expect(new Date(published.publishedAt).toISOString()).toBe(published.publishedAt);
    const one = await t.callAs(null, 'GET', '/api/news/en/first-steps');
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json()).sort()).toEqual(['_id', 'content', 'createdAt', 'customLayout', 'displayPath', 'language', 'publishedAt', 'title', 'updatedAt']);
    expect(one.json()).toMatchObject({ _id: item._id, title: 'First steps, edited', customLayout: true, publishedAt: published.publishedAt });
    expect((await publicList('en')).map((n) => n.title)).toEqual(['First steps, edited']);

    const unpublished = (await asAdmin('PUT', `/api/admin/news/${item._id}`, { status: 'draft' })).json();
    expect(unpublished.status).toBe('draft');
    expect((await t.callAs(null, 'GET', '/api/news/en/first-steps')).statusCode).toBe(404);
    expect(await publicList()).toEqual([]);
    // Publishing again keeps the first publication date.
    const again = (await asAdmin('PUT', `/api/admin/news/${item._id}`, { status: 'published' })).json();
    expect(again.publishedAt).toBe(published.publishedAt);

    expect((await asAdmin('DELETE', `/api/admin/news/${item._id}`)).json()).toEqual({ success: true });
    expect((await asAdmin('DELETE', `/api/admin/news/${item._id}`)).statusCode).toBe(404);
    expect((await asAdmin('PUT', `/api/admin/news/${item._id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await t.callAs(null, 'GET', '/api/news/en/first-steps')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/admin/news')).json()).toEqual([]);
  });

  it('lists per language, newest first; the admin list has drafts and filters by language', async () => {
    admin = await t.seedAdmin();
    await create({ title: 'Old', status: 'published', publishedAt: '2026-01-01T10:00:00.000Z' });
    await create({ title: 'New', status: 'published', publishedAt: '2026-03-01T10:00:00.000Z' });
    await create({ title: 'Middle', status: 'published', publishedAt: '2026-02-01T10:00:00.000Z' });
    await create({ title: 'Draft', status: 'draft' });
    await create({ title: 'Новость', language: 'ru', status: 'published' });
    expect((await publicList('en')).map((n) => n.title)).toEqual(['New', 'Middle', 'Old']);
    expect((await publicList()).map((n) => n.title)).toEqual(['New', 'Middle', 'Old']);
    expect(await publicList('ru')).toEqual([expect.objectContaining({ title: 'Новость', displayPath: 'novost' })]);
    expect((await asAdmin('GET', '/api/admin/news?lang=en')).json().map((n: { title: string }) => n.title).sort()).toEqual(['Draft', 'Middle', 'New', 'Old']);
    expect((await asAdmin('GET', '/api/admin/news')).json()).toHaveLength(5);
    // The ru item is not found under en.
    expect((await t.callAs(null, 'GET', '/api/news/en/novost')).statusCode).toBe(404);
    expect((await t.callAs(null, 'GET', '/api/news/ru/novost')).statusCode).toBe(200);
    const bad = await t.callAs(null, 'GET', '/api/news?lang=de');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['lang']);
    expect((await t.callAs(null, 'GET', '/api/news/de/novost')).statusCode).toBe(404);
    expect((await t.callAs(null, 'GET', '/api/news/en/no-such-thing')).json().error.code).toBe('NOT_FOUND');
  });

  it('display paths: made from the title with -2 on a clash, unique per language (409 at the field), kept lowercase', async () => {
    admin = await t.seedAdmin();
    expect((await create({ title: 'Привет, мир!' })).displayPath).toBe('privet-mir');
    expect((await create({ title: 'Privet mir' })).displayPath).toBe('privet-mir-2');
    expect((await create({ title: 'Privet mir', displayPath: '' })).displayPath).toBe('privet-mir-3');
    // The same path in another language is fine.
    expect((await create({ title: 'Privet mir', language: 'ru' })).displayPath).toBe('privet-mir');
    const dup = await asAdmin('POST', '/api/admin/news', { title: 'X', content: 'C', language: 'en', displayPath: 'privet-mir' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'DISPLAY_PATH_TAKEN', details: [expect.objectContaining({ field: 'displayPath' })] });
    const other = await create({ title: 'Other', displayPath: 'other' });
    const clash = await asAdmin('PUT', `/api/admin/news/${other._id}`, { displayPath: 'privet-mir-2' });
    expect(clash.statusCode).toBe(409);
    // Moving to a language where its path is taken is a clash too; an empty path asks for a new one.
    const ruOther = await create({ title: 'Other', language: 'ru' });
    expect((await asAdmin('PUT', `/api/admin/news/${ruOther._id}`, { language: 'en' })).statusCode).toBe(409);
    expect((await asAdmin('PUT', `/api/admin/news/${ruOther._id}`, { language: 'en', displayPath: '' })).json().displayPath).toBe('other-2');
    // Saving an item with its own path is no clash.
    expect((await asAdmin('PUT', `/api/admin/news/${other._id}`, { displayPath: 'other', title: 'Other 2' })).statusCode).toBe(200);
    for (const displayPath of ['Upper', 'with space', 'slash/x', 'ü', 'x'.repeat(121)]) {
      const res = await asAdmin('POST', '/api/admin/news', { title: 'X', content: 'C', language: 'en', displayPath });
      expect(res.statusCode, displayPath).toBe(400);
      expect(fieldsOf(res)).toEqual(['displayPath']);
    }
  });

  it('bad input: 400 naming the fields, nothing stored', async () => {
    admin = await t.seedAdmin();
    const res = await asAdmin('POST', '/api/admin/news', { title: ' ', content: '', language: 'de', status: 'live', customLayout: 'yes', publishedAt: 'soon' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    expect(res.json().error.message).toBe('Title is required');
    expect(fieldsOf(res)).toEqual(['content', 'customLayout', 'language', 'publishedAt', 'status', 'title']);
    const empty = await asAdmin('POST', '/api/admin/news');
    expect(fieldsOf(empty)).toEqual(['content', 'language', 'title']);
    const item = await create({ title: 'Fine' });
    const put = await asAdmin('PUT', `/api/admin/news/${item._id}`, { title: '', language: 'xx' });
    expect(put.statusCode).toBe(400);
    expect(fieldsOf(put)).toEqual(['language', 'title']);
    expect((await asAdmin('GET', '/api/admin/news')).json().map((n: { title: string }) => n.title)).toEqual(['Fine']);
  });

  it('stores XSS-ish content as given (the client renderer sanitises it)', async () => {
    admin = await t.seedAdmin();
    const content = '<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    await create({ title: 'Scripted', content, status: 'published' });
    const res = await t.callAs(null, 'GET', '/api/news/en/scripted');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().content).toBe(content);
  });

  it('news toggle off: public routes answer 403 FEATURE_DISABLED, admin routes still work', async () => {
    admin = await t.seedAdmin();
    await create({ title: 'Kept', status: 'published' });
    await asAdmin('PUT', '/api/admin/feature-toggles', { news: false } as never);
    for (const url of ['/api/news', '/api/news?lang=ru', '/api/news/en/kept']) {
      const res = await t.callAs(null, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toEqual({ code: 'FEATURE_DISABLED', message: 'News is turned off on this server' });
    }
    expect((await asAdmin('GET', '/api/admin/news')).json()).toHaveLength(1);
    expect(await newsPageMeta(t.app.db)('/news/en/kept', 'en')).toBeNull();
    await asAdmin('PUT', '/api/admin/feature-toggles', { news: true } as never);
    expect((await t.callAs(null, 'GET', '/api/news/en/kept')).statusCode).toBe(200);
  });

  it('newsPageMeta: title, a plain description and article for a published item; null otherwise', async () => {
    admin = await t.seedAdmin();
    const long = `## Big *news*\n\nWe shipped [offline mode](https://example.com) and ![pic](x.png) more. ${'word '.repeat(60)}`;
    await create({ title: 'Вышло обновление', language: 'ru', content: long, status: 'published' });
    await create({ title: 'Secret draft', content: 'hidden' });
    const meta = newsPageMeta(t.app.db);
    const got = await meta('/news/ru/vyshlo-obnovlenie', 'en');
    expect(got).toMatchObject({ title: 'Вышло обновление · ADHD SuperApp', type: 'article', locale: 'ru' });
    expect(got!.description.startsWith('Big news. We shipped offline mode and more. word')).toBe(true);
    expect(got!.description.length).toBeLessThanOrEqual(160);
    expect(got!.description.endsWith('…')).toBe(true);
    expect(await meta('/news/en/secret-draft', 'en')).toBeNull();
    expect(await meta('/news/en/vyshlo-obnovlenie', 'en')).toBeNull();
    expect(await meta('/news/ru', 'ru')).toBeNull();
    expect(await meta('/about', 'en')).toBeNull();
  });
});
