import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../server/test/kit';
import { hasChromium, launchBrowser, startServer, type E2EServer } from './harness';

/**
 * Settings → Calendar feed in real Chromium against the real server: import an .ics file through the file
 * picker, make a feed link and fetch it without login (the events are in it), revoke it (404). Screenshots at
 * 375 px and 1280 px, light and dark, en and ru, go to docs/screenshots/calendar-feed-*.png when E2E_SHOTS=docs.
 */
const SHOTS = process.env.E2E_SHOTS === 'docs' ? path.resolve(import.meta.dirname, '../../../docs/screenshots') : path.join(os.tmpdir(), 'calendar-feed-shots');
const FILE = path.join(os.tmpdir(), `feed-e2e-${process.pid}.ics`);
const ICS = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//e2e//EN', 'BEGIN:VEVENT', 'UID:e2e-1@example.com', 'SUMMARY:Dentist', 'DTSTART:20260310T090000Z', 'DTEND:20260310T100000Z', 'END:VEVENT', 'BEGIN:VEVENT', 'UID:e2e-2@example.com', 'SUMMARY:Trip', 'DTSTART;VALUE=DATE:20260401', 'DTEND;VALUE=DATE:20260404', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

describe.runIf(hasChromium)('calendar feed settings', () => {
  let server: E2EServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;

  async function shoot(name: string) {
    for (const width of [375, 1280]) {
      for (const dark of [false, true]) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
        await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
        const section = page.getByRole('region', { name: /^(Calendar feed|Подписка на календарь)$/ });
        await section.scrollIntoViewIfNeeded();
        await page.waitForTimeout(150);
        await section.screenshot({ path: path.join(SHOTS, `calendar-feed-${width}-${dark ? 'dark' : 'light'}-${name}.png`) });
      }
    }
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(FILE, ICS);
    server = await startServer();
    browser = await launchBrowser();
    const user = await seedUser(server.app);
    ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(
      ([token, profile]) => {
        if (!localStorage.getItem('auth_token')) {
          localStorage.setItem('auth_token', token);
          localStorage.setItem('auth_user', profile);
        }
      },
      [user.token, JSON.stringify({ _id: user.id, email: 'test@example.com', name: 'Test User', role: 'user' })] as const,
    );
    page = await ctx.newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('imports a file, makes a feed link that serves it without login, and revokes it', async () => {
    await page.goto(`${server.url}/auth/settings`);
    await page.getByRole('heading', { name: 'Calendar feed' }).waitFor({ timeout: 30_000 });

    await page.getByLabel('Calendar file to import').setInputFiles(FILE);
    await page.getByText('New events: 2, updated: 0, skipped (unchanged or not supported): 0.').waitFor();

    await page.getByRole('button', { name: 'Create feed link' }).click();
    const field = page.getByRole('textbox', { name: 'Feed link' });
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    const text = await feed.text();
    expect(text).toContain('SUMMARY:Dentist');
    expect(text).toContain('DTEND;VALUE=DATE:20260404');
    await shoot('en');

    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Create feed link' }).waitFor();
    expect((await fetch(url)).status).toBe(404);

    await page.getByRole('button', { name: 'Create feed link' }).click();
    await field.waitFor();
    await page.reload();
    await page.getByText(/A feed link made on .* is active/).waitFor({ timeout: 30_000 });
    await page.getByText('Русский', { exact: true }).click();
    await page.getByRole('heading', { name: 'Подписка на календарь' }).waitFor();
    await shoot('ru');
  });
});
