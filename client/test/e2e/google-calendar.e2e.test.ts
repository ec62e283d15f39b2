import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PRIMARY, startFakeGoogle, type FakeGoogle } from '../../../server/test/fakes/google-calendar';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';
import { hasChromium, launchBrowser, signedInContext, startServer, watchProblems, type E2EServer } from './harness';

/**
 * Google Calendar import in real Chromium against the real server and the local fake Google (issue 19): connect
 * from the calendar screen (the fake's authorisation page approves at once and sends the browser back through the
 * server's callback), see the imported events in the month view, open one (read-only: no Edit, no Delete), and
 * try to drag it (put back, with the read-only message). One browser, one server, one page.
 */
describe.runIf(hasChromium)('Google Calendar import', () => {
  let google: FakeGoogle;
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: { token: string; user: unknown };

  const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  // An all-day event on a day the month grid shows beside today, and the day a drag aims at.
  const other = today.slice(8) === '01' ? plusDays(today, 1) : plusDays(today, -1);

  beforeAll(async () => {
    google = await startFakeGoogle();
    google.state.putEvent(FAKE_PRIMARY, { id: 'standup', summary: 'Team standup', start: { dateTime: `${today}T10:00:00Z` }, end: { dateTime: `${today}T10:30:00Z` } });
    google.state.addCalendar({ id: 'work', summary: 'Work', backgroundColor: '#0b8043' });
    google.state.putEvent('work', { id: 'offsite', summary: 'Offsite day', start: { date: other }, end: { date: plusDays(other, 1) } });
    server = await startServer({
      googleClientId: google.clientId,
      googleClientSecret: google.clientSecret,
      googleUrls: { ...google.urls, certs: `${google.urls.api}/oauth2/v3/certs` },
    });
    browser = await launchBrowser();
    session = await registerOverHttp(server.url, server.dataDir, { email: `gcal-e2e-${Date.now()}@example.com`, password: 'a calm long password', name: 'Gia', timezone: 'UTC', hasAcceptedTerms: true });
    context = await signedInContext(browser, session, { timezoneId: 'UTC' });
    page = await context.newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await google?.close();
  });

  const dayCell = (date: string) => page.locator(`.cal-root [role="cell"][data-date="${date}"], .cal-root [role="gridcell"][data-date="${date}"]`).first();
  const eventIn = (date: string, title: string) => dayCell(date).locator('[data-testid="calendar-event"]', { hasText: title });
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

  it('connects from the calendar screen and shows the imported events in the month view', async () => {
    const problems = watchProblems(page);
    await page.goto(`${server.url}/calendar`);
    const connect = page.getByRole('button', { name: 'Connect Google Calendar' });
    await connect.click();
    // Google (the fake) approves at once; the server's callback sends the browser back.
    await page.waitForURL((url) => url.pathname === '/calendar' && !url.search.includes('google='), { timeout: 20_000 });
    await toast('Google Calendar connected').waitFor();
    await eventIn(today, 'Team standup').waitFor({ timeout: 20_000 });
    await eventIn(other, 'Offsite day').waitFor();
    // Read-only events carry a lock; the Work calendar's colour, Google's blue for the primary (no colour of its own).
    await expect(eventIn(today, 'Team standup').locator('.cal-lock').count()).resolves.toBe(1);
    // A read-only event has no resize handle (the all-day "Offsite day" would have one if it were the user's own).
    await expect(dayCell(other).locator('[data-event-id]', { hasText: 'Offsite day' }).locator('.cal-m-resizer').count()).resolves.toBe(0);
    await expect(dayCell(other).locator('[data-event-id]', { hasText: 'Offsite day' }).count()).resolves.toBe(1);
    const colour = (date: string, title: string) => dayCell(date).locator('[style*="--fc-event-color"]', { hasText: title }).first().getAttribute('style');
    expect(await colour(other, 'Offsite day')).toMatch(/--fc-event-color:\s*#0b8043/i);
    expect(await colour(today, 'Team standup')).toMatch(/--fc-event-color:\s*#4285f4/i);
    // The panel lists both calendars, shown.
    await page.getByRole('button', { name: 'Google', exact: true }).click();
    const panel = page.getByTestId('google-panel');
    for (const name of ['Personal', 'Work']) await expect(panel.getByRole('switch', { name }).getAttribute('aria-checked')).resolves.toBe('true');
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });

  it('opens an imported event read-only: the message, no Edit and no Delete', async () => {
    await eventIn(today, 'Team standup').click();
    const view = page.getByTestId('event-view');
    await view.getByText('This event is read-only and cannot be modified').waitFor();
    expect(await view.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await view.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await view.getByRole('button', { name: 'Close' }).last().click();
    await view.waitFor({ state: 'detached' });
  });

  it('refuses a drag of an imported event with the read-only message', async () => {
    await dayCell(other).scrollIntoViewIfNeeded();
    const from = (await eventIn(today, 'Team standup').boundingBox())!;
    const to = (await dayCell(other).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await toast('This event is read-only and cannot be modified').waitFor();
    await eventIn(today, 'Team standup').waitFor();
    expect(await eventIn(other, 'Team standup').count()).toBe(0);
    // Nothing changed on the server either.
    const res = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${session.token}`, 'x-timezone': 'UTC' } });
    const standup = ((await res.json()) as { title: string; startDate: string; readonly: boolean }[]).find((e) => e.title === 'Team standup');
    expect(standup).toMatchObject({ startDate: today, readonly: true });
  });
});
