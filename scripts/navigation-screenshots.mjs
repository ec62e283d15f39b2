// Screenshots of the section navigation (issue 17): the phone's bottom bar and its open "More" sheet at 375 px, the
// wide layout at 1280 px, and the 404 page at both, in both themes and both languages, into
// docs/screenshots/navigation-*.png. Run from the repository root after `npx tsc -b` (it starts server/dist):
//   node scripts/navigation-screenshots.mjs
// The client is built into a temporary folder of its own. A few tasks and inbox items are pushed through the sync
// API first, so the screens and the inbox count have something to show.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { newId, pushMutations } from '../bench/lib.mjs';
import { SHOTS } from './lib/screenshot-shots.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');

function mutations() {
  const m = (name, args) => ({ name, args: { id: newId(), ...args } });
  return [
    m('task.create', { title: 'Call the dentist', description: '' }),
    m('task.create', { title: 'Pay the electricity bill', description: '' }),
    m('task.create', { title: 'Купить лампочки', description: '' }),
    m('inbox.create', { text: 'Ask Sam about the garden shed' }),
    m('inbox.create', { text: 'Идея: полка для ключей у двери' }),
  ];
}

const say = (msg) => console.log(`navigation-screenshots: ${msg}`);
const dist = buildClient(path.join(os.tmpdir(), 'adhd-nav-shots-dist'), say);
const server = await startAppServer(dist, 'nav-shots');
const browser = await launchChromium();
try {
  const user = await registerBenchUser(server, 'nav-shots', { timezone: 'UTC' });
  await pushMutations(server.url, user.token, `shots-${newId()}`, mutations());
  mkdirSync(out, { recursive: true });
  for (const shot of SHOTS) {
    const context = await signedInContext(browser, user, { viewport: { width: shot.width, height: shot.height }, timezoneId: 'UTC', colorScheme: shot.theme });
    await context.addInitScript(([theme, locale]) => {
      localStorage.setItem('theme', theme);
      document.cookie = `locale=${locale}; path=/`;
    }, [shot.theme, shot.locale]);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${server.url}/tasks`);
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('inbox-count').first().waitFor();
    const name = (what) => path.join(out, `navigation-${what}-${shot.width}-${shot.theme}-${shot.locale}.png`);
    const take = async (what) => {
      await page.waitForTimeout(250);
      await page.screenshot({ path: name(what) });
      say(path.relative(root, name(what)));
    };

    if (shot.width < 600) {
      await take('bar');
      await page.getByTestId('nav-more').click();
      await page.getByTestId('more-sheet').waitFor();
      await take('more');
      await page.keyboard.press('Escape');
      await page.getByTestId('more-sheet').waitFor({ state: 'detached' });
    } else {
      await take('desktop');
    }
    await page.evaluate(() => {
      history.pushState(null, '', '/no-such-page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('error-page').waitFor();
    await take('not-found');
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
