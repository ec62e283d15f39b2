// Habits benchmarks in headless Chromium (metrics 101-102), on the built PWA served by the compiled server:
//
//  101  the habits screen with 300 habits (each with 60 days of marks, all local): a click on the Habits link
//       in the navigation (from the tasks screen) → the first animation frame with the first screen of rows in
//       the page; both again in the same page and as the first visit of a fresh page. Target ≤ 100 ms.
//  102  a day clicked in a habit's 14-day strip → the first animation frame after that day shows its new
//       status. Target p95 ≤ one frame (16.7 ms).
//
// 101 counts the first screen (20 rows, more than the window shows); the remaining rows follow in chunks and
// their time is reported next to it.
//
// BENCH_PROFILE=file.cpuprofile writes a CPU profile of the last first visit, for Chrome DevTools.
// Run alone with `node bench/feature-habits-client.mjs` after `npx tsc -b`; client/dist (or BENCH_CLIENT_DIST)
// is built with `vite build` when missing or older than its sources. Page-side code: bench/habits/pages.mjs. Skipped by `npm run bench -- --skip-client` (the file name contains -client).
import { existsSync } from 'node:fs';
import { CHROMIUM, buildClient, cpuProfile, defaultClientDist, launchChromium, registerBenchUser, signedInContext, startAppServer } from './browser.mjs';
import { clickDay, navigateToHabits } from './habits/pages.mjs';
import { addDays, isMain, median, newId, percentile, pushMutations, r2, rng, sig3, withPass } from './lib.mjs';

const dist = defaultClientDist();
const HABITS = 300;
const HISTORY_DAYS = 60;
const RENDERS = 10;
/** Rows of the first screen: more than a 1280 × 900 window shows (about 8); the screen renders 20 at once. */
const FIRST_SCREEN = 20;
const CLICKS = 40;

/** A user with 300 habits of mixed frequencies and 60 days of marks each, pushed as sync mutations. */
async function seedUser(server) {
  const { user, token } = await registerBenchUser(server, 'habits-bench', { timezone: 'UTC' });
  const rand = rng(7);
  const today = new Date().toISOString().slice(0, 10);
  const start = addDays(today, -HISTORY_DAYS);
  const times = ['anytime', 'morning', 'afternoon', 'evening'];
  const mutations = [];
  for (let h = 0; h < HABITS; h++) {
    const id = newId();
    const kind = h % 3;
    const frequency = kind === 0 ? { frequency: 'daily' } : kind === 1 ? { frequency: 'custom', customFrequency: { type: 'days', days: [1, 2, 3, 4, 5] } } : { frequency: 'custom', customFrequency: { type: 'interval', interval: 2 } };
    mutations.push({ name: 'habit.create', args: { id, title: `Habit ${h + 1}`, startDate: start, timeOfDay: times[h % 4], ...frequency } });
    const weekdays = kind === 1;
    for (let i = 1; i <= HISTORY_DAYS; i++) {
      const date = addDays(today, -i);
      const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekdays && (wd === 0 || wd === 6)) continue;
      if (kind === 2 && (HISTORY_DAYS - i) % 2 !== 0) continue;
      // Keep the newest two days empty, so the strip has days to click.
      if (i <= 2) continue;
      const x = rand();
      const status = x < 0.7 ? 'complete' : x < 0.85 ? 'miss' : x < 0.9 ? 'skip' : null;
      if (status) mutations.push({ name: 'habit.setDay', args: { habitId: id, date, status } });
    }
  }
  await pushMutations(server.url, token, `bench-${newId()}`, mutations, { 'x-timezone': 'UTC' });
  return { user, token, marks: mutations.length - HABITS };
}

export async function runBench({ say = console.log } = {}) {
  if (!existsSync(CHROMIUM)) {
    say(`habits (client): ${CHROMIUM} is missing: skipped`);
    return { metrics: [] };
  }
  buildClient(dist, (msg) => say(`habits (client): ${msg}`));
  const server = await startAppServer(dist, 'habits');
  const browser = await launchChromium();
  const out = {};
  try {
    say(`habits (client): seeding ${HABITS} habits with ${HISTORY_DAYS} days of marks…`);
    const u = await seedUser(server);
    const ctx = await signedInContext(browser, u, { timezoneId: 'UTC' });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/habits`);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="habit-row"]').length >= n, HABITS, { timeout: 120_000, polling: 100 });
    await page.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);

    // 101: tasks screen → habits screen with 300 habits.
    const renders = [];
    for (let i = 0; i < RENDERS + 2; i++) {
      await page.evaluate(() => [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/tasks')?.click());
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="habit-row"]').length === 0, undefined, { polling: 20 });
      await page.waitForTimeout(300);
      const ms = await page.evaluate(navigateToHabits, [FIRST_SCREEN, HABITS]);
      if (i >= 2) renders.push(ms); // the first two warm the lazy chunk and the JIT
      await page.waitForTimeout(200);
      await page.waitForTimeout(300);
    }
    const firsts = renders.map((r) => r.firstMs);
    const alls = renders.map((r) => r.allMs);
    out.render = { times: firsts, p50: median(firsts), p95: percentile(firsts, 95), max: Math.max(...firsts), allP50: median(alls), allMax: Math.max(...alls) };
    say(`habits (client): screen with ${HABITS} habits: first screen p50 ${out.render.p50.toFixed(0)} ms (max ${out.render.max.toFixed(0)}), all rows p50 ${out.render.allP50.toFixed(0)} ms`);

    // The same navigation in a freshly opened page: the habits chunk and the local tables are read first.
    const colds = [];
    for (let i = 0; i < 3; i++) {
      const fresh = await ctx.newPage();
      await fresh.goto(`${server.url}/tasks`);
      await fresh.locator('[data-testid="sync-badge"][data-status="synced"]').waitFor({ timeout: 60_000 });
      await fresh.waitForTimeout(300);
      const profiler = process.env.BENCH_PROFILE && i === 2 ? await cpuProfile(ctx, fresh, 100) : null;
      const t0 = await fresh.evaluate(() => performance.now());
      colds.push((await fresh.evaluate(navigateToHabits, [FIRST_SCREEN, profiler ? FIRST_SCREEN : HABITS])).firstMs);
      if (process.env.BENCH_VERBOSE === '1') {
        const marks = await fresh.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.name} ${Math.round(m.startTime)}`).join(' | '));
        say(`  fresh page: navigation at ${Math.round(t0)} ms; marks: ${marks}`);
      }
      if (profiler) await profiler.save(process.env.BENCH_PROFILE);
      await fresh.close();
    }
    out.render.coldP50 = median(colds);
    out.render.colds = colds;
    say(`habits (client): first visit in a fresh page: first screen p50 ${out.render.coldP50.toFixed(0)} ms`);

    // 102: day click → rendered strip.
    const clicks = [];
    for (let i = 0; i < CLICKS; i++) {
      clicks.push(await page.evaluate(clickDay));
      await page.waitForTimeout(250); // let the live query and the sync settle, as between real clicks
    }
    out.click = { times: clicks, p50: median(clicks), p95: percentile(clicks, 95), max: Math.max(...clicks) };
    say(`habits (client): day click → strip: p50 ${out.click.p50.toFixed(1)} ms, p95 ${out.click.p95.toFixed(1)} ms`);
    out.marks = u.marks;
    await ctx.close();
  } finally {
    await browser.close();
    await server.close();
  }
  return {
    metrics: [
      withPass({
        id: 101,
        name: `habits: screen with ${HABITS} habits (${out.marks.toLocaleString('en')} marks local), nav click → first screen painted`,
        value: r2(out.render.p50),
        unit: 'ms',
        extra: {
          p95Ms: r2(out.render.p95),
          maxMs: r2(out.render.max),
          allRowsP50Ms: r2(out.render.allP50),
          allRowsMaxMs: r2(out.render.allMax),
          firstVisitP50Ms: r2(out.render.coldP50),
          firstVisitMs: out.render.colds.map(r2),
          timesMs: out.render.times.map(r2),
        },
        baseline: { name: 'target', value: 100, unit: 'ms' },
        ratio: sig3(out.render.p50 / 100),
        target: '≤ 100 ms',
        checks: [
          { label: 'p50 ≤ 100 ms', ok: out.render.p50 <= 100 },
          { label: 'first visit in a fresh page p50 ≤ 100 ms', ok: out.render.coldP50 <= 100 },
        ],
        note: `median of ${RENDERS} client-side navigations from /tasks (habits already in the in-memory cache): streaks of all 300, sort, the first ${FIRST_SCREEN} rows rendered and painted; the rest follow in chunks (all ${HABITS} rows painted after ${out.render.allP50.toFixed(0)} ms, p50). First visit in a fresh page: p50 ${out.render.coldP50.toFixed(0)} ms, mostly React's ~300 ms throttle on revealing a Suspense boundary (the lazily loaded route chunk); the habits read takes ~15 ms and the 12k days ~140 ms, after the first paint`,
      }),
      withPass({
        id: 102,
        name: `habits: day click in the 14-day strip → rendered, p95 of ${CLICKS}`,
        value: r2(out.click.p95),
        unit: 'ms',
        extra: { p50Ms: r2(out.click.p50), maxMs: r2(out.click.max), timesMs: out.click.times.map(r2) },
        baseline: { name: 'one frame', value: 16.7, unit: 'ms' },
        ratio: sig3(out.click.p95 / 16.7),
        target: 'p95 ≤ 16.7 ms',
        checks: [{ label: 'p95 ≤ 16.7 ms', ok: out.click.p95 <= 16.7 }],
        note: `p50 ${out.click.p50.toFixed(1)} ms (click dispatched in the page → first animation frame after the day's state changed; ${HABITS} habits on screen)`,
      }),
    ],
  };
}

if (isMain(import.meta.url)) {
  const out = await runBench();
  console.log(JSON.stringify(out.metrics, null, 2));
}

