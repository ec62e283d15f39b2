import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, signedInContext, startServer, watchProblems, type E2EServer } from './harness';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';

/**
 * The spec's global response handling (SPEC section 8) in Chromium against the real server: an unknown `?id=`
 * goes to /dashboard with a 'Not found' toast; a session revoked on the server (signed out from another
 * device) sends the page to /auth/login at its next call, keeping the unsynced change on the device.
 * One browser, one server, one page.
 */
/** Page errors and the app's own console errors; the browser's line for each refused or offline request is not the app's. */
const real = (problems: string[]) => problems.filter((p) => !p.startsWith('console: Failed to load resource:'));

describe.runIf(hasChromium)('session: global response handling', () => {
  let server: E2EServer;
  let browser: Browser;
  let session: { token: string; user: { _id: string } };
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = (await registerOverHttp(server.url, server.dataDir, {
      email: `session-e2e-${Date.now()}@example.com`,
      password: 'a calm long password',
      name: 'Sess',
      timezone: 'UTC',
      hasAcceptedTerms: true,
    })) as unknown as typeof session;
    context = await signedInContext(browser, session);
    page = await context.newPage();
    problems = watchProblems(page);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('/tasks?id= with an unknown id goes to /dashboard with the "Not found" toast', async () => {
    await page.goto(`${server.url}/tasks?id=no-such-task`);
    await page.waitForURL(`${server.url}/dashboard`, { timeout: 30_000 });
    await page.getByRole('status').filter({ hasText: 'Not found' }).waitFor();
    expect(real(problems), problems.join('\n')).toEqual([]);
  });

  it('a session revoked on the server: the next call lands on /auth/login, the unsynced change kept', async () => {
    // Back to the tasks through the app's own navigation (no reload), then offline while a task is added.
    await page.getByRole('link', { name: 'Tasks', exact: true }).first().click();
    await page.waitForURL(`${server.url}/tasks`);
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    await page.getByPlaceholder('Add a task…').fill('Written before the sign-out');
    await page.keyboard.press('Enter');
    await page.getByText('Written before the sign-out').waitFor();

    const res = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } });
    expect(res.status).toBe(200);
    await context.setOffline(false);

    await page.waitForURL((url) => url.pathname === '/auth/login', { timeout: 30_000 });
    const kept = await page.evaluate(async (userId) => {
      const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.includes(userId));
      const outbox = name
        ? await new Promise<number>((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction('_outbox').objectStore('_outbox').count();
              count.onsuccess = () => {
                open.result.close();
                resolve(count.result);
              };
            };
          })
        : -1;
      return { token: localStorage.getItem('auth_token'), outbox };
    }, session.user._id);
    expect(kept).toEqual({ token: null, outbox: 1 });
    expect(real(problems), problems.join('\n')).toEqual([]);
  });
});
