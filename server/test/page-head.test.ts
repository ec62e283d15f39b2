import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageMetaResolver } from '@adhd/shared/site/page-meta';
import { seedAdmin, withTestApp, type TestApp } from './kit.js';

/**
 * Issue 18: the head of each public page in the served HTML (server/src/plugins/page-head.ts) and `/` serving
 * the prerendered landing. A temporary client build stands in for client/dist.
 */

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Generic description" />
    <title>ADHD SuperApp</title>
    <style nonce="CSP_NONCE_PLACEHOLDER">.x{}</style>
  </head>
  <body><div id="root">SPA</div></body>
</html>`;
const landing = (lang: string) => `<!doctype html>
<html lang="${lang}">
  <head>
    <title>ADHD SuperApp</title>
    <style nonce="CSP_NONCE_PLACEHOLDER">.l{}</style>
    <script src="/landing.js"></script>
  </head>
  <body><main>LANDING ${lang}</main></body>
</html>`;

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'adhd-dist-'));
  await mkdir(path.join(dist, 'landing'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'landing', 'en.html'), landing('en'));
  await writeFile(path.join(dist, 'landing', 'ru.html'), landing('ru'));
});
afterAll(() => rm(dist, { recursive: true, force: true }));

const news: PageMetaResolver = async (page, locale) =>
  page === '/news/en/hello' ? { title: 'Hello <b>"world"</b> & more', description: `A news item's text (${locale})`, type: 'article', locale: 'en' } : null;
const broken: PageMetaResolver = async (page) => {
  if (page === '/news/en/broken') throw new Error('resolver failed');
  return null;
};

const run = (fn: (t: TestApp) => Promise<void>, publicUrl: string | null = 'https://todo.example.org') =>
  withTestApp({ clientDist: dist, publicUrl }, { pageMeta: [broken, news] }, fn);

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

const PAGES: Record<string, [string, string]> = {
  '/about': ['About · ADHD SuperApp', 'О приложении · ADHD SuperApp'],
  '/donate': ['Donate · ADHD SuperApp', 'Поддержать · ADHD SuperApp'],
  '/privacy': ['Privacy · ADHD SuperApp', 'Конфиденциальность · ADHD SuperApp'],
  '/terms': ['Terms · ADHD SuperApp', 'Условия · ADHD SuperApp'],
  '/feedback': ['Feedback · ADHD SuperApp', 'Обратная связь · ADHD SuperApp'],
  '/news': ['News · ADHD SuperApp', 'Новости · ADHD SuperApp'],
};

describe('page heads', () => {
  it('each public page has its own title, description and Open Graph tags in en and ru', async () => {
    await run(async (t) => {
      for (const [page, [en, ru]] of Object.entries(PAGES)) {
        for (const [lang, expected, headers] of [
          ['en', en, {}],
          ['ru', ru, { cookie: 'locale=ru' }],
          ['ru', ru, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' }],
          ['en', en, { 'accept-language': 'de-DE,en;q=0.5,ru;q=0.4' }],
          ['en', en, { cookie: 'x=1; locale=en', 'accept-language': 'ru' }],
        ] as const) {
          const res = await get(t, page, headers);
          expect(res.statusCode).toBe(200);
          const html = res.body;
          expect(html, `${page} ${lang}`).toContain(`<html lang="${lang}"`);
          expect(title(html)).toBe(expected);
          expect(meta(html, 'og:title')).toBe(expected);
          expect(meta(html, 'description')).toBeTruthy();
          expect(meta(html, 'description')).not.toBe('Generic description');
          expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
          expect(meta(html, 'og:type')).toBe('website');
          expect(meta(html, 'og:url')).toBe(`https://todo.example.org${page}`);
          expect(meta(html, 'og:site_name')).toBe('ADHD SuperApp');
          expect(meta(html, 'og:locale')).toBe(lang === 'ru' ? 'ru_RU' : 'en_US');
          expect(meta(html, 'og:image')).toBe('https://todo.example.org/icons/icon-512.png');
          expect(meta(html, 'twitter:card')).toBe('summary');
          // One title and one description: the template's generic ones are replaced.
          expect(html.match(/<title>/g)).toHaveLength(1);
          expect(html.match(/name="description"/g)).toHaveLength(1);
          expect(html).toContain('SPA');
        }
      }
      // The news list of a language is in that language, whatever the visitor's.
      expect(title((await get(t, '/news/ru')).body)).toBe('Новости · ADHD SuperApp');
      expect(title((await get(t, '/news/en', { cookie: 'locale=ru' })).body)).toBe('News · ADHD SuperApp');
      expect((await get(t, '/news/en', { cookie: 'locale=ru' })).body).toContain('<html lang="en"');
    });
  });

  it('/ serves the prerendered landing of the visitor’s language with a fresh nonce and its head', async () => {
    await run(async (t) => {
      const en = await get(t, '/');
      expect(en.body).toContain('LANDING en');
      expect(title(en.body)).toBe('ADHD SuperApp — ADHD Productivity SuperApp');
      expect(meta(en.body, 'og:url')).toBe('https://todo.example.org/');
      const nonce = /<style nonce="([^"]+)">/.exec(en.body)![1]!;
      expect(nonce).not.toBe('CSP_NONCE_PLACEHOLDER');
      expect(String(en.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
      expect(String(en.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
      expect(en.headers['cache-control']).toBe('no-cache');
      expect(String(en.headers.vary)).toMatch(/cookie/i);
      const ru = await get(t, '/', { cookie: 'locale=ru' });
      expect(ru.body).toContain('LANDING ru');
      expect(ru.body).toContain('<html lang="ru"');
      expect(meta(ru.body, 'og:locale')).toBe('ru_RU');
      expect(meta(ru.body, 'description')).toMatch(/СДВГ/);
      const again = /<style nonce="([^"]+)">/.exec((await get(t, '/')).body)![1];
      expect(again).not.toBe(nonce);
      // index.html itself stays the app (the service worker's navigation fallback), with the generic head.
      const index = await get(t, '/index.html');
      expect(index.body).toContain('SPA');
      expect(title(index.body)).toBe('ADHD SuperApp');
    });
  });

  it('a resolver answers dynamic pages (escaped); a failing one is skipped; unknown paths keep the generic head', async () => {
    await run(async (t) => {
      const item = (await get(t, '/news/en/hello', { cookie: 'locale=ru' })).body;
      expect(title(item)).toBe('Hello &lt;b&gt;&quot;world&quot;&lt;/b&gt; &amp; more');
      expect(meta(item, 'og:title')).toBe('Hello &lt;b&gt;&quot;world&quot;&lt;/b&gt; &amp; more');
      expect(meta(item, 'description')).toBe('A news item&#39;s text (ru)');
      expect(meta(item, 'og:type')).toBe('article');
      expect(item).toContain('<html lang="en"');
      expect(item).not.toContain('<b>');
      for (const page of ['/news/en/broken', '/tasks', '/nowhere', '/about-us']) {
        const html = (await get(t, page, { cookie: 'locale=ru' })).body;
        expect(title(html), page).toBe('ADHD SuperApp');
        expect(meta(html, 'description'), page).toBe('Generic description');
        expect(meta(html, 'og:title'), page).toBeUndefined();
      }
      // A quote in the URL cannot break out of og:url.
      const odd = (await get(t, '/about?x="><script>')).body;
      expect(odd).not.toContain('<script>');
    });
  });

  it('without PUBLIC_URL (development) the Open Graph URLs use the request’s origin', async () => {
    await run(async (t) => {
      const html = (await get(t, '/terms', { host: 'localhost:5173' })).body;
      expect(meta(html, 'og:url')).toBe('http://localhost:5173/terms');
      expect(meta(html, 'og:image')).toBe('http://localhost:5173/icons/icon-512.png');
    }, null);
  });

  it('a published news item’s page carries its own title and description (the real news resolver), a draft does not', async () => {
    await withTestApp({ clientDist: dist, publicUrl: 'https://todo.example.org' }, async (t) => {
      const admin = await seedAdmin(t.app);
      const post = (body: object) => t.app.inject({ method: 'POST', url: '/api/admin/news', headers: admin.headers, payload: body });
      const published = await post({ title: 'Offline mode is here', content: '**Capture** anything on the train, even with _no signal_.', language: 'en', status: 'published', displayPath: 'offline-mode' });
      expect(published.statusCode).toBe(201);
      expect((await post({ title: 'Secret draft', content: 'Not yet', language: 'en', displayPath: 'secret' })).statusCode).toBe(201);
      const html = (await get(t, '/news/en/offline-mode', { cookie: 'locale=ru' })).body;
      expect(title(html)).toBe('Offline mode is here · ADHD SuperApp');
      expect(meta(html, 'og:title')).toBe('Offline mode is here · ADHD SuperApp');
      expect(meta(html, 'og:type')).toBe('article');
      expect(meta(html, 'description')).toBe('Capture anything on the train, even with no signal.');
      expect(meta(html, 'og:url')).toBe('https://todo.example.org/news/en/offline-mode');
      expect(html).toContain('<html lang="en"');
      const draft = (await get(t, '/news/en/secret')).body;
      expect(meta(draft, 'og:title')).toBeUndefined();
      expect(draft).not.toContain('Secret draft');
    });
  });
});
