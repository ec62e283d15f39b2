import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, signedInContext, startServer, watchProblems, type E2EServer } from './harness';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';
// app.db (the server's database decorator) for making the registered user an admin.
import type {} from '../../../server/src/plugins/db';

/**
 * News end to end (issue 18): an admin writes an item in the admin screen and publishes it; a visitor (a new
 * context, not signed in) finds it in /news/en and opens it; a <script> in its Markdown does not run; the ru list
 * does not show it. One server, one browser.
 */
describe.runIf(hasChromium)('news in Chromium', () => {
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

  it('an admin publishes an item; a visitor reads it in en, safely, and not in ru', async () => {
    const email = `news-admin-${Date.now()}@example.com`;
    const session = await registerOverHttp(server.url, server.dataDir, { email, password: 'a calm long password', name: 'Ada', hasAcceptedTerms: true });
    await server.app.db.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
    const adminContext = await signedInContext(browser, { token: session.token, user: { ...session.user, role: 'admin' } });
    const admin = await adminContext.newPage();
    const adminProblems = watchProblems(admin);
    await admin.goto(`${server.url}/admin/news`);
    await admin.getByRole('button', { name: 'New' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New news item' });
    await dialog.getByLabel('Title').fill('Hello visitors');
    await dialog.getByLabel('Text (Markdown)').fill('Welcome **everyone**.\n\n<script>window.__pwned = 1</script>\n\n<img src="x" onerror="window.__pwned = 2">');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = admin.getByTestId('admin-news-row').filter({ hasText: 'Hello visitors' });
    await row.getByRole('button', { name: 'Publish' }).click();
    await row.getByText('Published', { exact: true }).waitFor();
    expect(await row.getByText('/news/en/hello-visitors').count()).toBe(1);
    expect(adminProblems).toEqual([]);
    await adminContext.close();

    const visitorContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const visitor = await visitorContext.newPage();
    const problems = watchProblems(visitor);
    await visitor.goto(`${server.url}/news/en`);
    await visitor.getByRole('link', { name: 'Hello visitors' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Hello visitors' }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/news/en/hello-visitors');
    const article = visitor.getByTestId('news-item');
    await article.locator('strong', { hasText: 'everyone' }).waitFor();
    expect(await article.locator('script, img[onerror]').count()).toBe(0);
    expect(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await visitor.title()).toBe('Hello visitors · ADHD SuperApp');
    // A link preview (a messenger fetching the URL, no script run) sees the item's own head.
    const served = await (await fetch(`${server.url}/news/en/hello-visitors`)).text();
    expect(served).toContain('<meta property="og:title" content="Hello visitors · ADHD SuperApp" />');
    expect(served).toContain('<meta property="og:type" content="article" />');
    expect(served).toContain('<title>Hello visitors · ADHD SuperApp</title>');

    // Back to the list, then the ru list (client-side navigation): the en item is not there.
    await visitor.getByRole('link', { name: 'All news' }).click();
    await visitor.getByRole('link', { name: 'Русский' }).click();
    await visitor.getByText('No news yet').waitFor();
    expect(await visitor.getByRole('link', { name: 'Hello visitors' }).count()).toBe(0);
    // Page errors and script errors only (a signed-out start's session check answers 401 by design).
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    await visitorContext.close();
  });
});
