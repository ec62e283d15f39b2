// Screenshots of news (issue 18) into docs/screenshots/news-*.png: the public list and an item (375 light,
// 1280 dark, the list in Russian too, a full-width item), and the admin news screen with its editor (375, 1280).
// Run from the repository root after `npx tsc -b` (it starts server/dist): node scripts/news-screenshots.mjs
// The client is built into a temporary folder of its own.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const Sqlite = createRequire(path.join(root, 'server', 'package.json'))('better-sqlite3');

const ITEMS = [
  {
    language: 'en',
    title: 'Offline mode, now everywhere',
    publishedAt: '2026-11-20T09:00:00.000Z',
    content:
      '## Works without a connection\n\nEvery list, note and habit now opens **offline**. Changes wait on your device and sync when the network returns.\n\n- Install the app from your browser menu\n- Keep working on the train\n- Nothing to set up\n\nTell us how it goes through the [feedback form](/feedback).',
  },
  {
    language: 'en',
    title: 'A calmer dashboard',
    publishedAt: '2026-10-02T09:00:00.000Z',
    content: 'The dashboard shows **one next step** at a time. Overdue tasks no longer shout: they wait in their own quiet section.',
  },
  {
    language: 'en',
    title: 'Habits get streak freezes',
    publishedAt: '2026-08-14T09:00:00.000Z',
    content: 'Missed a day? A freeze keeps your streak. You get one per week, and nobody is counting.',
  },
  {
    language: 'en',
    title: 'Release notes 2.0',
    publishedAt: '2026-07-01T09:00:00.000Z',
    customLayout: true,
    content: '## What is new\n\n| Area | Change |\n|---|---|\n| Tasks | Subtasks to any depth |\n| Notes | Markdown preview |\n| Calendar | Week view |\n\n> Thank you to everyone who wrote in.',
  },
  {
    language: 'ru',
    title: 'Офлайн-режим — теперь везде',
    publishedAt: '2026-11-20T09:00:00.000Z',
    content: '## Работает без сети\n\nВсе списки, заметки и привычки открываются **без интернета**. Изменения ждут на устройстве и синхронизируются, когда сеть вернётся.',
  },
  {
    language: 'ru',
    title: 'Спокойная главная страница',
    publishedAt: '2026-10-02T09:00:00.000Z',
    content: 'На главной — **один следующий шаг**. Просроченные задачи больше не кричат: они ждут в своём тихом разделе.',
  },
  { language: 'en', title: 'Draft: winter plans', content: 'Ideas for the winter update.', status: 'draft' },
];

const say = (m) => console.log(`news-screenshots: ${m}`);
const dist = buildClient(path.join(os.tmpdir(), 'adhd-news-shots-dist'), say);
const server = await startAppServer(dist, 'news-shots');
const browser = await launchChromium();
const shot = async (page, name, fullPage = false) => {
  await page.waitForTimeout(400);
  const file = path.join(out, `news-${name}.png`);
  await page.screenshot({ path: file, fullPage });
  say(path.relative(root, file));
};
const prefs = (context, theme, locale) =>
  context.addInitScript(([t, l]) => {
    localStorage.setItem('theme', t);
    document.cookie = `locale=${l}; path=/`;
  }, [theme, locale]);

try {
  mkdirSync(out, { recursive: true });
  const admin = await registerBenchUser(server, 'news-admin');
  const db = new Sqlite(path.join(server.dataDir, 'app.sqlite'));
  db.prepare(`update users set role = 'admin' where id = ?`).run(admin.user._id);
  db.close();
  admin.user = { ...admin.user, role: 'admin' };
  for (const item of ITEMS) {
    const res = await fetch(`${server.url}/api/admin/news`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'published', ...item }),
    });
    if (res.status !== 201) throw new Error(`POST /api/admin/news: ${res.status} ${await res.text()}`);
  }

  // Visitors: the list and an item, 375 light and 1280 dark; the ru list; a full-width item.
  for (const [width, theme, locale] of [
    [375, 'light', 'en'],
    [1280, 'dark', 'en'],
    [375, 'light', 'ru'],
  ]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, colorScheme: theme });
    await prefs(context, theme, locale);
    const page = await context.newPage();
    await page.goto(`${server.url}/news/${locale}`);
    await page.getByTestId('news-card').first().waitFor({ timeout: 60_000 });
    await shot(page, `list-${width}-${theme}-${locale}`, width === 375);
    await page.getByTestId('news-card').first().getByRole('link').click();
    await page.getByTestId('markdown-preview').waitFor();
    await shot(page, `item-${width}-${theme}-${locale}`, width === 375);
    if (locale === 'en' && width === 1280) {
      await page.goto(`${server.url}/news/en/release-notes-2-0`);
      await page.getByTestId('markdown-preview').waitFor();
      await shot(page, `item-custom-layout-${width}-${theme}-${locale}`);
    }
    await context.close();
  }

  // The admin screen and its editor.
  for (const [width, theme] of [
    [375, 'light'],
    [1280, 'light'],
  ]) {
    const context = await signedInContext(browser, admin, { viewport: { width, height: width === 375 ? 812 : 900 }, colorScheme: theme });
    await prefs(context, theme, 'en');
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/news`);
    await page.getByTestId('admin-news-row').first().waitFor({ timeout: 60_000 });
    await shot(page, `admin-${width}-${theme}`, width === 375);
    await page.getByTestId('admin-news-row').filter({ hasText: 'Offline mode' }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').waitFor();
    await shot(page, `admin-editor-${width}-${theme}`);
    await page.getByRole('dialog').getByRole('tab', { name: 'Preview' }).click();
    await page.getByRole('dialog').getByTestId('markdown-preview').waitFor();
    await shot(page, `admin-preview-${width}-${theme}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
