// Public-site benchmarks in headless Chromium (issue 18, metrics 200-201), on the built client served by the
// compiled server (docs/public-site.md: `/` is the landing page prerendered at build time):
//
//  200  the JavaScript a cold visitor of `/` loads before the first contentful paint, gzip KiB (each script
//       that finished loading before the paint, its file gzipped at level 9). Target ≤ 60 KiB.
//  201  a cold visitor's first contentful paint of `/`, ms (median of LOADS; reported, no target).
//       Both: a new context per load (no service worker, no cookies), HTTP cache off, loopback.
//
// Run alone with `node bench/feature-site-client.mjs` after `npx tsc -b`; client/dist (or BENCH_CLIENT_DIST) is
// built when missing or stale. Skipped by `npm run bench -- --skip-client` (the file name contains -client).
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, buildClient, defaultClientDist, launchChromium, startAppServer } from './browser.mjs';
import { isMain, median, r2, withPass } from './lib.mjs';

const dist = defaultClientDist();
const LOADS = Number(process.env.BENCH_SITE_LOADS ?? 7);
const BUDGET_KIB = 60;

/** One cold load of `/`: its FCP and the scripts that had loaded by then. */
async function coldLoad(browser, base) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${base}/`, { waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 10_000 });
  const figures = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0].startTime;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((e) => /\.m?js$/.test(new URL(e.name).pathname) && e.responseEnd <= fcp)
      .map((e) => new URL(e.name).pathname);
    return { fcp, scripts };
  });
  await context.close();
  return figures;
}

export async function runBench({ say = console.log } = {}) {
  if (!existsSync(CHROMIUM)) {
    say(`site (client): ${CHROMIUM} is missing: skipped`);
    return { metrics: [] };
  }
  buildClient(dist, (msg) => say(`site (client): ${msg}`));
  const server = await startAppServer(dist, 'site');
  const browser = await launchChromium();
  const loads = [];
  const sizes = new Map();
  try {
    await coldLoad(browser, server.url); // warm-up: the server's template cache, Chromium's first context
    for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, server.url));
    for (const file of new Set(loads.flatMap((l) => l.scripts))) {
      const body = Buffer.from(await (await fetch(`${server.url}${file}`)).arrayBuffer());
      sizes.set(file, gzipSync(body, { level: 9 }).length / 1024);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const kib = Math.max(...loads.map((l) => l.scripts.reduce((sum, f) => sum + sizes.get(f), 0)));
  const fcps = loads.map((l) => l.fcp);
  const files = [...sizes].map(([f, s]) => `${f} ${s.toFixed(2)} KiB`).join(', ') || 'none';
  say(`site (client): JS before the first paint of / ${kib.toFixed(2)} KiB gzip (${files}); FCP median ${median(fcps).toFixed(0)} ms`);
  return {
    metrics: [
      withPass({
        id: 200,
        name: 'site: JS a cold visitor of / loads before first contentful paint, gzip',
        value: r2(kib),
        unit: 'KiB',
        extra: { files: Object.fromEntries([...sizes].map(([f, s]) => [f, r2(s)])) },
        target: `≤ ${BUDGET_KIB} KiB`,
        checks: [{ label: `≤ ${BUDGET_KIB} KiB`, ok: kib <= BUDGET_KIB }],
        note: 'the landing page is static HTML prerendered at build time; its one script is public/landing.js (theme, signed-in calls, toggles, language)',
      }),
      withPass({
        id: 201,
        name: `site: first contentful paint of / (cold, no service worker), median of ${LOADS}`,
        value: r2(median(fcps)),
        unit: 'ms',
        extra: { timesMs: fcps.map(r2) },
        target: 'report',
        note: 'loopback, HTTP cache off; a loaded machine (other builds and tests) makes this figure meaningless: re-measure on a quiet one',
      }),
    ],
  };
}

if (isMain(import.meta.url)) {
  const out = await runBench();
  console.log(JSON.stringify(out.metrics, null, 2));
}
