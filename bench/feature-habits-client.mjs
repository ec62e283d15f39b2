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
// Run alone with `node bench/feature-habits-client.mjs` after `npx tsc -b`; client/dist is built with
// `vite build` when missing. Skipped by `npm run bench -- --skip-client` (the file name contains -client).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, newId, percentile, pushMutations, rng } from './lib.mjs';
import { registerOverHttp } from '../server/test/register-over-http.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.BENCH_CLIENT_DIST ? path.resolve(process.env.BENCH_CLIENT_DIST) : path.join(root, 'client', 'dist');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const HABITS = 300;
const HISTORY_DAYS = 60;
const RENDERS = 10;
/** Rows of the first screen: more than a 1280 × 900 window shows (about 8); the screen renders 20 at once. */
const FIRST_SCREEN = 20;
const CLICKS = 40;
const r2 = (x) => Math.round(x * 100) / 100;
const addDays = (date, n) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function ensureClientBuild(say) {
  if (existsSync(path.join(dist, 'index.html'))) return;
  say('habits (client): client/dist missing: vite build…');
  execFileSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn', '--outDir', dist], {
    cwd: path.join(root, 'client'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'adhd-bench-habits-'));
  const { buildApp } = await import(pathToFileURL(path.join(root, 'server', 'dist', 'app.js')).href);
  const { loadConfig } = await import(pathToFileURL(path.join(root, 'server', 'dist', 'config.js')).href);
  const app = await buildApp(loadConfig({}, { dataDir, logLevel: 'silent', clientDist: dist }), { logger: false, syncLimits: { writeBurst: 1e12, writesPerMinute: 1e12 } });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(base, method, p, body, token) {
  const res = await fetch(base + p, {
    method,
    headers: { 'content-type': 'application/json', 'x-timezone': 'UTC', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** A user with 300 habits of mixed frequencies and 60 days of marks each, pushed as sync mutations. */
async function seedUser(base, dataDir) {
  const { user, token } = await registerOverHttp(base, dataDir, {
    email: `habits-bench-${newId()}@example.com`,
    password: 'bench-password-1234',
    name: 'Bench User',
    timezone: 'UTC',
    hasAcceptedTerms: true,
  });
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
  await pushMutations(base, token, `bench-${newId()}`, mutations, { 'x-timezone': 'UTC' });
  return { user, token, marks: mutations.length - HABITS };
}

/**
 * Page-side: click the Habits link; resolves with click → first frame after the first screen of rows (`first`)
 * is in the page, and → first frame after all `want` rows are.
 */
function navigateToHabits([first, want]) {
  return new Promise((resolve, reject) => {
    const link = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === '/habits');
    if (!link) {
      reject(new Error('no Habits link'));
      return;
    }
    let t0 = 0;
    let firstMs = null;
    const count = () => document.querySelectorAll('[data-testid="habit-row"]').length;
    const mo = new MutationObserver(() => {
      const n = count();
      if (firstMs === null && n >= first) {
        firstMs = -1;
        requestAnimationFrame(() => {
          firstMs = performance.now() - t0;
        });
      }
      if (n < want) return;
      mo.disconnect();
      requestAnimationFrame(() => {
        const allMs = performance.now() - t0;
        resolve({ firstMs: firstMs > 0 ? firstMs : allMs, allMs });
      });
    });
    mo.observe(document.body, { childList: true, subtree: true });
    t0 = performance.now();
    link.click();
  });
}

/** Page-side: click one strip day of the first row in view; resolves with click → first frame after it changed. */
function clickDay() {
  return new Promise((resolve, reject) => {
    const rows = [...document.querySelectorAll('[data-testid="habit-row"]')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= 0 && b.bottom <= innerHeight;
    });
    const cells = rows.flatMap((r) => [...r.querySelectorAll('[role="group"] button:not([disabled])')]);
    const cell = cells[Math.floor(cells.length / 2)];
    if (!cell) {
      reject(new Error('no active strip day in view'));
      return;
    }
    const before = cell.getAttribute('data-state');
    let t0 = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      mo.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    };
    const mo = new MutationObserver(() => {
      if (cell.getAttribute('data-state') !== before) finish();
    });
    mo.observe(cell, { attributes: true, attributeFilter: ['data-state'] });
    t0 = performance.now();
    cell.click();
    if (cell.getAttribute('data-state') !== before) finish();
  });
}

export async function runBench({ say = console.log } = {}) {
  if (!existsSync(CHROMIUM)) {
    say(`habits (client): ${CHROMIUM} is missing: skipped`);
    return { metrics: [] };
  }
  ensureClientBuild(say);
  const { chromium } = await import('playwright-core');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const out = {};
  try {
    say(`habits (client): seeding ${HABITS} habits with ${HISTORY_DAYS} days of marks…`);
    const u = await seedUser(server.url, server.dataDir);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
    await ctx.addInitScript(
      ([token, user]) => {
        if (!localStorage.getItem('auth_token')) {
          localStorage.setItem('auth_token', token);
          localStorage.setItem('auth_user', user);
        }
      },
      [u.token, JSON.stringify(u.user)],
    );
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
      const cdp = process.env.BENCH_PROFILE && i === 2 ? await ctx.newCDPSession(fresh) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      const t0 = await fresh.evaluate(() => performance.now());
      colds.push((await fresh.evaluate(navigateToHabits, [FIRST_SCREEN, cdp ? FIRST_SCREEN : HABITS])).firstMs);
      if (process.env.BENCH_VERBOSE === '1') {
        const marks = await fresh.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.name} ${Math.round(m.startTime)}`).join(' | '));
        say(`  fresh page: navigation at ${Math.round(t0)} ms; marks: ${marks}`);
      }
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        (await import('node:fs')).writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
      }
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
  const row = (m) => ({ ...m, pass: m.checks.every((c) => c.ok) });
  return {
    metrics: [
      row({
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
        ratio: Number((out.render.p50 / 100).toPrecision(3)),
        target: '≤ 100 ms',
        checks: [
          { label: 'p50 ≤ 100 ms', ok: out.render.p50 <= 100 },
          { label: 'first visit in a fresh page p50 ≤ 100 ms', ok: out.render.coldP50 <= 100 },
        ],
        note: `median of ${RENDERS} client-side navigations from /tasks (habits already in the in-memory cache): streaks of all 300, sort, the first ${FIRST_SCREEN} rows rendered and painted; the rest follow in chunks (all ${HABITS} rows painted after ${out.render.allP50.toFixed(0)} ms, p50). First visit in a fresh page: p50 ${out.render.coldP50.toFixed(0)} ms, mostly React's ~300 ms throttle on revealing a Suspense boundary (the lazily loaded route chunk); the habits read takes ~15 ms and the 12k days ~140 ms, after the first paint`,
      }),
      row({
        id: 102,
        name: `habits: day click in the 14-day strip → rendered, p95 of ${CLICKS}`,
        value: r2(out.click.p95),
        unit: 'ms',
        extra: { p50Ms: r2(out.click.p50), maxMs: r2(out.click.max), timesMs: out.click.times.map(r2) },
        baseline: { name: 'one frame', value: 16.7, unit: 'ms' },
        ratio: Number((out.click.p95 / 16.7).toPrecision(3)),
        target: 'p95 ≤ 16.7 ms',
        checks: [{ label: 'p95 ≤ 16.7 ms', ok: out.click.p95 <= 16.7 }],
        note: `p50 ${out.click.p50.toFixed(1)} ms (click dispatched in the page → first animation frame after the day's state changed; ${HABITS} habits on screen)`,
      }),
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = await runBench();
  console.log(JSON.stringify(out.metrics, null, 2));
}
