// Screenshots of feedback (issue 18) into docs/screenshots/feedback-*.png: the form (375 light, 1280 dark, ru
// with its messages), the success state, and the admin view (375 and 1280, one item open with its screenshots).
// Run from the repository root after `npx tsc -b` (it starts server/dist): node scripts/feedback-screenshots.mjs
// The client is built into a temporary folder of its own. The first account of a development server is an admin.
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const say = (m) => console.log(`feedback-screenshots: ${m}`);
// Real screenshots of the app serve as the attached images.
const IMAGES = ['inbox-list-375-light-en.png', 'calendar-day-375-light-en.png'].map((f) => ({ name: f, mimeType: 'image/png', buffer: readFileSync(path.join(out, f)) }));

const SEED = [
  { name: 'Mira', email: 'mira@example.com', type: 'feature', message: 'Could habits have a gentle evening reminder?\nI forget them after 8 pm.', images: 0 },
  { name: 'Jon', email: 'jon@example.com', type: 'improvement', message: 'The calendar week view feels crowded on my phone.', images: 1 },
  { name: 'Ada', email: 'ada@example.com', type: 'bug', message: 'The inbox list jumps when a new item arrives while I am typing.\n\nSteps: open /inbox, start typing, send something from Telegram.', images: 2 },
];

const dist = buildClient(path.join(os.tmpdir(), 'adhd-feedback-shots-dist'), say);
const server = await startAppServer(dist, 'feedback-shots');
const browser = await launchChromium();
const file = (name) => path.join(out, `feedback-${name}.png`);
async function shoot(page, name, fullPage = false) {
  // From the top: a full-page shot of a scrolled page would draw the sticky header over the middle.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: file(name), fullPage });
  say(path.relative(root, file(name)));
}
async function visitor(width, theme, locale) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, colorScheme: theme });
  await context.addInitScript(([t, l]) => {
    localStorage.setItem('theme', t);
    document.cookie = `locale=${l}; path=/`;
  }, [theme, locale]);
  const page = await context.newPage();
  await page.goto(`${server.url}/feedback`);
  await page.locator('form textarea').waitFor({ timeout: 60_000 });
  return page;
}
async function fill(page, locale) {
  const ru = locale === 'ru';
  await page.locator('input[name="name"]').fill(ru ? 'Анна' : 'Sam');
  await page.locator('input[name="email"]').fill('sam@example.com');
  await page.locator('input[type="radio"][value="bug"]').check();
  await page.locator('textarea[name="message"]').fill(ru ? 'Таймер останавливается, когда вкладка засыпает.' : 'The focus timer stops when the tab goes to sleep.');
  await page.locator('input[type="file"]').setInputFiles(IMAGES);
}

try {
  mkdirSync(out, { recursive: true });
  const admin = await registerBenchUser(server, 'feedback-admin');
  if (admin.user.role !== 'admin') throw new Error('the first account should be an admin (development server)');
  for (const s of SEED) {
    const form = new FormData();
    for (const k of ['name', 'email', 'type', 'message']) form.append(k, s[k]);
    for (const img of IMAGES.slice(0, s.images)) form.append('screenshots', new Blob([img.buffer], { type: 'image/png' }), img.name);
    const res = await fetch(`${server.url}/api/feedback`, { method: 'POST', body: form });
    if (res.status !== 201) throw new Error(`POST /api/feedback: ${res.status}`);
  }

  let page = await visitor(375, 'light', 'en');
  await fill(page, 'en');
  await shoot(page, 'form-375-light-en', true);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await page.getByRole('status').waitFor();
  await shoot(page, 'success-375-light-en');
  await page.context().close();

  page = await visitor(1280, 'dark', 'en');
  await fill(page, 'en');
  await shoot(page, 'form-1280-dark-en', true);
  await page.context().close();

  page = await visitor(375, 'light', 'ru');
  await page.locator('button[type="submit"]').click();
  await shoot(page, 'form-errors-375-light-ru', true);
  await page.context().close();

  for (const [width, theme] of [[375, 'light'], [1280, 'light'], [1280, 'dark']]) {
    const context = await signedInContext(browser, admin, { viewport: { width, height: width === 375 ? 812 : 900 }, colorScheme: theme });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    page = await context.newPage();
    await page.goto(`${server.url}/admin/feedback`);
    const items = page.locator('li button[aria-expanded]');
    await items.nth(2).waitFor({ timeout: 60_000 });
    await items.filter({ hasText: 'Ada' }).click();
    await page.locator('li img').nth(1).waitFor();
    await shoot(page, `admin-${width}-${theme}-en`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
