import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, signedInContext, startServer, waitForServiceWorker, watchProblems, type E2EServer } from './harness';
import { registerOverHttp } from '../../../server/test/register-over-http.mjs';

/**
 * The notes journey in real Chromium against the real server: write a note offline with a checklist and a code
 * block, preview it, pin it, move it between folders, reload offline, and see it on a second device once back
 * online. The user is registered through the API (the sign-up UI has its own journey).
 */
describe.runIf(hasChromium)('notes journey', () => {
  let server: E2EServer;
  let browser: Browser;
  let session: { token: string; user: unknown };
  let a: BrowserContext;
  let pageA: Page;
  let problems: string[];

  const api = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(server.url + p, {
      method,
      headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${p}`).toBeLessThan(300);
    return res.json();
  };

  const signedIn = () => signedInContext(browser, session);

  const synced = (page: Page) => page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 30_000 });
  const card = (page: Page, region: string, title: string) =>
    page.getByRole('region', { name: region }).getByTestId('note-card').filter({ hasText: title });

  async function openEditor(page: Page, title: string) {
    try {
      await page.getByRole('button', { name: title, exact: true }).first().click({ timeout: 20_000 });
    } catch (err) {
      // Say where the page was, so a failure here can be understood from the CI log alone.
      const body = (await page.textContent('body').catch(() => '')) ?? '';
      throw new Error(`no "${title}" card to open at ${page.url()}; page text: ${body.replace(/\s+/g, ' ').slice(0, 400)}`, { cause: err });
    }
    const viewer = page.getByRole('dialog', { name: title });
    await viewer.getByRole('button', { name: 'Edit', exact: true }).click();
    return page.getByRole('dialog', { name: 'Edit note' });
  }

  async function pickFolder(page: Page, dialog: ReturnType<Page['getByRole']>, name: string) {
    await dialog.getByRole('combobox', { name: 'Folder' }).click();
    await page.getByRole('option', { name }).click();
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await registerOverHttp(server.url, server.dataDir, { email: `notes-e2e-${Date.now()}@example.com`, password: 'a calm long password', name: 'Noa', hasAcceptedTerms: true });
    await api('POST', '/api/folders', { name: 'Work', icon: 'mdi-briefcase', color: '#1E88E5' });
    await api('POST', '/api/folders', { name: 'Home', icon: 'mdi-home', color: '#43A047' });
    a = await signedIn();
    pageA = await a.newPage();
    problems = watchProblems(pageA);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('writes a note offline with a checklist and a code block, and previews it', async () => {
    await pageA.goto(`${server.url}/notes`);
    await waitForServiceWorker(pageA);
    await pageA.getByRole('navigation', { name: 'Folders' }).getByText('Home').waitFor();
    await synced(pageA);

    await a.setOffline(true);
    await pageA.getByRole('button', { name: 'New note' }).click();
    const editor = pageA.getByRole('dialog', { name: 'New note' });
    await editor.getByLabel('Title').fill('Trip prep');
    await editor.getByLabel('Content').fill('## Packing\n\n- [ ] Passport\n- [x] Charger\n\n```sh\nnpm run pack\n```');
    await editor.getByRole('tab', { name: 'Preview' }).click();
    const preview = editor.getByTestId('markdown-preview');
    await preview.and(pageA.locator('[data-complete="true"]')).waitFor();
    expect(await preview.locator('input[type="checkbox"]').count()).toBe(2);
    expect(await preview.locator('input[type="checkbox"]:checked').count()).toBe(1);
    expect(await preview.locator('pre code').textContent()).toContain('npm run pack');
    expect(await preview.locator('h2').textContent()).toBe('Packing');
    await editor.getByRole('button', { name: 'Save' }).click();
    await card(pageA, 'All notes', 'Trip prep').waitFor();
  });

  it('pins it and moves it between folders, offline', async () => {
    await card(pageA, 'All notes', 'Trip prep').getByRole('button', { name: 'Pin Trip prep' }).click();
    await card(pageA, 'Pinned', 'Trip prep').waitFor();

    let editor = await openEditor(pageA, 'Trip prep');
    await pickFolder(pageA, editor, 'Work');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    const tree = pageA.getByRole('navigation', { name: 'Folders' });
    await tree.getByRole('button', { name: /^Work/ }).click();
    await card(pageA, 'Pinned', 'Trip prep').waitFor();

    editor = await openEditor(pageA, 'Trip prep');
    await pickFolder(pageA, editor, 'Home');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await card(pageA, 'Pinned', 'Trip prep').waitFor({ state: 'detached' });
    await tree.getByRole('button', { name: /^Home/ }).click();
    await card(pageA, 'Pinned', 'Trip prep').waitFor();
  });

  it('keeps everything across an offline reload', async () => {
    const reload = await pageA.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await card(pageA, 'Pinned', 'Trip prep').waitFor({ timeout: 15_000 });
    await pageA.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: /^Home/ }).click();
    await card(pageA, 'Pinned', 'Trip prep').waitFor();
  });

  it('syncs when back online and shows the note on a second device', async () => {
    await a.setOffline(false);
    await synced(pageA);
    const notes = (await api('GET', '/api/notes')) as { title: string; pinned: boolean; folder: string; content: string }[];
    const folders = (await api('GET', '/api/folders')).data as { _id: string; name: string }[];
    const home = folders.find((f) => f.name === 'Home')!._id;
    expect(notes).toEqual([expect.objectContaining({ title: 'Trip prep', pinned: true, folder: home })]);
    expect(notes[0]!.content).toContain('- [ ] Passport');

    const b = await signedIn();
    const pageB = await b.newPage();
    await pageB.goto(`${server.url}/notes`);
    await card(pageB, 'Pinned', 'Trip prep').waitFor({ timeout: 20_000 });
    await pageB.getByRole('navigation', { name: 'Folders' }).getByRole('button', { name: /^Home/ }).click();
    await card(pageB, 'Pinned', 'Trip prep').waitFor();
    await b.close();
    expect(problems.filter((p) => !p.includes('Failed to load resource') && !p.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('keeps both texts when two devices edit the same note offline (conflicted copy)', async () => {
    const devices = await Promise.all([signedIn(), signedIn()]);
    const pages = await Promise.all(devices.map((d) => d.newPage()));
    for (const page of pages) {
      await page.goto(`${server.url}/notes`);
      await card(page, 'Pinned', 'Trip prep').waitFor({ timeout: 20_000 });
      await synced(page);
    }
    for (const d of devices) await d.setOffline(true);
    for (const [i, page] of pages.entries()) {
      await card(page, 'Pinned', 'Trip prep').waitFor({ timeout: 20_000 });
      const editor = await openEditor(page, 'Trip prep');
      await editor.getByLabel('Content').fill(`Written on device ${i === 0 ? 'one' : 'two'}`);
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.waitFor({ state: 'detached' });
    }
    for (const [i, d] of devices.entries()) {
      await d.setOffline(false);
      await synced(pages[i]!);
    }
    const notes = (await api('GET', '/api/notes')) as { _id: string; content: string; conflictOf?: string }[];
    expect(notes.map((n) => n.content).sort()).toEqual(['Written on device one', 'Written on device two']);
    const original = notes.find((n) => !n.conflictOf)!;
    expect(notes.find((n) => n.conflictOf)?.conflictOf).toBe(original._id);
    // Both devices converge on the two notes; the copy is marked.
    for (const page of pages) {
      await page.getByText('Conflicted copy').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('note-card').filter({ hasText: 'Trip prep' }).count()).toBe(2);
    }
    await Promise.all(devices.map((d) => d.close()));
  });
});
