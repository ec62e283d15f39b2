import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticPageMeta } from '@adhd/shared/site/page-heads';
import { axeProblems, formatProblems } from './a11y-kit';
import { hasChromium, launchBrowser, startServer, watchProblems, type E2EServer } from './harness';

/**
 * Issue 18, the public site without sign-in, in en and ru: `/` is the prerendered landing page (no app bundle
 * before the first paint: only public/landing.js), "Sign in" leads into the app, and each public page shows its
 * heading and title (the app's title matches the head the server wrote). One server and one browser; one page
 * per language, moving between the pages by client-side navigation.
 */

const PAGES = ['/about', '/donate', '/privacy', '/terms', '/feedback', '/news'] as const;
/** The info pages' headings; feedback and news are checked by their own tests (heading) and here by title and head. */
const HEADINGS: Record<'en' | 'ru', Partial<Record<(typeof PAGES)[number], string>>> = {
  en: { '/about': 'About ADHD SuperApp', '/donate': 'Donate', '/privacy': 'Privacy', '/terms': 'Terms of use' },
  ru: { '/about': 'О приложении ADHD SuperApp', '/donate': 'Поддержать', '/privacy': 'Конфиденциальность', '/terms': 'Условия использования' },
};
const SIGN_IN = { en: 'Sign in', ru: 'Войти' };

/** A client-side navigation of the app's router (no reload). */
const go = (page: Page, to: string) =>
  page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);

describe.runIf(hasChromium)('public site', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const lang of ['en', 'ru'] as const) {
    it(`shows each public page in ${lang} with its heading and title, and no errors`, async () => {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      await context.addCookies([{ name: 'locale', value: lang, url: server.url }]);
      const page: Page = await context.newPage();
      const problems = watchProblems(page);
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
      });

      // The landing: static HTML in the visitor's language, its head, and only the tiny script before first paint.
      const res = await page.goto(`${server.url}/`);
      expect(res?.headers()['content-security-policy']).toMatch(/style-src 'self' 'nonce-/);
      await page.locator('h1').waitFor();
      expect(await page.title()).toBe(staticPageMeta('/', lang)!.title);
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      expect(await page.getAttribute('meta[property="og:title"]', 'content')).toBe(staticPageMeta('/', lang)!.title);
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\.m?js(\?|$)/.test(new URL(e.name).pathname))
          .map((e) => new URL(e.name).pathname),
      );
      expect(scripts).toEqual(['/landing.js']);
      const script = await (await fetch(`${server.url}/landing.js`)).arrayBuffer();
      expect(gzipSync(Buffer.from(script)).length / 1024).toBeLessThan(60);
      expect(await page.locator('#root script, #root [style]').count()).toBe(0);
      expect(formatProblems(await axeProblems(page, `landing (prerendered) ${lang}`))).toBe('');

      // "Sign in" is a normal link into the app.
      await page.getByRole('link', { name: SIGN_IN[lang], exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === '/auth/login');
      await page.locator('main h1').first().waitFor();

      for (const path of PAGES) {
        await go(page, path);
        const heading = HEADINGS[lang][path];
        if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // The app's title is the one the server writes into that page's HTML (nothing changes when the app starts).
        const head = staticPageMeta(path, lang)!;
        await page.waitForFunction((title) => document.title === title, head.title);
        const html = await (await fetch(`${server.url}${path}`, { headers: { cookie: `locale=${lang}` } })).text();
        expect(html).toContain(`<title>${head.title}</title>`);
        expect(html).toContain(`<html lang="${lang}"`);
      }
      // The public footer links the pages.
      await expect(page.getByRole('contentinfo').getByRole('link').count()).resolves.toBeGreaterThanOrEqual(4);
      // The app's start-up session check of a visitor (GET /api/auth/me: no session, 401) is the only failed request.
      expect(failed).toEqual(['401 /api/auth/me']);
      expect(problems.filter((p) => !/Failed to load resource: .* 401/.test(p))).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
