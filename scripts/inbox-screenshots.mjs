// Screenshots of the inbox (issue 16): the capture dialog and the /inbox list with a few items, at 375 and
// 1280 px, light and dark, en and ru, into docs/screenshots/inbox-*.png; and the floating capture button over
// /tasks, /notes and /calendar at 375 px (it must not cover what matters there).
// Run from the repository root after `npx tsc -b` (it starts server/dist): node scripts/inbox-screenshots.mjs
// The client is built into a temporary folder of its own. Items are captured in the page (the top field and the
// share route), as a person would, so they are local to each browser context.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { newId, pushMutations } from '../bench/lib.mjs';
import { SHOTS } from './lib/screenshot-shots.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');

const ITEMS = {
  en: ['Call the dentist about the crown', 'Gift idea for Sam\nthat board game we played in March\nor the tea sampler', 'Why is the bike tyre always flat?', 'Renew passport before June'],
  ru: ['Позвонить стоматологу насчёт коронки', 'Идея подарка для Саши\nта настольная игра из марта\nили набор чая', 'Почему колесо велосипеда всегда спущено?', 'Продлить паспорт до июня'],
};
const SHARED = { en: { title: 'A calmer morning routine', url: 'https://example.com/morning' }, ru: { title: 'Спокойное утро: привычки', url: 'https://example.com/morning' } };
const DRAFT = { en: 'Buy stamps and', ru: 'Купить марки и' };


const say = (m) => console.log(`inbox-screenshots: ${m}`);
const dist = buildClient(path.join(os.tmpdir(), 'adhd-inbox-shots-dist'), say);
const server = await startAppServer(dist, 'inbox-shots');
const browser = await launchChromium();
const shotFile = (name, s) => path.join(out, `inbox-${name}-${s.width}-${s.theme}-${s.locale}.png`);
try {
  mkdirSync(out, { recursive: true });
  for (const shot of SHOTS) {
    // A user of its own per shot: the items are captured in the page and synced, so they would pile up.
    const user = await registerBenchUser(server, 'inbox-shots', { timezone: 'Europe/Berlin' });
    await pushMutations(server.url, user.token, `shots-${newId()}`, [
      { name: 'task.create', args: { id: newId(), title: 'Pay rent' } },
      { name: 'task.create', args: { id: newId(), title: 'Send invoice', priority: 'high' } },
      { name: 'note.create', args: { id: newId(), title: 'Shopping', content: 'Bread\nMilk' } },
    ]);
    const context = await signedInContext(browser, user, { viewport: { width: shot.width, height: shot.height }, timezoneId: 'Europe/Berlin', colorScheme: shot.theme });
    await context.addInitScript(([theme, locale]) => {
      localStorage.setItem('theme', theme);
      document.cookie = `locale=${locale}; path=/`;
    }, [shot.theme, shot.locale]);
    const page = await context.newPage();

    // The empty inbox first.
    await page.goto(`${server.url}/inbox`);
    const top = page.locator('main input[type="text"], main input:not([type])').first();
    await top.waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    if (shot.theme === 'light') {
      await page.screenshot({ path: shotFile('empty', shot) });
      say(path.relative(root, shotFile('empty', shot)));
    }
    // A shared link, then thoughts typed in the top field (multi-line ones through the capture dialog).
    const shared = SHARED[shot.locale];
    await page.goto(`${server.url}/inbox/share?title=${encodeURIComponent(shared.title)}&text=&url=${encodeURIComponent(shared.url)}`);
    await page.waitForURL(/\/inbox\?id=/);
    await top.waitFor();
    for (const text of ITEMS[shot.locale]) {
      await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
      await page.keyboard.press('q');
      const field = page.locator('[data-testid="capture"] textarea');
      const [first, ...rest] = text.split('\n');
      await field.type(first);
      for (const line of rest) {
        await field.press('Shift+Enter');
        await field.type(line);
      }
      await field.press('Enter');
      await page.getByTestId('capture-saved').waitFor();
      await page.keyboard.press('Escape');
    }
    await page.goto(`${server.url}/inbox`);
    await page.locator('[data-testid="inbox-item"]').nth(4).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: shotFile('list', shot), fullPage: shot.width < 600 });
    say(path.relative(root, shotFile('list', shot)));

    // The convert menu of the second item.
    await page.locator('[data-testid="inbox-item"]').nth(1).locator('button[aria-haspopup="menu"]').click();
    await page.getByRole('menu').waitFor();
    await page.waitForTimeout(200);
    await page.screenshot({ path: shotFile('convert', shot) });
    say(path.relative(root, shotFile('convert', shot)));
    await page.keyboard.press('Escape');

    // The capture dialog on /tasks: one thought stored, the next half typed.
    await page.goto(`${server.url}/tasks`);
    await page.locator('main h1').waitFor();
    await page.waitForTimeout(400);
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
    await page.keyboard.press('q');
    const field = page.locator('[data-testid="capture"] textarea');
    await field.type(shot.locale === 'ru' ? 'Записаться к врачу' : 'Book the doctor');
    await field.press('Enter');
    await field.type(DRAFT[shot.locale]);
    await page.waitForTimeout(300);
    await page.screenshot({ path: shotFile('capture', shot) });
    say(path.relative(root, shotFile('capture', shot)));
    await page.keyboard.press('Escape');

    // The floating button over the other screens on a phone.
    if (shot.width < 600 && shot.theme === 'light' && shot.locale === 'en') {
      for (const where of ['tasks', 'notes', 'calendar']) {
        await page.goto(`${server.url}/${where}`);
        await page.locator('main h1, [data-testid="calendar-toolbar"]').first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(800);
        const file = path.join(out, `inbox-button-${where}-375.png`);
        await page.screenshot({ path: file });
        say(path.relative(root, file));
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
