// Dashboard benchmarks in headless Chromium (metrics 180-181), on the built PWA served by the compiled server, for a
// user with 10,000 tasks, 300 habits (60 days of marks each), 2,000 notes (12 pinned) and 20 events stored locally:
//
//  180  cold offline load of /dashboard from the service worker → the first animation frame after the dashboard's
//       sections are in the page (`[data-testid="dashboard"][data-ready]`), from navigation start. Median, ≤ 500 ms.
//  181  a click on the Dashboard link of the navigation on /habits → the first animation frame after the dashboard's
//       sections are in the page (the click's own time stamp is the start). Median, ≤ 100 ms.
//
// Run alone with `node bench/feature-dashboard-client.mjs` after `npx tsc -b`; client/dist (or BENCH_CLIENT_DIST) is
// built with `vite build` when missing or older than its sources. Skipped by `npm run bench -- --skip-client`.
// BENCH_ONLY=load|nav runs one of the two; BENCH_PROFILE_NAV=file.cpuprofile profiles each click of 181
// (one file per click, `-N` added to the name).
import { existsSync, writeFileSync } from 'node:fs';
import { CHROMIUM, buildClient, defaultClientDist, launchChromium, registerBenchUser, signedInContext, startAppServer } from './browser.mjs';
import { addDays, isMain, median, newId, pushMutations, r2, rng, sig3, taskSource, withPass } from './lib.mjs';

const dist = defaultClientDist();
const only = process.env.BENCH_ONLY;
const TASKS = 10_000;
const HABITS = 300;
const NOTES = 2_000;
const PINNED = 12;
const EVENTS = 20;
const HISTORY_DAYS = 60;
const LOADS = 9;
const CLICKS = 21;

/** The user and everything the dashboard reads, pushed as sync mutations (as clients would create them). */
export async function seedUser(server) {
  const { user, token } = await registerBenchUser(server, 'dashboard-bench', { timezone: 'UTC' });
  const today = new Date().toISOString().slice(0, 10);
  const rand = rng(11);
  const nextTask = taskSource(180);
  const mutations = [];
  // Tasks: dates around today (the shared generator's are around a fixed day), so some are overdue, due or started.
  for (let i = 0; i < TASKS; i++) {
    const { id, fields } = nextTask();
    const due = rand() < 0.6 ? addDays(today, Math.floor(rand() * 60) - 20) : null;
    const start = due && rand() < 0.3 ? addDays(due, -Math.floor(rand() * 10)) : null;
    mutations.push({ name: 'task.create', args: { id, ...fields, dueDate: due, startDate: start } });
  }
  const times = ['anytime', 'morning', 'afternoon', 'evening'];
  const start = addDays(today, -HISTORY_DAYS);
  for (let h = 0; h < HABITS; h++) {
    const id = newId();
    const kind = h % 3;
    const frequency = kind === 0 ? { frequency: 'daily' } : kind === 1 ? { frequency: 'custom', customFrequency: { type: 'days', days: [1, 2, 3, 4, 5] } } : { frequency: 'custom', customFrequency: { type: 'interval', interval: 2 } };
    mutations.push({ name: 'habit.create', args: { id, title: `Habit ${h + 1}`, startDate: start, timeOfDay: times[h % 4], ...frequency } });
    for (let i = 1; i <= HISTORY_DAYS; i++) {
      const date = addDays(today, -i);
      const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (kind === 1 && (wd === 0 || wd === 6)) continue;
      if (kind === 2 && (HISTORY_DAYS - i) % 2 !== 0) continue;
      const x = rand();
      const status = x < 0.6 ? 'complete' : x < 0.75 ? 'miss' : x < 0.8 ? 'skip' : null;
      if (status) mutations.push({ name: 'habit.setDay', args: { habitId: id, date, status } });
    }
  }
  for (let n = 0; n < NOTES; n++) {
    const body = `# Note ${n + 1}\n\nSome **thoughts** about item ${n + 1}, with a [link](https://example.com/${n}).\n\n- first point\n- second point\n`;
    mutations.push({ name: 'note.create', args: { id: newId(), title: `Note ${n + 1}`, content: body.repeat(1 + (n % 4)), pinned: n % Math.floor(NOTES / PINNED) === 0 } });
  }
  for (let e = 0; e < EVENTS; e++) {
    const recurring = e % 4 === 0;
    mutations.push({
      name: 'event.create',
      args: { id: newId(), title: `Event ${e + 1}`, startDate: addDays(today, recurring ? -30 : e % 10), startTime: `${String(8 + (e % 10)).padStart(2, '0')}:00`, endTime: `${String(9 + (e % 10)).padStart(2, '0')}:00`, ...(recurring ? { recurrence: 'FREQ=WEEKLY' } : {}) },
    });
  }
  await pushMutations(server.url, token, `bench-${newId()}`, mutations, { 'x-timezone': 'UTC' });
  return { user, token };
}

/** Page-side (an init script): performance.now() of the first frame after the dashboard's sections are in, logged. */
export function readyProbe() {
  window.__dashboardReady = null;
  const check = () => {
    if (window.__dashboardReady !== null || !document.querySelector('[data-testid="dashboard"][data-ready]')) return false;
    window.__dashboardReady = -1;
    requestAnimationFrame(() => {
      window.__dashboardReady = performance.now();
      console.debug('__bench:dashboard');
    });
    return true;
  };
  const mo = new MutationObserver(() => {
    if (check()) mo.disconnect();
  });
  const start = () => mo.observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/** Page-side: the next click on a link to /dashboard (made by the driver) → the first frame after the dashboard is in. */
function armNavClick() {
  window.__navTiming = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no dashboard within 5 s')), 5000);
    let t0 = 0;
    const onClick = (e) => {
      if (e.target instanceof Element && e.target.closest('a[href="/dashboard"]')) t0 = e.timeStamp;
    };
    const mo = new MutationObserver(() => {
      if (!t0 || !document.querySelector('[data-testid="dashboard"][data-ready]')) return;
      mo.disconnect();
      document.removeEventListener('click', onClick, true);
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve(performance.now() - t0);
      });
    });
    document.addEventListener('click', onClick, true);
    mo.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  });
}

const navTiming = () => window.__navTiming;
const synced = (page) => page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 120_000 });

export async function runBench({ say = console.log } = {}) {
  if (!existsSync(CHROMIUM)) {
    say(`dashboard (client): ${CHROMIUM} is missing: skipped`);
    return { metrics: [] };
  }
  buildClient(dist, (msg) => say(`dashboard (client): ${msg}`));
  const server = await startAppServer(dist, 'dashboard');
  const browser = await launchChromium();
  const out = {};
  try {
    say(`dashboard (client): seeding ${TASKS} tasks, ${HABITS} habits, ${NOTES} notes, ${EVENTS} events…`);
    const u = await seedUser(server);
    const ctx = await signedInContext(browser, u, { timezoneId: 'UTC' });
    // The first visit: the first sync stores everything and the service worker installs.
    const first = await ctx.newPage();
    await first.goto(`${server.url}/dashboard`);
    await synced(first);
    await first.locator('[data-testid="dashboard"][data-ready]').waitFor({ timeout: 60_000 });
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.waitForTimeout(1000);
    await first.close();

    // 180: cold offline loads of /dashboard.
    await ctx.setOffline(true);
    const loads = [];
    for (let i = 0; i < (only && only !== 'load' ? 0 : LOADS + 1); i++) {
      const page = await ctx.newPage();
      await page.addInitScript(readyProbe);
      const painted = page.waitForEvent('console', { predicate: (m) => m.text() === '__bench:dashboard', timeout: 30_000 });
      await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
      await painted;
      const ms = await page.evaluate(() => window.__dashboardReady);
      if (i > 0) loads.push(ms); // the first load warms the browser's code cache, as a returning user's browser is
      await page.close();
    }
    out.load = { times: loads, p50: median(loads), max: Math.max(...loads) };
    if (loads.length) say(`dashboard (client): cold offline load → dashboard painted: ${loads.map((x) => x.toFixed(0)).join(', ')} ms (median ${out.load.p50.toFixed(0)})`);

    // 181: the Dashboard link of the navigation, from /habits.
    if (!only || only === 'nav') await navClicks(ctx, server, out, say);
    await ctx.close();
  } finally {
    await browser.close();
    await server.close();
  }
  const metric = (id, name, m, target, note) =>
    withPass({
      id,
      name,
      value: r2(m.p50),
      unit: 'ms',
      extra: { maxMs: r2(m.max), timesMs: m.times.map(r2) },
      baseline: { name: 'target', value: target, unit: 'ms' },
      ratio: sig3(m.p50 / target),
      target: `median ≤ ${target} ms`,
      checks: [{ label: `median ≤ ${target} ms`, ok: m.p50 <= target }],
      note,
    });
  const metrics = [];
  if (out.load?.times.length) metrics.push(metric(180, `dashboard: cold offline load → dashboard painted (${TASKS} tasks, ${HABITS} habits, ${NOTES} notes local), median of ${LOADS}`, out.load, 500, 'navigation start → the first animation frame after the sections are in the page, served by the service worker with the network off'));
  if (out.nav) metrics.push(metric(181, `dashboard: Dashboard nav link on /habits → dashboard painted, median of ${CLICKS}`, out.nav, 100, "the click's time stamp → the first animation frame after the sections are in the page (rows prefetched into memory after the first screen)"));
  return { metrics };
}

/** 181: the Dashboard link of the navigation, from /habits (the figures go into `out.nav`). */
async function navClicks(ctx, server, out, say) {
  const page = await ctx.newPage();
  await page.goto(`${server.url}/habits`);
  await page.locator('[data-testid="habit-row"]').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(2000); // the other screens' chunks and the dashboard's rows are prefetched after the first paint
  const profile = process.env.BENCH_PROFILE_NAV;
  const cdp = profile ? await ctx.newCDPSession(page) : null;
  if (cdp) await cdp.send('Profiler.enable');
  const clicks = [];
  for (let i = 0; i < CLICKS + 1; i++) {
    await page.locator('a[href="/habits"]').first().click();
    await page.locator('[data-testid="habit-row"]').first().waitFor();
    await page.waitForTimeout(200);
    await page.evaluate(armNavClick);
    if (cdp && i > 0) await cdp.send('Profiler.start');
    await page.locator('a[href="/dashboard"]').last().click();
    const ms = await page.evaluate(navTiming);
    if (cdp && i > 0) {
      const { profile: p } = await cdp.send('Profiler.stop');
      writeFileSync(profile.replace(/(\.cpuprofile)?$/, `-${i}.cpuprofile`), JSON.stringify(p));
    }
    if (i > 0) clicks.push(ms);
  }
  out.nav = { times: clicks, p50: median(clicks), max: Math.max(...clicks) };
  say(`dashboard (client): nav click → dashboard painted: ${clicks.map((x) => x.toFixed(0)).join(', ')} ms (median ${out.nav.p50.toFixed(1)} ms, max ${out.nav.max.toFixed(1)} ms)`);
  await page.close();
}

if (isMain(import.meta.url)) {
  const out = await runBench();
  console.log(JSON.stringify(out.metrics, null, 2));
}
