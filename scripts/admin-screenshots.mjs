// Screenshots of the admin area (issue 18): home, users, feature toggles and redirects at 375 px light and
// 1280 px dark in English, and the users screen at 375 px light in Russian, into docs/screenshots/admin-*.png.
// The first account on the empty server is the admin (outside production); a few more accounts with some data,
// one of them disabled, and two redirect rules make the screens look used. Run from the repository root after
// `npx tsc -b`:
//   node scripts/admin-screenshots.mjs
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { setAccountPreferences } from './lib/screenshot-shots.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const say = (m) => console.log(`admin-screenshots: ${m}`);
const dist = buildClient(path.join(os.tmpdir(), 'adhd-admin-shots-dist'), say);
const server = await startAppServer(dist, 'admin-shots');
const browser = await launchChromium();

async function api(token, method, url, body) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const SCREENS = [
  ['home', '/admin', 'Running this server'],
  ['users', '/admin/users', 'Users'],
  ['toggles', '/admin/feature-toggles', 'Feature toggles'],
  ['redirects', '/admin/redirects', 'Redirects'],
];

try {
  const admin = await registerBenchUser(server, 'admin', { name: 'Alex Admin' });
  if (admin.user.role !== 'admin') throw new Error('the first account is not an admin');
  const people = [
    ['Maya Chen', ['Call the dentist', 'Pay the electricity bill', 'Book train tickets']],
    ['Jonas Weber', ['Tidy the desk']],
    ['Priya Natarajan', []],
  ];
  for (const [name, tasks] of people) {
    const u = await registerBenchUser(server, name.split(' ')[0].toLowerCase(), { name });
    for (const title of tasks) await api(u.token, 'POST', '/api/tasks', { title });
    await api(u.token, 'POST', '/api/inbox', { text: 'Idea for the weekend' });
    if (name.startsWith('Jonas')) await api(admin.token, 'PATCH', `/api/admin/users/${u.user._id}`, { disabled: true });
  }
  await api(admin.token, 'POST', '/api/admin/redirects', { from: '/old-page', to: '/tasks' });
  await api(admin.token, 'POST', '/api/admin/redirects', { from: '/give', to: 'https://example.org/donate' });
  await api(admin.token, 'PUT', '/api/admin/feature-toggles', { googleCalendar: false });
  mkdirSync(out, { recursive: true });

  const shots = [
    ...SCREENS.map((s) => ({ screen: s, width: 375, height: 812, theme: 'light', locale: 'en' })),
    ...SCREENS.map((s) => ({ screen: s, width: 1280, height: 900, theme: 'dark', locale: 'en' })),
    { screen: SCREENS[1], width: 375, height: 812, theme: 'light', locale: 'ru' },
  ];
  for (const { screen: [name, url, heading], width, height, theme, locale } of shots) {
    await setAccountPreferences(server.url, admin.token, { theme, locale });
    const context = await signedInContext(browser, admin, { viewport: { width, height }, colorScheme: theme });
    await context.addInitScript(([t, l]) => {
      localStorage.setItem('theme', t);
      document.cookie = `locale=${l}; path=/`;
    }, [theme, locale]);
    const page = await context.newPage();
    await page.goto(`${server.url}${url}`);
    await page.locator('h1').filter({ hasText: locale === 'en' ? heading : /./ }).first().waitFor({ timeout: 60_000 });
    if (name === 'users') await page.locator('main li').first().waitFor();
    await page.waitForTimeout(500);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) say(`WARNING: ${name} ${width} overflows by ${overflow} px`);
    const file = path.join(out, `admin-${name}-${width}-${theme}-${locale}.png`);
    await page.screenshot({ path: file, fullPage: true });
    say(path.relative(root, file));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
