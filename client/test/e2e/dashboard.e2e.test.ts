import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, signedInContext, startServer, watchProblems, type E2EServer } from './harness';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';

/**
 * The dashboard in real Chromium against the real server: data pushed through the sync API shows in its
 * sections; a habit completed, a task postponed and a thought captured there reach the server.
 */
describe.runIf(hasChromium)('dashboard', () => {
  let server: E2EServer;
  let browser: Browser;
  let session: { token: string; user: unknown };
  let ctx: BrowserContext;
  let page: Page;

  const today = new Date().toISOString().slice(0, 10);
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', ...init.headers } });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await registerOverHttp(server.url, server.dataDir, { email: `dashboard-e2e-${Date.now()}@example.com`, password: 'a calm long password', name: 'Dana', timezone: 'UTC', hasAcceptedTerms: true });
    const mutations = [
      { name: 'task.create', args: { id: 'late', title: 'Return the library books', dueDate: day(-2) } },
      { name: 'task.create', args: { id: 'now', title: 'Call the plumber', dueDate: today } },
      { name: 'habit.create', args: { id: 'water', title: 'Drink water', startDate: day(-5) } },
      { name: 'note.create', args: { id: 'pin', title: 'Packing list', content: 'Passport, charger', pinned: true } },
      { name: 'event.create', args: { id: 'ev', title: 'Team lunch', startDate: day(1), startTime: '12:00', endTime: '13:00' } },
    ].map((m, i) => ({ ...m, id: i + 1 }));
    await api('/api/sync/push', { method: 'POST', body: JSON.stringify({ clientId: `seed_${Date.now()}`, schemaVersion: 1, mutations }) });
  }, 240_000);
  afterAll(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  it('shows the sections with the seeded data', async () => {
    ctx = await signedInContext(browser, session, { timezoneId: 'UTC' });
    page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.url}/dashboard`);
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });
    const tasks = page.getByRole('region', { name: /Tasks for today/ });
    await tasks.getByRole('link', { name: 'Return the library books' }).waitFor();
    await expect.poll(() => tasks.getByTestId('days-overdue').innerText()).toBe('2 days overdue');
    expect(await tasks.getByRole('link', { name: 'Call the plumber' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: /Today's habits/ }).getByRole('link', { name: 'Drink water' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: /Pinned notes/ }).getByRole('link', { name: /Packing list/ }).getAttribute('href')).toBe('/notes?id=pin');
    expect(await page.getByRole('region', { name: /Upcoming events/ }).getByRole('link', { name: /Team lunch/ }).getAttribute('href')).toBe('/calendar?id=ev');
    // Page errors and script errors only (a token-only start's `GET /api/auth/me` 401 is the start-path issue's).
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });

  it('completes a habit and postpones a task; the server has both', async () => {
    await page.getByRole('checkbox', { name: 'Complete today: Drink water' }).click();
    await page.getByRole('button', { name: 'Postpone: Return the library books' }).click();
    await page.getByTestId('postpone-menu').getByRole('button', { name: /^Tomorrow/ }).click();
    await expect.poll(async () => (await api<{ _id: string; dueDate: string | null }[]>('/api/tasks')).find((t) => t._id === 'late')?.dueDate?.slice(0, 10), { timeout: 15_000 }).toBe(day(1));
    await expect.poll(async () => (await api<{ _id: string; completedToday: boolean }[]>('/api/habits')).find((h) => h._id === 'water')?.completedToday, { timeout: 15_000 }).toBe(true);
    // Due tomorrow and never started: no longer actual today.
    await page.getByRole('link', { name: 'Return the library books' }).waitFor({ state: 'detached' });
  });

  it('captures a thought into the inbox with Enter', async () => {
    const field = page.getByRole('textbox', { name: 'Capture a thought' });
    await field.fill('Ask about the warranty');
    await field.press('Enter');
    await page.getByText('Saved to Inbox').waitFor();
    expect(await field.inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('inbox-count').first().textContent()).toBe('1');
    await expect.poll(async () => (await api<{ text: string }[]>('/api/inbox')).map((i) => i.text), { timeout: 15_000 }).toEqual(['Ask about the warranty']);
  });
});
