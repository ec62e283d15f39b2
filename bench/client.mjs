// Client benchmarks (design/quality.md §3, metrics 8, 10, 12, 14, 15) in headless Debian Chromium through
// playwright-core, on the built PWA (client/dist) served by the compiled server (server/dist) on 127.0.0.1.
//
//   15  initial JS: gzip sizes of the entry script and the modulepreload links of client/dist/index.html
//   12  first sync: a fresh signed-in context pulls 14,000 tasks; navigation start → the stored pull cursor
//       covers every row (rows and cursor commit together), then 14k rows checked in IndexedDB
//   10  cold offline load: a new page of an offline context served by the service worker → first task row
//       painted, against the same load from the network in a context with service workers blocked, the HTTP
//       cache disabled and an emulated desktop 4G link (the data is local in both); the loopback load and the
//       offline load at 4× CPU throttling are reported too
//    8  toggle → rendered: a task checkbox clicked in the page (10k tasks local) → the first animation frame
//       after its checked state changed
//   14  convergence: Enter in the quick-add field on context A → the new title painted on context B
//
//
// Run alone with `node bench/client.mjs` (prints the rows as JSON), or through scripts/bench.mjs, which imports
// runClientBench() (`--only client` runs this suite and the `-client` feature benches alone). Needs
// /usr/bin/chromium; server/dist must be built (`npx tsc -b`); client/dist (or BENCH_CLIENT_DIST) is built with
// `vite build` (NODE_ENV=production) when it is missing or older than its sources. The parts are in
// bench/client/: settings (sizes, run counts), pages (code that runs in the page), load (15, 10), sync (12 and
// the seeding), interact (8, 14) and metrics (the result rows).
//
// BENCH_ONLY=sync or =load stops after that metric; BENCH_PROFILE / BENCH_PROFILE_LOAD (CPU profiles),
// BENCH_TRACE_LOAD (a Chromium trace), BENCH_SYNC_PATH and BENCH_VERBOSE=1 help find where time goes.
import { existsSync } from 'node:fs';
import { CHROMIUM, buildClient, launchChromium, signedInContext, startAppServer } from './browser.mjs';
import { convergence, toggles } from './client/interact.mjs';
import { coldLoads, initialJs } from './client/load.mjs';
import { clientMetrics } from './client/metrics.mjs';
import { LOCAL_TASKS, SYNC_TASKS, dist, say } from './client/settings.mjs';
import { firstSync, seedTasksUser, waitForCount } from './client/sync.mjs';
import { isMain } from './lib.mjs';

export { CHROMIUM } from './browser.mjs';
export { clientMetrics } from './client/metrics.mjs';

/**
 * A signed-in context of `mid` (with `opts`) whose /tasks page has synced every task; with `worker`, also until
 * the service worker controls the page.
 */
async function syncedContext(browser, base, mid, dbName, { opts = {}, worker = false } = {}) {
  const ctx = await signedInContext(browser, mid, opts);
  const page = await ctx.newPage();
  await page.goto(`${base}/tasks`);
  await waitForCount(page, dbName, LOCAL_TASKS);
  if (worker) await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
  await page.waitForSelector('[data-task-row]');
  await page.close();
  return ctx;
}

/** Runs the client benchmarks; answers { ok, skipped?, results, metrics }. */
export async function runClientBench() {
  if (!existsSync(CHROMIUM)) return { ok: false, skipped: `${CHROMIUM} is missing: client benchmarks skipped` };
  buildClient(dist, say);
  const out = {};
  const done = () => ({ ok: true, results: out, metrics: clientMetrics(out) });
  out.initialJs = initialJs();
  say(`initial JS: ${out.initialJs.files} files, ${out.initialJs.gzipKiB.toFixed(1)} KiB gzip (${out.initialJs.rawKiB.toFixed(0)} KiB raw)`);

  const server = await startAppServer(dist, 'client');
  const base = server.url;
  const browser = await launchChromium();
  try {
    say(`seeding users with ${SYNC_TASKS.toLocaleString('en')} and ${LOCAL_TASKS.toLocaleString('en')} tasks…`);
    const big = await seedTasksUser(server, SYNC_TASKS, 1);
    const mid = await seedTasksUser(server, LOCAL_TASKS, 2);
    out.sync = await firstSync(browser, base, big);
    if (process.env.BENCH_ONLY === 'sync') return done();

    // The 10k user: context A (service worker) syncs and gets the service worker; N is the network baseline.
    const dbName = `app-${mid.user._id}`;
    const ctxA = await syncedContext(browser, base, mid, dbName, { worker: true });
    // Baseline context: service workers blocked, same data synced locally.
    const ctxN = await syncedContext(browser, base, mid, dbName, { opts: { serviceWorkers: 'block' } });
    out.load = await coldLoads(ctxA, ctxN, base);
    await ctxN.close();
    if (process.env.BENCH_ONLY === 'load') return done();

    const { page, toggle } = await toggles(ctxA, base);
    out.toggle = toggle;
    out.convergence = await convergence(browser, page, base, mid, dbName);
    await ctxA.close();
  } finally {
    await browser.close();
    await server.close();
  }
  return done();
}

if (isMain(import.meta.url)) {
  runClientBench().then(
    (r) => {
      if (!r.ok) console.log(r.skipped);
      else console.log(JSON.stringify(r.metrics, null, 2));
      process.exit(0);
    },
    (err) => {
      console.error('[client bench] failed:', err instanceof Error ? err.stack : err);
      process.exit(1);
    },
  );
}
