// Screenshots of the dashboard (issue 17): a new user's empty dashboard and a full one (overdue, due and started
// tasks, today's habits, pinned notes, the next days' events), at 375 and 1280 px, light and dark, en and ru, into
// docs/screenshots/dashboard-{empty,full}-<width>-<theme>-<locale>.png.
// Run from the repository root after `npx tsc -b` (it starts server/dist): node scripts/dashboard-screenshots.mjs
// The client is client/dist (built when missing or older than its sources). Data is pushed through the sync API.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient, defaultClientDist, launchChromium, registerBenchUser, signedInContext, startAppServer } from '../bench/browser.mjs';
import { addDays, newId, pushMutations } from '../bench/lib.mjs';
import { SHOTS, setAccountPreferences } from './lib/screenshot-shots.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'docs', 'screenshots');
const ZONE = 'Europe/Berlin';

const TEXT = {
  en: {
    tasks: ['Send the insurance form', 'Reply to Alex about Saturday', 'Call the plumber', 'Pick up the parcel', 'Write the project summary'],
    habits: ['Drink a glass of water', 'Morning stretch', 'Ten minutes of reading', 'Tidy the desk'],
    notes: [['Packing list', '- Passport\n- Charger\n- **Swimsuit**'], ['Ideas for the weekend', 'Lake walk, the new bakery, call grandma'], ['Wi-Fi at the cabin', 'Network: Cabin-5G, the password is on the fridge']],
    events: ['Team lunch', 'Dentist', 'Yoga class'],
  },
  ru: {
    tasks: ['Отправить страховую форму', 'Ответить Саше про субботу', 'Позвонить сантехнику', 'Забрать посылку', 'Написать итог проекта'],
    habits: ['Выпить стакан воды', 'Утренняя зарядка', 'Десять минут чтения', 'Убрать на столе'],
    notes: [['Что взять в поездку', '- Паспорт\n- Зарядка\n- **Купальник**'], ['Идеи на выходные', 'Прогулка у озера, новая пекарня, позвонить бабушке'], ['Wi-Fi на даче', 'Сеть: Dacha-5G, пароль на холодильнике']],
    events: ['Обед с командой', 'Стоматолог', 'Йога'],
  },
};

function fullData(locale) {
  const x = TEXT[locale];
  const today = new Date().toLocaleDateString('en-CA', { timeZone: ZONE });
  const habitIds = x.habits.map(() => newId());
  const times = ['anytime', 'morning', 'afternoon', 'evening'];
  return [
    { name: 'task.create', args: { id: newId(), title: x.tasks[0], dueDate: addDays(today, -3), priority: 'high' } },
    { name: 'task.create', args: { id: newId(), title: x.tasks[1], dueDate: addDays(today, -1) } },
    { name: 'task.create', args: { id: newId(), title: x.tasks[2], dueDate: today, time: '15:30' } },
    { name: 'task.create', args: { id: newId(), title: x.tasks[3], dueDate: today } },
    { name: 'task.create', args: { id: newId(), title: x.tasks[4], startDate: addDays(today, -2), dueDate: addDays(today, 5) } },
    ...x.habits.map((title, i) => ({ name: 'habit.create', args: { id: habitIds[i], title, startDate: addDays(today, -20), timeOfDay: times[i], color: ['#16a34a', '#f59e0b', '#2563eb', '#db2777'][i] } })),
    ...[1, 2, 3, 4].map((n) => ({ name: 'habit.setDay', args: { habitId: habitIds[1], date: addDays(today, -n), status: 'complete' } })),
    { name: 'habit.setDay', args: { habitId: habitIds[0], date: today, status: 'complete' } },
    ...x.notes.map(([title, content], i) => ({ name: 'note.create', args: { id: newId(), title, content, pinned: true, color: ['#fde68a', '#bfdbfe', '#bbf7d0'][i] } })),
    { name: 'event.create', args: { id: newId(), title: x.events[0], startDate: addDays(today, 1), startTime: '12:30', endTime: '13:30' } },
    { name: 'event.create', args: { id: newId(), title: x.events[1], startDate: addDays(today, 3), startTime: '09:00', endTime: '09:45' } },
    { name: 'event.create', args: { id: newId(), title: x.events[2], startDate: addDays(today, -14), startTime: '18:00', endTime: '19:00', recurrence: 'FREQ=WEEKLY' } },
  ];
}

const say = (m) => console.log(`dashboard-screenshots: ${m}`);
const dist = buildClient(defaultClientDist(), say);
const server = await startAppServer(dist, 'dashboard-shots');
const browser = await launchChromium();
const shotFile = (name, s) => path.join(out, `dashboard-${name}-${s.width}-${s.theme}-${s.locale}.png`);
try {
  mkdirSync(out, { recursive: true });
  for (const shot of SHOTS) {
    for (const kind of ['empty', 'full']) {
      const user = await registerBenchUser(server, `dashboard-shots-${kind}`, { timezone: ZONE });
      await setAccountPreferences(server.url, user.token, { locale: shot.locale });
      if (kind === 'full') await pushMutations(server.url, user.token, `shots-${newId()}`, fullData(shot.locale), { 'x-timezone': ZONE });
      const context = await signedInContext(browser, user, { viewport: { width: shot.width, height: shot.height }, timezoneId: ZONE, colorScheme: shot.theme });
      await context.addInitScript(([theme, locale]) => {
        localStorage.setItem('theme', theme);
        document.cookie = `locale=${locale}; path=/`;
      }, [shot.theme, shot.locale]);
      const page = await context.newPage();
      await page.goto(`${server.url}/dashboard`);
      await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 60_000 });
      await page.locator(kind === 'empty' ? '[data-testid="dashboard-empty"]' : '[data-dashboard-note]').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(600);
      await page.screenshot({ path: shotFile(kind, shot), fullPage: true });
      say(path.relative(root, shotFile(kind, shot)));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
