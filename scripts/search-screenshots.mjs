// Screenshots of the Ctrl+K search palette (issue 16): results for a query (grouped, coloured, with snippets) and the
// recent searches of a blank query, at 375 and 1280 px, in both themes and both languages, into
// docs/screenshots/search-*.png. Run from the repository root after `npx tsc -b` (it starts server/dist):
//   node scripts/search-screenshots.mjs
// The client is built into a temporary folder of its own. The user's tasks, notes, events, habits and inbox items
// are pushed through the sync API first; the palette answers from the local database once the first sync is done.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { newId, pushMutations } from '../bench/lib.mjs';
import { SHOTS as EVERY_SHOT, setAccountPreferences } from './lib/screenshot-shots.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const today = new Date().toISOString().slice(0, 10);

function mutations() {
  const m = (name, args) => ({ name, args: { id: newId(), ...args } });
  return [
    m('task.create', { title: 'Plan the garden beds', description: 'Tomatoes along the south fence, herbs by the kitchen door' }),
    m('task.create', { title: 'Order garden hose', description: '' }),
    m('task.create', { title: 'Спланировать грядки в саду', description: 'Помидоры у забора' }),
    m('note.create', { title: 'Spring ideas', content: 'A small pond, a bench under the apple tree and a vegetable garden that does not need daily watering.' }),
    m('note.create', { title: 'Книги про сад', content: 'Сад без хлопот, огород на балконе' }),
    m('event.create', { title: 'Garden centre trip', startDate: today, allDay: true, location: 'Green Lane 4' }),
    m('habit.create', { title: 'Water the garden', description: 'Evenings, when it has not rained' }),
    m('inbox.create', { text: 'Ask Sam about the garden shed\nHe has a spare lock' }),
    m('inbox.create', { text: 'Семена для сада: укроп, базилик' }),
  ];
}

const QUERY = { en: 'gard', ru: 'сад' };
const SHOTS = EVERY_SHOT.map((shot) => ({ ...shot, query: QUERY[shot.locale] }));

const say = (msg) => console.log(`search-screenshots: ${msg}`);
const dist = buildClient(path.join(os.tmpdir(), 'adhd-search-shots-dist'), say);
const server = await startAppServer(dist, 'search-shots');
const browser = await launchChromium();
try {
  const user = await registerBenchUser(server, 'search-shots', { timezone: 'UTC' });
  await pushMutations(server.url, user.token, `shots-${newId()}`, mutations());
  mkdirSync(out, { recursive: true });
  for (const shot of SHOTS) {
    // The account's language wins over the cookie once signed in: set it for each shot's language.
    await setAccountPreferences(server.url, user.token, { locale: shot.locale });
    const context = await signedInContext(browser, user, { viewport: { width: shot.width, height: shot.height }, timezoneId: 'UTC', colorScheme: shot.theme });
    await context.addInitScript(([theme, locale]) => {
      localStorage.setItem('theme', theme);
      document.cookie = `locale=${locale}; path=/`;
    }, [shot.theme, shot.locale]);
    const page = await context.newPage();
    await page.goto(`${server.url}/tasks`);
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 60_000 });
    const name = (what) => path.join(out, `search-${what}-${shot.width}-${shot.theme}-${shot.locale}.png`);

    // The header with its search button.
    await page.screenshot({ path: name('button'), clip: { x: 0, y: 0, width: shot.width, height: 110 } });
    say(path.relative(root, name('button')));
    await page.keyboard.press('Control+KeyK');
    const palette = page.locator('[data-testid="search-palette"]');
    await palette.waitFor();
    await page.keyboard.type(shot.query, { delay: 40 });
    await palette.locator('[data-testid="search-result"]').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('results') });
    say(path.relative(root, name('results')));

    // Open the second result (a recent search is stored), then the blank query's recents.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' }).catch(() => palette.waitFor({ state: 'hidden' }));
    await page.waitForTimeout(400);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+KeyK');
    await palette.waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: name('recent') });
    say(path.relative(root, name('recent')));

    // No results.
    await page.keyboard.type('zzqx', { delay: 20 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: name('empty') });
    say(path.relative(root, name('empty')));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
