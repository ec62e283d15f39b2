import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject, seedUser } from '../../../server/test/kit';
import { mp4 } from '../../../server/test/mp4';
import { hasChromium, launchBrowser, signedInContext, startServer, type E2EServer } from './harness';

/**
 * Video mode (issue 18): switched on in Settings, a muted looping video from `/brainrot/` appears; switched off it
 * goes. Ctrl+Alt+D opens the debug corner with the feature's state; Hide closes it. `/debug` shows the version and
 * the local database's counts. One browser page throughout, client-side navigation only. The hand-made MP4s have
 * no real frames: the test asserts the element, never playback.
 */
describe.runIf(hasChromium)('video mode, the debug corner and /debug', () => {
  let server: E2EServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    for (const [rel, seconds] of [['tiktok/a.mp4', 3], ['tiktok/b.mp4', 4], ['oddlysatisfying-tg/c.mp4', 5]] as const) {
      const file = path.join(server.dataDir, 'brainrot', rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, mp4({ seconds }));
    }
    browser = await launchBrowser();
    const seeded = await seedUser(server.app);
    await inject(server.app, seeded, 'POST', '/api/tasks', { title: 'Counted on /debug' });
    const { user } = (await inject(server.app, seeded, 'GET', '/api/auth/me')).json();
    page = await (await signedInContext(browser, { token: seeded.token, user })).newPage();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const video = () => page.locator('aside[aria-label="Video mode"] video');
  const corner = () => page.getByRole('region', { name: 'Debug corner: video mode' });

  it('the Settings switch shows a muted, looping video from /brainrot/ and takes it away again', async () => {
    await page.goto(`${server.url}/auth/settings`, { waitUntil: 'domcontentloaded' });
    const toggle = page.getByRole('switch', { name: 'Video mode' });
    await toggle.click({ timeout: 30_000 });
    await video().waitFor();
    const element = await video().evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, playsInline: v.playsInline, src: new URL(v.src).pathname }));
    expect(element).toMatchObject({ muted: true, loop: true, playsInline: true });
    expect(element.src).toMatch(/^\/brainrot\/(tiktok|oddlysatisfying-tg)\/[abc]\.mp4$/);
    // "Next video" picks another one (three videos, up to 10 draws to avoid the current).
    await page.getByRole('button', { name: 'Next video' }).click();
    await expect.poll(() => video().evaluate((v: HTMLVideoElement) => new URL(v.src).pathname)).not.toBe(element.src);

    await toggle.click();
    await video().waitFor({ state: 'detached' });
  });

  it('Ctrl+Alt+D opens the debug corner with the state; Enable starts the video, Disable stops it, Hide closes it', async () => {
    await page.keyboard.press('Control+Alt+KeyD');
    await corner().waitFor();
    const row = (label: string) => corner().locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    expect(await row('Enabled').textContent()).toBe('no');
    expect(await row('Allowed on this server').textContent()).toBe('yes');
    // The manifest was loaded once, by the Settings switch above.
    expect(await row('Manifest').textContent()).toBe('loaded');
    expect(await row('Categories').textContent()).toContain('TikTok: 2');
    expect(await row('Categories').textContent()).toContain('@oddlysatisfying: 1');

    await corner().getByRole('button', { name: 'Enable' }).click();
    await video().waitFor();
    await expect.poll(() => row('Enabled').textContent()).toBe('yes');
    expect(await row('Current video').textContent()).toMatch(/^(TikTok|@oddlysatisfying) \/ [abc]\.mp4$/);
    await corner().getByRole('button', { name: 'Disable' }).click();
    await video().waitFor({ state: 'detached' });

    await corner().getByRole('button', { name: 'Hide' }).click();
    await corner().waitFor({ state: 'detached' });
  });

  it('/debug shows the version, the build and the local counts', async () => {
    // A client-side navigation (wouter follows pushState + popstate), no reload.
    await page.evaluate(() => {
      history.pushState(null, '', '/debug');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Debug information', level: 1 }).waitFor();
    const row = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    expect(await row('Version').textContent()).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await row('Build').textContent())?.length).toBeGreaterThan(3);
    await expect.poll(() => page.locator('[data-table="tasks"]').textContent()).toBe('1');
    expect(await page.locator('[data-table="_outbox"]').textContent()).toBe('0');
    expect(await row('Server').textContent()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
