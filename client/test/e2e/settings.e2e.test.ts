import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject, seedSession, seedUser } from '../../../server/test/kit';
import { hasChromium, launchBrowser, startServer, type E2EServer } from './harness';

/**
 * Settings apply at once offline and reach a second device (issue 17): two browser contexts signed in as the
 * same user (devices A and B, each with its own session). A goes offline, switches to the dark theme and large
 * text (applied at once, queued), comes back online (sent); B's session check, run when its tab is shown again
 * after more than a minute (its clock is moved forward), reads the account's preferences and shows both.
 */
describe.runIf(hasChromium)('settings on two devices', () => {
  let server: E2EServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function device(token: string, user: unknown): Promise<Page> {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    contexts.push(ctx);
    await ctx.addInitScript(
      ([t, u]) => {
        if (!localStorage.getItem('auth_token')) {
          localStorage.setItem('auth_token', t);
          localStorage.setItem('auth_user', u);
        }
      },
      [token, JSON.stringify(user)] as const,
    );
    return ctx.newPage();
  }

  const look = (page: Page) =>
    page.evaluate(() => ({ dark: document.documentElement.classList.contains('dark'), large: document.documentElement.classList.contains('font-large') }));

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a change made offline on device A applies at once, is sent when back online, and device B shows it when its tab is shown again (visibilitychange)', async () => {
    const seeded = await seedUser(server.app);
    const { user } = (await inject(server.app, seeded, 'GET', '/api/auth/me')).json();
    const second = await seedSession(server.app, seeded.id);
    const a = await device(seeded.token, user);
    const b = await device(second.token, user);
    await b.clock.install();

    // B's start-up session check is over before A changes anything, so only the later check can bring it.
    const bChecked = b.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await Promise.all([a.goto(`${server.url}/auth/settings`, { waitUntil: 'domcontentloaded' }), b.goto(`${server.url}/dashboard`, { waitUntil: 'domcontentloaded' })]);
    await Promise.all([a.getByRole('region', { name: 'Appearance' }).waitFor({ timeout: 30_000 }), bChecked]);
    expect(await look(b)).toEqual({ dark: false, large: false });

    const sent = () => a.waitForRequest((r) => r.url().endsWith('/api/user/preferences') && r.method() === 'PATCH');
    await a.context().setOffline(true);
    await a.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark').click();
    await a.getByRole('radiogroup', { name: 'Text size' }).getByText('Large').click();
    expect(await look(a)).toEqual({ dark: true, large: true });
    await a.getByText('Saved on this device. It will reach your account when you are back online.').waitFor();
    expect(await a.evaluate(() => JSON.parse(localStorage.getItem('auth_pending_settings') ?? 'null'))).toEqual({ preferences: { theme: 'dark', fontSize: 'large' } });

    const request = sent();
    await a.context().setOffline(false);
    expect((await request).postDataJSON()).toEqual({ theme: 'dark', fontSize: 'large' });
    await a.waitForFunction(() => localStorage.getItem('auth_pending_settings') === null);
    const stored = (await inject(server.app, seeded, 'GET', '/api/user/preferences')).json().preferences;
    expect(stored).toMatchObject({ theme: 'dark', fontSize: 'large' });

    // Device B: more than a minute later its tab is shown again; the session check brings the changed user.
    await b.clock.fastForward('01:05');
    await b.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await b.waitForFunction(() => document.documentElement.classList.contains('dark') && document.documentElement.classList.contains('font-large'));
    expect(await look(b)).toEqual({ dark: true, large: true });
    expect(await b.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('18px');
    for (const ctx of contexts) await ctx.close();
  }, 120_000);
});
