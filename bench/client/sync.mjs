// Metric 12 of the client suite (the first sync of 14k tasks into IndexedDB), and the seeding and IndexedDB
// checks the other client metrics share.
import { cpuProfile, registerBenchUser, signedInContext } from '../browser.mjs';
import { newId, pushMutations, taskSource } from '../lib.mjs';
import { pageSignal } from './load.mjs';
import { readLocal, syncProbe } from './pages.mjs';
import { SYNC_TASKS, say } from './settings.mjs';

async function api(base, method, p, body, token) {
  const res = await fetch(base + p, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** A user registered through the API with `n` tasks pushed in batches of 1,000. */
export async function seedTasksUser(server, n, seed) {
  const { user, token } = await registerBenchUser(server, 'client-bench');
  const nextTask = taskSource(seed);
  const mutations = Array.from({ length: n }, () => {
    const { id, fields } = nextTask();
    return { name: 'task.create', args: { id, ...fields } };
  });
  await pushMutations(server.url, token, `bench-${newId()}`, mutations);
  return { user, token };
}

/** The server's last version for `u`: the cursor a complete pull ends at. */
async function finalCursor(base, u) {
  let cursor = 0;
  for (;;) {
    const page = await api(base, 'POST', '/api/sync/pull', { clientId: `bench-probe-${newId()}`, cursor, limit: 5000, schemaVersion: 1 }, u.token);
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}

export async function waitForCount(page, dbName, want, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const n = await page.evaluate(readLocal, [dbName, 'tasks']);
    if (n >= want) return n;
    if (Date.now() > deadline) throw new Error(`only ${n} of ${want} tasks reached IndexedDB`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Metric 12: navigation start of a fresh signed-in context → the stored pull cursor covers every row of `big`. */
export async function firstSync(browser, base, big) {
  const ctx = await signedInContext(browser, big);
  const lastVersion = await finalCursor(base, big);
  await ctx.addInitScript(`window.__readLocal = ${readLocal.toString()};`);
  await ctx.addInitScript(syncProbe, [`app-${big.user._id}`, lastVersion]);
  const page = await ctx.newPage();
  const logs = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  // BENCH_PROFILE=file.cpuprofile: a CPU profile of the first sync, for Chrome DevTools.
  const profiler = process.env.BENCH_PROFILE ? await cpuProfile(ctx, page, 200) : null;
  const synced = pageSignal(page, '__bench:synced', 60_000);
  await page.goto(`${base}${process.env.BENCH_SYNC_PATH ?? "/tasks"}`, { waitUntil: "commit" });
  try {
    await synced;
  } catch (err) {
    const n = await page.evaluate(readLocal, [`app-${big.user._id}`, 'tasks']).catch((e) => String(e));
    logs.push(`want app-${big.user._id}; dbs: ${JSON.stringify(await page.evaluate(() => indexedDB.databases()).catch(String))}`);
    throw new Error(`first sync did not finish: ${n} rows at ${page.url()}; console: ${logs.slice(-10).join(' | ')}; page: ${(await page.textContent('body').catch(() => '')).slice(0, 300)}`, { cause: err });
  }
  const ms = await page.evaluate(() => window.__synced);
  if (process.env.BENCH_VERBOSE === '1') say(`head start: ${await page.evaluate(() => JSON.stringify(window.__early ?? null))} ${logs.join(' | ')}`);
  const stored = await page.evaluate(readLocal, [`app-${big.user._id}`, 'tasks']);
  if (stored !== SYNC_TASKS) throw new Error(`first sync: the cursor reached ${lastVersion} with ${stored} of ${SYNC_TASKS} tasks stored`);
  if (profiler) await profiler.save(process.env.BENCH_PROFILE);
  // Where the time went: the document, the scripts and every pull page (request sent → last byte).
  const phases = await page.evaluate((verbose) => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const pulls = res.filter((r) => r.name.includes('/api/sync/pull')).map((r) => [Math.round(r.startTime), Math.round(r.responseEnd)]);
    const scriptsEnd = Math.max(0, ...res.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js')).map((r) => r.responseEnd));
    const measures = [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('measure')].filter((m) => m.name.startsWith('sync:')).map((m) => `${m.name.slice(5)} ${Math.round(m.startTime)}+${Math.round(m.duration)}`);
    const all = verbose ? res.map((r) => `${r.name.replace(location.origin, '')} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`) : undefined;
    return { domContentLoaded: Math.round(nav?.domContentLoadedEventEnd ?? 0), scriptsEnd: Math.round(scriptsEnd), pulls, measures, all };
  }, process.env.BENCH_VERBOSE === '1');
  say(`first sync of ${SYNC_TASKS.toLocaleString('en')} tasks: ${ms.toFixed(0)} ms (${JSON.stringify(phases)})`);
  await ctx.close();
  return { ms, entities: SYNC_TASKS, phases };
}
