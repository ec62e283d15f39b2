import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, startServer, waitForServiceWorker, watchProblems, type E2EServer } from './harness';

/** The PWA shell: installable manifest, service worker, offline navigation, no CSP violations. */
describe.runIf(hasChromium)('PWA shell in Chromium', () => {
  let server: E2EServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves an installable manifest with the required icons', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = await res.json();
    expect(manifest).toMatchObject({ display: 'standalone', theme_color: '#6200EA', short_name: expect.any(String) });
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons) expect((await fetch(`${server.url}${icon.src}`)).headers.get('content-type')).toBe('image/png');
  });

  it('gives each index.html a fresh CSP nonce that matches its meta tag', async () => {
    const nonces = [];
    for (const path of ['/', '/tasks', '/index.html']) {
      const res = await fetch(`${server.url}${path}`);
      const html = await res.text();
      const csp = res.headers.get('content-security-policy') ?? '';
      const fromHeader = /style-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
      expect(fromHeader).toBeTruthy();
      expect(html).toContain(`nonce="${fromHeader}"`);
      expect(html).not.toContain('CSP_NONCE_PLACEHOLDER');
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      nonces.push(fromHeader);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('marks the scripts a start runs, and only those, for eager compilation (V8 compile hints)', async () => {
    const html = await (await fetch(`${server.url}/tasks`)).text();
    const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    // The start's modules are one chunk (vite.config.ts, startGroup) next to the bundler's small runtime.
    expect(initial.length).toBeGreaterThanOrEqual(1);
    expect(initial.some((f) => /\/assets\/start-[\w-]+\.js$/.test(f))).toBe(true);
    const firstLine = async (file: string) => (await (await fetch(`${server.url}${file}`)).text()).split('\n', 1)[0];
    for (const file of initial) expect(await firstLine(file), file).toBe('//# allFunctionsCalledOnLoad');
    // The head start's list of what each start screen loads next (public/early.js): real files, also hinted.
    const meta = /<meta name="start-chunks" content="([^"]+)"/.exec(html)?.[1];
    const starts = JSON.parse(meta!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { screens: Record<string, string[]>; locales: Record<string, string[]> };
    expect(Object.keys(starts.screens).sort()).toEqual(['/dashboard', '/habits', '/notes', '/tags', '/tasks']);
    expect(Object.keys(starts.locales).sort()).toEqual(['en', 'ru']);
    for (const file of starts.screens['/tasks']!) expect(await firstLine(file), file).toBe('//# allFunctionsCalledOnLoad');
    for (const file of [...starts.locales.en!, ...starts.locales.ru!]) expect((await fetch(`${server.url}${file}`)).status).toBe(200);
    // A screen a start never opens first (the markdown preview) is left to be compiled when it runs.
    const sw = await (await fetch(`${server.url}/sw.js`)).text();
    const preview = /assets\/markdown-preview-[\w-]+\.js/.exec(sw)?.[0];
    expect(preview).toBeTruthy();
    expect(await firstLine(`/${preview}`)).not.toContain('allFunctionsCalledOnLoad');
  });

  it('is controlled by the service worker and opens every route offline', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
    });
    // `/` is the prerendered landing page for a first visit (docs/public-site.md); the app registers its service
    // worker, so the first visit here is the app's sign-in page.
    const first = await page.goto(`${server.url}/auth/login`);
    expect(first?.status()).toBe(200);
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await waitForServiceWorker(page);

    await context.setOffline(true);
    const reload = await page.reload();
    expect(reload?.status()).toBe(200);
    expect(reload?.fromServiceWorker()).toBe(true);
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    // Offline, `/` is the app's own landing route (the service worker's navigation fallback).
    const landing = await page.goto(`${server.url}/`);
    expect(landing?.fromServiceWorker()).toBe(true);
    await page.getByRole('link', { name: 'Create a free account' }).first().waitFor();
    await expect(page.title()).resolves.toContain('ADHD Productivity SuperApp');
    // A private (or unknown) path while signed out goes to the login page, offline too.
    await page.goto(`${server.url}/some/unknown/page`);
    await page.waitForURL((url) => url.pathname === '/auth/login' && url.searchParams.get('redirect') === '/some/unknown/page');
    await context.setOffline(false);

    expect(violations).toEqual([]);
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  }, 90_000);
});
