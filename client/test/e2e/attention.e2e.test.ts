import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutationArgs, MutationName } from '@adhd/shared/sync/registry';
import { seedUser } from '../../../server/test/kit';
import { hasChromium, launchBrowser, startServer, type E2EServer } from './harness';

/**
 * Issue 12, points 8 and 9 in real Chromium against the real server: a task edited offline while another
 * device deleted it ends in the "needs attention" list (not "synced, 0 pending" with the edit gone), and
 * "Restore as new" brings it back; a newer app upgrading the local database in another tab makes this tab
 * offer a reload. Screenshots at 375 px and 1280 px, light and dark, go to E2E_SHOTS (default
 * /tmp/attention-shots) for a person to look at.
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/attention-shots';
const VARIANTS = [
  { name: 'mobile-light', width: 375, height: 740, dark: false },
  { name: 'mobile-dark', width: 375, height: 740, dark: true },
  { name: 'desktop-light', width: 1280, height: 860, dark: false },
  { name: 'desktop-dark', width: 1280, height: 860, dark: true },
];

describe.runIf(hasChromium)('needs attention and the reload notice', () => {
  let server: E2EServer;
  let browser: Browser;
  let user: { id: string; token: string };
  let ctx: BrowserContext;
  let page: Page;
  let otherSeq = 0;

  /** Another device writes straight to the server. */
  async function otherDevice<N extends MutationName>(name: N, args: MutationArgs<N>) {
    const res = await fetch(`${server.url}/api/sync/push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: `other_device_${Date.now()}_${++otherSeq}`, schemaVersion: 1, mutations: [{ id: 1, name, args }] }),
    });
    expect(res.status).toBe(200);
  }

  async function look(variant: (typeof VARIANTS)[number]) {
    await page.setViewportSize({ width: variant.width, height: variant.height });
    await page.emulateMedia({ colorScheme: variant.dark ? 'dark' : 'light' });
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), variant.dark);
    await page.waitForTimeout(150);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    user = await seedUser(server.app);
    ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
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

  it('keeps a task edit refused because the task was deleted elsewhere, and restores it as a new task', async () => {
    await otherDevice('task.create', { id: 'e2e-task-1', title: 'Call the dentist' });
    await page.goto(`${server.url}/tasks`);
    await page.getByText('Call the dentist', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });

    await ctx.setOffline(true);
    await page.getByText('Call the dentist', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Call the dentist before 10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Call the dentist before 10', { exact: true }).first().waitFor();
    await page.keyboard.press('Escape');
    await otherDevice('task.delete', { id: 'e2e-task-1' });
    await ctx.setOffline(false);

    const notice = page.getByTestId('attention-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain('1 change needs attention');
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('sync-badge').textContent()).toBe('Synced');
    // The server's delete won: the edited task left the list, and only the attention list holds the edit.
    await page.getByText('Call the dentist before 10', { exact: true }).waitFor({ state: 'detached' });

    for (const v of VARIANTS) {
      await look(v);
      await page.screenshot({ path: path.join(SHOTS, `notice-${v.name}.png`) });
      await notice.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('It was deleted on another device before this change arrived.').waitFor();
      await page.waitForTimeout(400); // the dialog's fade-in
      await page.screenshot({ path: path.join(SHOTS, `dialog-${v.name}.png`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await look(VARIANTS[2]!);

    await notice.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore as new' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.getByText('Call the dentist before 10', { exact: true }).first().waitFor();
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });
    const tasks = (await (await fetch(`${server.url}/api/tasks`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as { title: string }[];
    expect(tasks.map((t) => t.title)).toEqual(['Call the dentist before 10']);
  });

  it('shows "reload" in a tab whose local database a newer app version upgrades in another tab', async () => {
    const other = await ctx.newPage();
    // A page of the same origin without the app: only the upgrade touches the database.
    await other.goto(`${server.url}/api/health`);
    // What a newer app does on its first open: the database at a higher version.
    await other.evaluate(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const version = open.result.version;
            open.result.close();
            const upgrade = indexedDB.open(name, version + 10);
            upgrade.onsuccess = () => {
              upgrade.result.close();
              resolve();
            };
            upgrade.onerror = () => reject(upgrade.error);
          };
          open.onerror = () => reject(open.error);
        }),
      `app-${user.id}`,
    );
    await other.close();
    const notice = page.getByTestId('db-upgrade-notice');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain('A new version of the app is open in another tab.');
    for (const v of VARIANTS) {
      await look(v);
      await page.screenshot({ path: path.join(SHOTS, `reload-${v.name}.png`) });
    }
  });
});
