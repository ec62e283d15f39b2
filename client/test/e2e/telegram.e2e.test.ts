import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, type SeededUser } from '../../../server/test/kit';
import { FAKE_TOKEN, startFakeTelegram, type FakeTelegram } from '../../../server/test/fakes/telegram';
import { FAST_TELEGRAM } from '../../../server/test/telegram';
import { hasChromium, launchBrowser, startServer, watchProblems, type E2EServer } from './harness';

/**
 * Settings → Telegram in real Chromium against the real server, whose bot talks to the local fake Bot API:
 * "Link Telegram" opens t.me with a code, the chat sends `/start <code>`, the page notices the link by itself,
 * a message from the chat lands in the inbox, and Unlink (confirmed) tells the chat.
 */
describe.runIf(hasChromium)('Telegram settings', () => {
  let fake: FakeTelegram;
  let server: E2EServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let user: SeededUser;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    server = await startServer({ telegramBotToken: FAKE_TOKEN, telegramApiUrl: fake.url }, { telegram: FAST_TELEGRAM });
    browser = await launchBrowser();
    user = await seedUser(server.app);
    ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(
      ([token, profile]) => {
        if (!localStorage.getItem('auth_token')) {
          localStorage.setItem('auth_token', token);
          localStorage.setItem('auth_user', profile);
        }
        // The t.me window is not opened here: the address it was given is kept for the test.
        window.open = (url?: string | URL) => {
          (window as unknown as { opened: string }).opened = String(url);
          return null;
        };
      },
      [user.token, JSON.stringify({ _id: user.id, email: user.email, name: 'Test User', role: 'user' })] as const,
    );
    page = await ctx.newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  it('links the chat, captures a message into the inbox, and unlinks', async () => {
    const problems = watchProblems(page);
    await page.goto(`${server.url}/auth/settings`);
    const section = page.getByRole('region', { name: 'Telegram' });
    await section.getByText('Not connected').waitFor();
    await section.getByRole('button', { name: 'Link Telegram' }).click();
    const command = (await section.locator('code').textContent())!;
    expect(command).toMatch(/^\/start [\w-]{43}$/);
    const code = command.slice('/start '.length);
    expect(await page.evaluate(() => (window as unknown as { opened?: string }).opened)).toBe(`https://t.me/adhd_test_bot?start=${code}`);
    expect(await section.getByRole('link').getAttribute('href')).toBe(`https://t.me/adhd_test_bot?start=${code}`);

    const chat = { id: 4242, username: 'e2e_user' };
    fake.message(chat, command);
    // The page asks every 3 s while it waits.
    await section.getByText('Connected as @e2e_user').waitFor({ timeout: 15_000 });

    fake.message(chat, 'Buy oat milk\nthe barista kind');
    await expect.poll(() => fake.sentTo(chat.id).at(-1), { timeout: 10_000 }).toBe('Saved to inbox: Buy oat milk');
    const inbox = (await (await fetch(`${server.url}/api/inbox`, { headers: user.headers })).json()) as { text: string; source: string }[];
    expect(inbox).toEqual([expect.objectContaining({ text: 'Buy oat milk\nthe barista kind', source: 'telegram' })]);

    await section.getByRole('button', { name: 'Unlink' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await section.getByText('Not connected').waitFor();
    expect(fake.sentTo(chat.id).at(-1)).toMatch(/no longer linked/);
    // The session check asks for the cookie first (a 401 here, by design), as in the other journeys.
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });
});
