import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, signedInContext, startServer, waitForServiceWorker, watchProblems, type E2EServer } from './harness';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';

/**
 * The calendar journey in real Chromium against the real server: create an event by clicking a day of the month
 * view, see it in the week, day and days views, drag it to another day, make it a day longer by its resize
 * handle, reload offline and still see it there, and see the move on a second device.
 */
describe.runIf(hasChromium)('calendar journey', () => {
  let server: E2EServer;
  let browser: Browser;
  let session: { token: string; user: unknown };
  let a: BrowserContext;
  let pageA: Page;
  let b: BrowserContext;
  let pageB: Page;

  const utcToday = () => new Date().toISOString().slice(0, 10);
  const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const today = utcToday();
  // The day the event is dragged to: tomorrow, unless today is the last day the month grid shows.
  let target = plusDays(today, 1);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await registerOverHttp(server.url, server.dataDir, { email: `calendar-e2e-${Date.now()}@example.com`, password: 'a calm long password', name: 'Cal', timezone: 'UTC', hasAcceptedTerms: true });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signedIn = () => signedInContext(browser, session, { timezoneId: 'UTC' });

  const dayCell = (page: Page, date: string) => page.locator(`.cal-root [role="cell"][data-date="${date}"], .cal-root [role="gridcell"][data-date="${date}"]`).first();
  const eventIn = (page: Page, date: string, title: string) => dayCell(page, date).locator('[data-testid="calendar-event"]', { hasText: title });
  const viewButton = (page: Page, name: string) => page.getByTestId('calendar-toolbar').getByRole('button', { name, exact: true });

  it('creates an event by clicking a day of the month view', async () => {
    a = await signedIn();
    pageA = await a.newPage();
    const problems = watchProblems(pageA);
    await pageA.goto(`${server.url}/calendar`);
    await waitForServiceWorker(pageA);
    await pageA.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });
    await expect(viewButton(pageA, 'Month').getAttribute('aria-pressed')).resolves.toBe('true');
    await dayCell(pageA, today).waitFor();
    if ((await dayCell(pageA, target).count()) === 0) target = plusDays(today, -1);

    // A click on the day's empty lower part (not on its number, which is a link to the day).
    await dayCell(pageA, today).scrollIntoViewIfNeeded();
    const box = (await dayCell(pageA, today).boundingBox())!;
    await pageA.mouse.click(box.x + box.width / 2, box.y + box.height * 0.75);
    const dialog = pageA.getByRole('dialog');
    await dialog.getByLabel('Title', { exact: true }).fill('Dentist');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventIn(pageA, today, 'Dentist').waitFor();
    // (A session check at start-up answers 401 to a token-only session: a failed resource, not a page error.)
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });

  it('shows the event in the week, day and days views', async () => {
    for (const view of ['Week', 'Day', 'Days']) {
      await viewButton(pageA, view).click();
      await expect(viewButton(pageA, view).getAttribute('aria-pressed')).resolves.toBe('true');
      await pageA.locator('[data-testid="calendar-event"]', { hasText: 'Dentist' }).first().waitFor();
    }
    await viewButton(pageA, 'Month').click();
    await eventIn(pageA, today, 'Dentist').waitFor();
  });

  it('drags the event to another day; a second device open meanwhile sees the move', async () => {
    b = await signedIn();
    pageB = await b.newPage();
    await pageB.goto(`${server.url}/calendar`);
    await eventIn(pageB, today, 'Dentist').waitFor({ timeout: 20_000 });

    await dayCell(pageA, target).scrollIntoViewIfNeeded();
    await dayCell(pageA, today).scrollIntoViewIfNeeded();
    const from = (await eventIn(pageA, today, 'Dentist').boundingBox())!;
    const to = (await dayCell(pageA, target).boundingBox())!;
    await pageA.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await pageA.mouse.down();
    await pageA.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 3 });
    await pageA.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await pageA.mouse.up();
    await eventIn(pageA, target, 'Dentist').waitFor();
    await expect.poll(() => eventIn(pageA, today, 'Dentist').count()).toBe(0);
    // The server has it (the badge may still show the state from before the move: polled).
    const stored = async () => {
      const res = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${session.token}`, 'x-timezone': 'UTC' } });
      return ((await res.json()) as { title: string; startDate: string; endDate: string | null; allDay: boolean }[]).map((e) => [e.title, e.startDate, e.endDate, e.allDay]);
    };
    await expect.poll(stored, { timeout: 20_000 }).toEqual([['Dentist', target, null, true]]);
    // The move reached the other device through the server (its poke stream).
    await eventIn(pageB, target, 'Dentist').waitFor({ timeout: 20_000 });
    expect(await eventIn(pageB, today, 'Dentist').count()).toBe(0);
  });

  it('resizes the all-day event by the handle at its end: one day more', async () => {
    // (The month grid always shows at least five days after the month's end: the day after the target is in it.)
    const grown = plusDays(target, 1);
    await dayCell(pageA, grown).scrollIntoViewIfNeeded();
    const bar = dayCell(pageA, target).locator('[data-event-id]', { hasText: 'Dentist' });
    const handle = bar.locator('.cal-m-resizer[data-edge="end"]');
    await expect(handle.count()).resolves.toBe(1);
    expect(await handle.evaluate((el) => getComputedStyle(el).cursor)).toBe('ew-resize');
    const from = (await handle.boundingBox())!;
    const to = (await dayCell(pageA, grown).boundingBox())!;
    await pageA.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await pageA.mouse.down();
    await pageA.mouse.move(from.x + from.width / 2 + 6, from.y + from.height / 2, { steps: 3 });
    await pageA.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    // The days it would cover are marked while the handle is held.
    await expect.poll(() => dayCell(pageA, grown).getAttribute('class')).toContain('cal-m-target');
    await pageA.mouse.up();
    const stored = async () => {
      const res = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${session.token}`, 'x-timezone': 'UTC' } });
      return ((await res.json()) as { title: string; startDate: string; endDate: string | null; allDay: boolean }[]).map((e) => [e.title, e.startDate, e.endDate, e.allDay]);
    };
    await expect.poll(stored, { timeout: 20_000 }).toEqual([['Dentist', target, grown, true]]);
    // Not opened by the release, and no mark left.
    expect(await pageA.getByTestId('event-view').count()).toBe(0);
    expect(await pageA.locator('.cal-m-target').count()).toBe(0);
  });

  it('still shows the moved event after an offline reload', async () => {
    await a.setOffline(true);
    const reload = await pageA.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await eventIn(pageA, target, 'Dentist').waitFor({ timeout: 20_000 });
    await a.setOffline(false);
  });

  it('a second device opened later shows the moved event too', async () => {
    const c = await signedIn();
    const pageC = await c.newPage();
    await pageC.goto(`${server.url}/calendar`);
    await eventIn(pageC, target, 'Dentist').waitFor({ timeout: 20_000 });
    expect(await eventIn(pageC, today, 'Dentist').count()).toBe(0);
    await c.close();
    await b.close();
    await a.close();
  });
});
