// Screenshots of the settings screen (issue 17): the whole page in groups at 375 and 1280 px, light and dark,
// English and Russian (docs/screenshots/settings-<width>-<theme>-<locale>.png, full page), and the text size
// setting at small, medium and large on the page and in a dialog (settings-textsize-<size>-<page|dialog>.png,
// 375 px) to show that it scales the whole interface. Run from the repository root after `npx tsc -b`:
//   node scripts/settings-screenshots.mjs
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { SHOTS, setAccountPreferences } from './lib/screenshot-shots.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');

const say = (m) => console.log(`settings-screenshots: ${m}`);
const dist = buildClient(path.join(os.tmpdir(), 'adhd-settings-shots-dist'), say);
const server = await startAppServer(dist, 'settings-shots');
const browser = await launchChromium();

/** The account's appearance (a signed-in page takes it from the account at its session check). */
const setAccount = (user, prefs) => setAccountPreferences(server.url, user.token, prefs);

/** A page of a fresh context showing /auth/settings with the given appearance (the account's and this device's). */
async function settingsPage(user, { width, height, theme, locale, fontSize = 'medium' }) {
  await setAccount(user, { theme, locale, fontSize });
  const context = await signedInContext(browser, user, { viewport: { width, height }, colorScheme: theme });
  await context.addInitScript(
    ([t, l, f]) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('font_size', f);
      document.cookie = `locale=${l}; path=/`;
    },
    [theme, locale, fontSize],
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/auth/settings`);
  await page.locator('#settings-danger').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(400);
  return { context, page };
}

const save = async (target, name, options = {}) => {
  const file = path.join(out, name);
  await target.screenshot({ path: file, ...options });
  say(path.relative(root, file));
};

try {
  const user = await registerBenchUser(server, 'settings-shots');
  mkdirSync(out, { recursive: true });
  for (const shot of SHOTS) {
    const { context, page } = await settingsPage(user, shot);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) say(`WARNING: ${shot.width}-${shot.theme}-${shot.locale} overflows by ${overflow} px`);
    await save(page, `settings-${shot.width}-${shot.theme}-${shot.locale}.png`, { fullPage: true });
    await context.close();
  }
  // An unverified email after "Send a new code": the next step and the countdown (the server's answers are stubbed).
  await setAccount(user, { theme: 'light', locale: 'en', fontSize: 'medium' });
  for (const width of [375, 1280]) {
    const unverified = { ...user, user: { ...user.user, emailVerified: false } };
    const context = await signedInContext(browser, unverified, { viewport: { width, height: 900 }, colorScheme: 'light' });
    await context.route('**/api/auth/me', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({ response: res, json: { ...body, user: { ...body.user, emailVerified: false } } });
    });
    await context.route('**/api/auth/resend-verification', (route) => route.fulfill({ json: { success: true } }));
    const page = await context.newPage();
    await page.goto(`${server.url}/auth/settings`);
    const account = page.locator('#settings-account');
    await account.getByRole('button', { name: 'Send a new code' }).click();
    await account.getByRole('link', { name: 'Enter the code' }).waitFor();
    await save(account, `settings-verify-${width}-light-en.png`);
    await context.close();
  }
  for (const fontSize of ['small', 'medium', 'large']) {
    const { context, page } = await settingsPage(user, { width: 375, height: 812, theme: 'light', locale: 'en', fontSize });
    await save(page, `settings-textsize-${fontSize}-page.png`);
    await page.locator('#settings-danger').getByRole('button').click();
    await page.getByRole('alertdialog').waitFor();
    await page.waitForTimeout(300);
    await save(page, `settings-textsize-${fontSize}-dialog.png`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
