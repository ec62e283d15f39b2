import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin, type SeededUser } from '../../../server/test/kit';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';
import { hasChromium, launchBrowser, signedInContext, startServer, watchProblems, type E2EServer } from './harness';

/**
 * The admin area in Chromium against the real server (issue 18): disabling a user signs their open app out
 * within seconds and sign-in then says the account is disabled; redirect rules added in /admin/redirects apply
 * to navigations (internal: a router redirect, external: a full page navigation); switching registration off
 * hides "Create an account" on the login page. One browser, one server.
 */
const PASSWORD = 'a calm long password';
/** Page errors and the app's own console errors; the browser's line for each refused request is not the app's. */
const real = (problems: string[]) => problems.filter((p) => !p.startsWith('console: Failed to load resource:'));

describe.runIf(hasChromium)('admin area', () => {
  let server: E2EServer;
  let browser: Browser;
  let admin: SeededUser;
  let adminCtx: BrowserContext;
  let adminPage: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    admin = await seedAdmin(server.app);
    adminCtx = await signedInContext(browser, { token: admin.token, user: { _id: admin.id, email: admin.email, name: 'Test User', role: 'admin' } });
    adminPage = await adminCtx.newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a disabled user’s open app is signed out within seconds; sign-in then shows the disabled message', async () => {
    const email = `disabled-e2e-${Date.now()}@example.com`;
    const session = (await registerOverHttp(server.url, server.dataDir, { email, password: PASSWORD, name: 'Dee', timezone: 'UTC', hasAcceptedTerms: true })) as unknown as {
      token: string;
      user: { _id: string };
    };
    const ctx = await signedInContext(browser, session);
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.url}/tasks`);
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });

    const res = await server.app.inject({ method: 'PATCH', url: `/api/admin/users/${session.user._id}`, headers: admin.headers, payload: { disabled: true } });
    expect(res.statusCode).toBe(200);
    // The stream closes, the next request is 401, and the app signs out (no reload, no user action).
    await page.waitForURL((url) => url.pathname === '/auth/login', { timeout: 15_000 });

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This account has been disabled. Please contact the administrator.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(real(problems), problems.join('\n')).toEqual([]);
    await ctx.close();
  });

  it('redirect rules added in the admin area apply to navigations: internal and external', async () => {
    const problems = watchProblems(adminPage);
    await adminPage.goto(`${server.url}/admin/redirects`);
    await adminPage.getByRole('heading', { level: 1, name: 'Redirects' }).waitFor();
    const add = async (from: string, to: string) => {
      await adminPage.getByRole('textbox', { name: 'From (path)' }).first().fill(from);
      await adminPage.getByRole('textbox', { name: 'To (path or address)' }).first().fill(to);
      await adminPage.getByRole('button', { name: 'Add redirect' }).click();
      await adminPage.getByRole('list', { name: 'Redirect rules' }).getByText(from, { exact: true }).waitFor();
    };
    await add('/old-page', '/tasks');
    await add('/give', 'https://donate.example.org/thanks');
    // The external site is answered here, so the test stays offline from the internet.
    await adminPage.route('https://donate.example.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>' }));

    // A client-side navigation (as a link click does): the router lands on /tasks, replacing /old-page.
    const navigate = (path: string) => adminPage.evaluate((p) => {
      history.pushState(null, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await navigate('/old-page');
    await adminPage.waitForURL(`${server.url}/tasks`);
    await adminPage.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
    await navigate('/give');
    await adminPage.waitForURL('https://donate.example.org/thanks');
    expect(await adminPage.title()).toBe('Elsewhere');
    expect(real(problems), problems.join('\n')).toEqual([]);
  });

  it('the toggles screen switches registration off; the login page then hides "Create an account"', async () => {
    await adminPage.goto(`${server.url}/admin/feature-toggles`);
    const registration = adminPage.getByRole('switch', { name: 'Registration' });
    await registration.waitFor();
    expect(await registration.getAttribute('aria-checked')).toBe('true');
    await registration.click();
    await adminPage.waitForFunction(() => JSON.parse(localStorage.getItem('feature_toggles') ?? '{}').registration === false);
    expect(await registration.getAttribute('aria-checked')).toBe('false');

    const visitor = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await visitor.newPage();
    await page.goto(`${server.url}/auth/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('feature_toggles') !== null);
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    await page.goto(`${server.url}/auth/register`);
    await page.getByText('Registration is closed on this server').waitFor();
    await visitor.close();
  });
});
