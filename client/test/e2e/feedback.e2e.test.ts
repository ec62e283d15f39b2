import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject, seedAdmin } from '../../../server/test/kit';
import { PNG_1PX } from '../../../server/test/multipart';
import { hasChromium, launchBrowser, signedInContext, startServer, watchProblems, type E2EServer } from './harness';

/**
 * Feedback end to end (issue 18): a visitor sends feedback with two screenshots and an admin sees it, with both
 * screenshots, in /admin/feedback; a message written offline is kept and arrives once the network is back.
 */
describe.runIf(hasChromium)('feedback', () => {
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

  async function fill(page: Page, name: string, message: string) {
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email', { exact: true }).fill('visitor@example.com');
    await page.getByLabel('Bug report').check();
    await page.getByLabel('Message', { exact: true }).fill(message);
  }

  it('a visitor sends two screenshots; the admin opens it in /admin/feedback and sees both (and it becomes read)', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const problems = watchProblems(page);
    await page.goto(`${server.url}/feedback`, { waitUntil: 'domcontentloaded' });
    await fill(page, 'Ada Visitor', 'The timer stops when the tab sleeps.');
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: PNG_1PX },
      { name: 'two.png', mimeType: 'image/png', buffer: PNG_1PX },
    ]);
    await expect.poll(() => page.getByRole('img', { name: /^Screenshot \d: / }).count()).toBe(2);
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Thank you! Your feedback has been sent.').waitFor();
    await ctx.close();

    const admin = await seedAdmin(server.app);
    const { user } = (await inject(server.app, admin, 'GET', '/api/auth/me')).json();
    const adminCtx = await signedInContext(browser, { token: admin.token, user });
    const adminPage = await adminCtx.newPage();
    problems.push(...watchProblems(adminPage));
    await adminPage.goto(`${server.url}/admin/feedback`, { waitUntil: 'domcontentloaded' });
    await adminPage.getByRole('heading', { name: 'Feedback', level: 1 }).waitFor();
    const item = adminPage.getByRole('button', { name: /Ada Visitor/ });
    await item.click();
    await adminPage.getByText('visitor@example.com').waitFor();
    const shots = adminPage.getByRole('img', { name: /^Screenshot \d$/ });
    await expect.poll(() => shots.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(2);
    // Opening a new item marked it read.
    await expect
      .poll(async () => (await inject(server.app, admin, 'GET', '/api/admin/feedback')).json().data[0].status)
      .toBe('read');
    await adminCtx.close();
    // (The admin's token-only start asks for the session cookie first: that 401 is by design, as in the other journeys.)
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
  });

  it('offline: the form keeps the message ("Saved") and it arrives when the network is back', async () => {
    const admin = await seedAdmin(server.app);
    const ctx = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/feedback`, { waitUntil: 'domcontentloaded' });
    await fill(page, 'Offline Olga', 'Written on the train.');
    await ctx.setOffline(true);
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText("Saved — it will be sent when you're back online").waitFor();
    const messages = async () => (await inject(server.app, admin, 'GET', '/api/admin/feedback')).json().data.map((d: { message: string }) => d.message);
    expect(await messages()).not.toContain('Written on the train.');
    await ctx.setOffline(false);
    await expect.poll(messages, { timeout: 15_000 }).toContain('Written on the train.');
    await page.getByText('Thank you! Your feedback has been sent.').waitFor();
    await ctx.close();
  });
});
