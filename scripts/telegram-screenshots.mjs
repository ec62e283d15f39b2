// Screenshots of Settings → Telegram (issue 16): waiting for the chat after "Link Telegram", and connected, at
// 375 and 1280 px in both themes and both languages, into docs/screenshots/telegram-*.png. The server runs no bot here:
// the browser's calls to /api/telegram/* are answered by the page's routes (the bot itself is tested against
// the fake Bot API in server/src/modules/telegram/*.test.ts). Run from the repository root after `npx tsc -b`:
//   node scripts/telegram-screenshots.mjs
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { SHOTS } from './lib/screenshot-shots.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const CODE = 'Xk3v9Qb2LmN7pR4sT8wY1zA6cD0eF5gH2jK9mN3pQ7r';

const say = (m) => console.log(`telegram-screenshots: ${m}`);
const dist = buildClient(path.join(os.tmpdir(), 'adhd-telegram-shots-dist'), say);
const server = await startAppServer(dist, 'telegram-shots');
const browser = await launchChromium();
try {
  const user = await registerBenchUser(server, 'telegram-shots');
  mkdirSync(out, { recursive: true });
  for (const shot of SHOTS) {
    for (const scene of ['waiting', 'connected', 'unavailable']) {
      const context = await signedInContext(browser, user, { viewport: { width: shot.width, height: shot.height }, colorScheme: shot.theme });
      await context.addInitScript(([theme, locale]) => {
        localStorage.setItem('theme', theme);
        document.cookie = `locale=${locale}; path=/`;
        window.open = () => null;
      }, [shot.theme, shot.locale]);
      const status = { waiting: { available: true, linked: false }, connected: { available: true, linked: true, username: 'ada_lovelace' }, unavailable: { available: false, linked: false } }[scene];
      await context.route('**/api/telegram/status', (route) => route.fulfill({ json: status }));
      await context.route('**/api/telegram/link', (route) => route.fulfill({ json: { code: CODE, url: `https://t.me/adhd_superapp_bot?start=${CODE}` } }));
      const page = await context.newPage();
      await page.goto(`${server.url}/auth/settings`);
      const section = page.getByRole('region', { name: 'Telegram' });
      await section.waitFor({ timeout: 60_000 });
      if (scene === 'waiting') {
        await section.getByRole('button').first().click();
        await section.locator('code').waitFor();
      } else {
        await section.getByText(scene === 'connected' ? '@ada_lovelace' : /Telegram/).first().waitFor();
      }
      await section.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      const file = path.join(out, `telegram-${scene}-${shot.width}-${shot.theme}-${shot.locale}.png`);
      await section.screenshot({ path: file });
      say(path.relative(root, file));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
