import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, signedInContext, startServer, waitForServiceWorker, watchProblems, type E2EServer } from './harness';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';

/**
 * The habits journey in real Chromium against the real server: create a habit offline, mark days in the
 * 14-day strip and in the year view, reload offline, sync when the network returns, and see the same streaks
 * on a second device.
 */
describe.runIf(hasChromium)('habits offline journey', () => {
  let server: E2EServer;
  let browser: Browser;
  let session: { token: string; user: unknown };
  let a: BrowserContext;
  let pageA: Page;

  const utcToday = () => new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.parse(`${utcToday()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  // The strip's day names: 'Mon, Nov 23, 2026' (the weekday, then the date).
  const medium = (date: string) =>
    new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const long = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await registerOverHttp(server.url, server.dataDir, { email: `habits-e2e-${Date.now()}@example.com`, password: 'a calm long password', name: 'Hana', timezone: 'UTC', hasAcceptedTerms: true });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signedIn = () => signedInContext(browser, session, { timezoneId: 'UTC' });

  async function streaksIn(page: Page) {
    const text = await page.getByTestId('habit-streaks').innerText();
    const [current, anti, best] = [...text.matchAll(/(\d+)/g)].map((m) => Number(m[1]));
    return { current, anti, best };
  }

  const row = (page: Page) => page.locator('[data-testid="habit-row"]', { hasText: 'Floss' });

  it('creates a habit offline and marks days in the strip and the year view', async () => {
    a = await signedIn();
    pageA = await a.newPage();
    const problems = watchProblems(pageA);
    await pageA.goto(`${server.url}/habits`);
    await waitForServiceWorker(pageA);
    await pageA.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });

    await a.setOffline(true);
    await pageA.getByRole('button', { name: 'New habit' }).first().click();
    const form = pageA.getByTestId('habit-form');
    await form.getByLabel('Title', { exact: true }).fill('Floss');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await row(pageA).waitFor();

    // The strip: yesterday and the day before, one click each (empty → complete).
    for (const n of [1, 2]) {
      const cell = row(pageA).getByRole('button', { name: new RegExp(`^${medium(daysAgo(n))}:`) });
      await cell.click();
      await expect.poll(() => cell.getAttribute('data-state')).toBe('completed');
    }

    // The year view: three days ago complete; four days ago complete → miss.
    await row(pageA).getByRole('button', { name: 'Floss', exact: true }).click();
    const details = pageA.getByTestId('habit-details');
    await details.getByRole('button', { name: 'Year', exact: true }).click();
    const yearCell = (n: number) => details.getByTestId('year-view').getByRole('button', { name: new RegExp(`^${long(daysAgo(n))}:`) });
    if (daysAgo(4).slice(0, 4) !== utcToday().slice(0, 4)) await details.getByRole('button', { name: 'Previous year' }).click();
    await yearCell(3).click();
    await expect.poll(() => yearCell(3).getAttribute('data-state')).toBe('completed');
    await yearCell(4).click();
    await yearCell(4).click();
    await expect.poll(() => yearCell(4).getAttribute('data-state')).toBe('missed');
    await expect.poll(() => streaksIn(pageA)).toEqual({ current: 3, anti: 0, best: 3 });
    await pageA.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await expect(pageA.getByTestId('sync-badge').getAttribute('data-status')).resolves.toBe('offline');
    expect(problems.filter((p) => !p.includes('Failed to load resource') && !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('keeps everything across an offline reload', async () => {
    const reload = await pageA.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await row(pageA).waitFor();
    await expect.poll(() => row(pageA).getByRole('button', { name: new RegExp(`^${medium(daysAgo(1))}:`) }).getAttribute('data-state')).toBe('completed');
    await row(pageA).getByRole('button', { name: 'Floss', exact: true }).click();
    await expect.poll(() => streaksIn(pageA)).toEqual({ current: 3, anti: 0, best: 3 });
    await pageA.keyboard.press('Escape');
  });

  it('syncs when the network returns: the server computes the same streaks', async () => {
    await a.setOffline(false);
    await pageA.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });
    const res = await fetch(`${server.url}/api/habits`, { headers: { authorization: `Bearer ${session.token}`, 'x-timezone': 'UTC' } });
    const [habit] = (await res.json()) as { title: string; currentStreak: number; currentAntiStreak: number; bestStreak: number; completionHistory: { date: string; status: string }[] }[];
    expect(habit).toMatchObject({ title: 'Floss', currentStreak: 3, currentAntiStreak: 0, bestStreak: 3 });
    expect(habit!.completionHistory.map((e) => [e.date, e.status])).toEqual([
      [daysAgo(4), 'miss'],
      [daysAgo(3), 'complete'],
      [daysAgo(2), 'complete'],
      [daysAgo(1), 'complete'],
    ]);
  });

  it('shows the same days and streaks on a second device', async () => {
    const b = await signedIn();
    const pageB = await b.newPage();
    await pageB.goto(`${server.url}/habits`);
    await row(pageB).waitFor({ timeout: 20_000 });
    await expect.poll(() => row(pageB).getByRole('button', { name: new RegExp(`^${medium(daysAgo(2))}:`) }).getAttribute('data-state'), { timeout: 15_000 }).toBe('completed');
    await row(pageB).getByRole('button', { name: 'Floss', exact: true }).click();
    await expect.poll(() => streaksIn(pageB), { timeout: 15_000 }).toEqual({ current: 3, anti: 0, best: 3 });

    // A day marked on B reaches A.
    await pageB.getByTestId('habit-details').getByRole('button', { name: 'Complete today' }).click();
    await expect.poll(() => streaksIn(pageB)).toEqual({ current: 4, anti: 0, best: 4 });
    await expect.poll(() => row(pageA).getByRole('button', { name: new RegExp(`^${medium(utcToday())}:`) }).getAttribute('data-state'), { timeout: 15_000 }).toBe('completed');
    await b.close();
    await a.close();
  });
});
