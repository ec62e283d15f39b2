// Screenshots of the public site (issue 18) into docs/screenshots/site-*.png: the prerendered landing page
// (375 light and 1280 dark, en and ru), the info pages (about, donate with links, privacy, terms) and the admin's
// donation links editor (with a field error). Run from the repository root after `npx tsc -b` (it starts
// server/dist): node scripts/site-screenshots.mjs. The client is built into a temporary folder of its own.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { setAccountPreferences } from './lib/screenshot-shots.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const say = (m) => console.log(`site-screenshots: ${m}`);
const dist = buildClient(path.join(os.tmpdir(), 'adhd-site-shots-dist'), say);
const server = await startAppServer(dist, 'site-shots');
const browser = await launchChromium();
const size = (width) => ({ width, height: width === 375 ? 812 : 900 });

/** A visitor's page (no session) in `theme` and `locale`. */
async function visitor(width, theme, locale) {
  const context = await browser.newContext({ viewport: size(width), colorScheme: theme });
  // A cookie of the context: the server reads the language of the first request (the prerendered landing).
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return { context, page: await context.newPage() };
}

async function shot(page, name, fullPage = false) {
  const file = path.join(out, `site-${name}.png`);
  await page.screenshot({ path: file, fullPage });
  say(path.relative(root, file));
}

try {
  mkdirSync(out, { recursive: true });
  // The first account is the server's admin: it sets the donation links shown on /donate.
  const admin = await registerBenchUser(server, 'site-admin');
  const put = await fetch(`${server.url}/api/admin/site/donate-links`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ links: [{ label: 'Liberapay', url: 'https://liberapay.com/example' }, { label: 'Open Collective', url: 'https://opencollective.com/example' }] }),
  });
  if (!put.ok) throw new Error(`donate links: ${put.status} ${await put.text()}`);

  for (const [width, theme, locale] of [[375, 'light', 'en'], [1280, 'dark', 'en'], [375, 'light', 'ru'], [1280, 'light', 'ru']]) {
    const { context, page } = await visitor(width, theme, locale);
    await page.goto(`${server.url}/`);
    await page.locator('h1').waitFor();
    await page.evaluate(() => Promise.all([...document.images].map((img) => ((img.loading = 'eager'), img.decode().catch(() => undefined)))));
    await shot(page, `landing-${width}-${theme}-${locale}`, true);
    await context.close();
  }

  for (const name of ['about', 'donate', 'privacy', 'terms']) {
    for (const [width, theme, locale] of [[375, 'light', 'en'], [1280, 'dark', 'ru']]) {
      const { context, page } = await visitor(width, theme, locale);
      await page.goto(`${server.url}/${name}`);
      await page.locator('main h1').waitFor();
      if (name === 'donate') await page.locator('main a[target="_blank"]').first().waitFor();
      await page.waitForTimeout(300);
      await shot(page, `${name}-${width}-${theme}-${locale}`, width === 375 && name !== 'donate');
      await context.close();
    }
  }

  for (const [width, theme, locale] of [[1280, 'light', 'en'], [375, 'dark', 'ru']]) {
    await setAccountPreferences(server.url, admin.token, { locale, theme });
    const context = await signedInContext(browser, admin, { viewport: size(width), colorScheme: theme });
    await context.addInitScript(([t, l]) => {
      localStorage.setItem('theme', t);
      document.cookie = `locale=${l}; path=/`;
    }, [theme, locale]);
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/donate`);
    const add = page.getByRole('button', { name: locale === 'ru' ? 'Добавить ссылку' : 'Add link' });
    await add.waitFor({ timeout: 60_000 });
    await add.click();
    await page.locator('fieldset').nth(2).getByRole('textbox').first().fill(locale === 'ru' ? 'Карта' : 'Card');
    await page.locator('fieldset').nth(2).getByRole('textbox').nth(1).fill('javascript:alert(1)');
    await page.getByRole('button', { name: locale === 'ru' ? 'Сохранить' : 'Save' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await page.waitForTimeout(300);
    await shot(page, `admin-donate-${width}-${theme}-${locale}`, false);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
