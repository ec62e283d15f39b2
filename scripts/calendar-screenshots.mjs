// Screenshots of the calendar (issue 15): the month, week, day and days views and the event dialog, at 375 and
// 1280 px, in both themes and both languages at each width, into docs/screenshots/calendar-*.png.
// Run from the repository root after `npx tsc -b` (it starts server/dist): node scripts/calendar-screenshots.mjs
// The client is built into a temporary folder of its own. The user's events, tasks and habits are pushed through
// the sync API first, around today's date, so the views are never empty.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { newId, pushMutations } from '../bench/lib.mjs';
import { SHOTS, setAccountPreferences } from './lib/screenshot-shots.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const TZ = 'Europe/Berlin';

const iso = (d) => d.toISOString().slice(0, 10);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const day = (n) => iso(new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000));

/** A week of plans around today: timed, all-day, multi-day, coloured, recurring and a task or two. */
function mutations() {
  const ev = (args) => ({ name: 'event.create', args: { id: newId(), ...args } });
  return [
    ev({ title: 'Stand-up', startDate: day(0), startTime: '09:00', endTime: '09:15', recurrence: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' }),
    ev({ title: 'Dentist', startDate: day(1), startTime: '14:30', endTime: '15:30', color: '#E91E63', location: 'Main St 5' }),
    ev({ title: 'Focus block', startDate: day(0), startTime: '10:00', endTime: '12:00', color: '#7C4DFF' }),
    ev({ title: 'Lunch with Sam', startDate: day(0), startTime: '12:30', endTime: '13:30' }),
    ev({ title: 'Conference', startDate: day(3), endDate: day(5), allDay: true, color: '#009688' }),
    ev({ title: 'Gym', startDate: day(-2), startTime: '18:00', endTime: '19:00', recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA', color: '#FF9800' }),
    ev({ title: 'Mum’s birthday', startDate: day(8), allDay: true, recurrence: 'FREQ=YEARLY' }),
    ev({ title: 'Call the bank', startDate: day(-6), startTime: '11:00', endTime: '11:30' }),
    { name: 'task.create', args: { id: newId(), title: 'Pay rent', dueDate: day(0) } },
    { name: 'task.create', args: { id: newId(), title: 'Renew passport', dueDate: day(2), time: '16:00' } },
    { name: 'task.create', args: { id: newId(), title: 'Send invoice', dueDate: day(-1), completed: true } },
    { name: 'habit.create', args: { id: newId(), title: 'Drink water', startDate: day(-10) } },
    { name: 'habit.create', args: { id: newId(), title: 'Stretch', startDate: day(-10), color: '#3F51B5' } },
  ];
}

const VIEWS = { month: 'Month', week: 'Week', day: 'Day', days: 'Days' };

const say = (m) => console.log(`calendar-screenshots: ${m}`);
const dist = buildClient(path.join(os.tmpdir(), 'adhd-calendar-shots-dist'), say);
const server = await startAppServer(dist, 'calendar-shots');
const browser = await launchChromium();
try {
  const user = await registerBenchUser(server, 'calendar-shots', { timezone: TZ });
  await pushMutations(server.url, user.token, `shots-${newId()}`, mutations());
  mkdirSync(out, { recursive: true });
  for (const shot of SHOTS) {
    // The account's language wins over the cookie once the app has read the account: set it for each shot.
    await setAccountPreferences(server.url, user.token, { locale: shot.locale });
    const context = await signedInContext(browser, user, { viewport: { width: shot.width, height: shot.height }, timezoneId: TZ, colorScheme: shot.theme });
    await context.addInitScript(([theme, locale]) => {
      localStorage.setItem('theme', theme);
      document.cookie = `locale=${locale}; path=/`;
    }, [shot.theme, shot.locale]);
    const page = await context.newPage();
    await page.goto(`${server.url}/calendar`);
    await page.locator('[data-testid="calendar-toolbar"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="calendar-event"]').first().waitFor({ timeout: 60_000 });
    for (const view of Object.keys(VIEWS)) {
      await page.locator(`[data-testid="calendar-toolbar"] [role="group"] button`).nth(Object.keys(VIEWS).indexOf(view)).click();
      await page.waitForTimeout(400);
      const file = path.join(out, `calendar-${view}-${shot.width}-${shot.theme}-${shot.locale}.png`);
      await page.screenshot({ path: file, fullPage: shot.width < 600 || view === 'month' });
      say(path.relative(root, file));
    }
    // The event dialog on an event of today (view mode).
    await page.locator(`[data-testid="calendar-toolbar"] [role="group"] button`).nth(2).click();
    const focus = page.locator('[data-testid="calendar-event"]', { hasText: 'Focus block' }).first();
    if (await focus.count()) {
      await focus.click();
      const dialog = page.getByRole('dialog');
      if (await dialog.count()) {
        await dialog.first().waitFor();
        await page.waitForTimeout(300);
        const file = path.join(out, `calendar-dialog-${shot.width}-${shot.theme}-${shot.locale}.png`);
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
