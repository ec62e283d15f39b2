import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';
import { hasChromium, launchBrowser, signedInContext, startServer, watchProblems, type E2EServer } from './harness';

/**
 * The start path (issue 17): the shell painted from index.html before any module runs, in the stored theme, and
 * replaced by React's first render; a start with no failing request for a client that keeps only its token.
 */
describe.runIf(hasChromium)('start path in Chromium', () => {
  let server: E2EServer;
  let browser: Browser;
  let session: { token: string; user: unknown };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await registerOverHttp(server.url, server.dataDir, { email: `start-e2e-${Date.now()}@example.com`, password: 'a calm long password', name: 'Start', hasAcceptedTerms: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Holds the app's start chunk until `release()`: only index.html, its stylesheet and early.js have run. */
  async function holdApp(page: Page) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/start-*.js', async (route) => {
      await held;
      await route.continue();
    });
    return () => release();
  }

  it('paints the shell in the stored dark theme with the navigation placeholder, then React replaces it', async () => {
    const ctx = await signedInContext(browser, session);
    await ctx.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    const release = await holdApp(page);
    await page.goto(`${server.url}/tasks`, { waitUntil: 'commit' });
    const shell = page.locator('[data-app-shell]');
    await shell.waitFor();
    expect(await page.evaluate(() => [...document.documentElement.classList])).toEqual(expect.arrayContaining(['dark', 'shell-session']));
    expect(await page.locator('.shell-bar').isVisible()).toBe(true);
    expect(await page.locator('.shell-nav').isVisible()).toBe(true);
    // The stylesheet's dark surface, and the inline <style> applied (its nonce matches the CSP).
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 18, 18)');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.shell-bar')!).position)).toBe('sticky');
    release();
    await page.locator('[data-testid="sync-badge"]').waitFor();
    expect(await shell.count()).toBe(0);
    expect(await page.locator('.shell-bar, .shell-main').count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Sections' }).isVisible()).toBe(true);
    expect(problems.filter((p) => /Content Security Policy|Refused/i.test(p))).toEqual([]);
    await ctx.close();
  });

  it('shows no navigation placeholder to a signed-out visitor', async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 700 } });
    const page = await ctx.newPage();
    const release = await holdApp(page);
    await page.goto(`${server.url}/auth/login`, { waitUntil: 'commit' });
    await page.locator('[data-app-shell]').waitFor();
    expect(await page.locator('.shell-bar').isVisible()).toBe(true);
    expect(await page.locator('.shell-nav').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    release();
    await page.locator('form').first().waitFor();
    expect(await page.locator('[data-app-shell]').count()).toBe(0);
    await ctx.close();
  });

  it('a client that keeps only its token starts without a failing request', async () => {
    const ctx = await signedInContext(browser, session);
    const page = await ctx.newPage();
    const failed: string[] = [];
    const me: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/me')) me.push(r.status());
      if (r.status() >= 400) failed.push(`${r.request().method()} ${r.url()} ${r.status()}`);
    });
    page.on('requestfailed', (r) => failed.push(`${r.method()} ${r.url()} ${r.failure()?.errorText}`));
    await page.goto(`${server.url}/tasks`);
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor();
    await expect.poll(() => me).toEqual([200]);
    expect(failed).toEqual([]);
    await ctx.close();
  });
});
