// Metrics 15 (initial JS) and 10 (cold offline load from the service worker against the same load from the
// network) of the client suite.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { cpuProfile } from '../browser.mjs';
import { median, r2 } from '../lib.mjs';
import { firstRowProbe } from './pages.mjs';
import { FOUR_G, LOAD_RUNS, THROTTLED_RUNS, dist, say } from './settings.mjs';

/** Metric 15: the JS index.html loads before the first screen (entry + modulepreload + inline scripts), gzipped. */
export function initialJs() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) files.add(m[1]);
  let raw = 0;
  let gz = 0;
  const perFile = {};
  const count = (name, buf) => {
    const g = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += g;
    perFile[name] = r2(g / 1024);
  };
  for (const f of files) count(f, readFileSync(path.join(dist, f.replace(/^\//, ''))));
  // Inline classic scripts (the head start, public/early.js, is carried inline by index.html): counted as files.
  let inline = 0;
  for (const m of html.matchAll(/<script((?:\s+[\w-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/script>/g)) {
    if (/\s(src|type)=/.test(m[1]) || !m[2]) continue;
    count(`inline script ${++inline}`, Buffer.from(m[2]));
  }
  return { files: files.size + inline, rawKiB: raw / 1024, gzipKiB: gz / 1024, perFile };
}

/** gzip KiB of a set of /assets/*.js URLs actually requested by a page. */
function gzipOf(urls) {
  let gz = 0;
  for (const u of urls) {
    const p = path.join(dist, new URL(u).pathname.replace(/^\//, ''));
    if (existsSync(p)) gz += gzipSync(readFileSync(p), { level: 9 }).length;
  }
  return gz / 1024;
}

/**
 * Resolves when the page logs `text` (its probe's signal). Waiting through a console message keeps the bench out
 * of the page while it loads: `page.waitForFunction` evaluates Playwright's injected script in the page first,
 * a 60–70 ms task on the main thread that delayed every load it measured by as much.
 */
export function pageSignal(page, text, timeout) {
  return page.waitForEvent('console', { predicate: (m) => m.text() === text, timeout });
}

/** Opens `url` in a new page of `context` and answers navigation start → first task row painted, in ms. */
async function timedLoad(context, url, { noCache = false, throttle = null, cpu = 1 } = {}) {
  const page = await context.newPage();
  await page.addInitScript(firstRowProbe);
  const scripts = new Set();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(r.url());
  });
  if (noCache || throttle || cpu > 1) {
    const cdp = await context.newCDPSession(page);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    if (noCache) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...throttle });
    }
  }
  // BENCH_PROFILE_LOAD=file.cpuprofile: a CPU profile of each offline load (the last one is kept; throttled
  // loads write file-cpu4.cpuprofile).
  const profiler = process.env.BENCH_PROFILE_LOAD && !noCache ? await cpuProfile(context, page, 200) : null;
  // BENCH_TRACE_LOAD=file.json: a Chromium trace (timeline categories) of each offline load (the last one is kept).
  const tracing = process.env.BENCH_TRACE_LOAD && !noCache && cpu === 1 ? context.browser() : null;
  if (tracing) await tracing.startTracing(page, { path: process.env.BENCH_TRACE_LOAD, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
  const painted = pageSignal(page, '__bench:firstRow', 30_000);
  await page.goto(url, { waitUntil: 'commit' });
  await painted;
  const ms = await page.evaluate(() => window.__firstRow);
  if (tracing) await tracing.stopTracing();
  if (profiler) await profiler.save(process.env.BENCH_PROFILE_LOAD.replace(/(\.cpuprofile)?$/, cpu > 1 ? `-cpu${cpu}$1` : '$1'));
  if (process.env.BENCH_VERBOSE === '1') {
    const marks = await page.evaluate(() =>
      [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('measure'), ...performance.getEntriesByType('resource')]
        .map((m) => `${m.name.replace(location.origin, '')} ${Math.round(m.startTime)}+${Math.round(m.duration)}`)
        .join(' | ') + ` || long tasks: ${window.__longTasks.join(', ')}` + (() => { const n = performance.getEntriesByType('navigation')[0]; return ` || nav: responseStart ${Math.round(n.responseStart)} responseEnd ${Math.round(n.responseEnd)} domInteractive ${Math.round(n.domInteractive)} DCL ${Math.round(n.domContentLoadedEventEnd)} workerStart ${Math.round(n.workerStart)}`; })(),
    );
    say(`  ${url} ${ms.toFixed(0)} ms: ${marks}`);
  }
  await page.close();
  return { ms, scripts: [...scripts] };
}

/**
 * Metric 10: `LOAD_RUNS` interleaved loads of /tasks offline from the service worker (context A) and from the
 * network in context N (no service worker, HTTP cache off), on loopback and over an emulated desktop network;
 * then offline loads at 4× CPU throttling.
 */
export async function coldLoads(ctxA, ctxN, base) {
  const offline = [];
  const network = [];
  const throttled = [];
  let netScripts = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    await ctxA.setOffline(true);
    offline.push((await timedLoad(ctxA, `${base}/tasks`)).ms);
    await ctxA.setOffline(false);
    const n = await timedLoad(ctxN, `${base}/tasks`, { noCache: true });
    network.push(n.ms);
    netScripts = n.scripts;
    throttled.push((await timedLoad(ctxN, `${base}/tasks`, { noCache: true, throttle: FOUR_G })).ms);
  }
  const cpu4 = [];
  await ctxA.setOffline(true);
  for (let i = 0; i < THROTTLED_RUNS; i++) cpu4.push((await timedLoad(ctxA, `${base}/tasks`, { cpu: 4 })).ms);
  await ctxA.setOffline(false);
  const load = { offline, network, throttled, cpu4, offlineMs: median(offline), networkMs: median(network), throttledMs: median(throttled), cpu4Ms: median(cpu4), scriptsBeforeRow: netScripts.length, jsBeforeRowKiB: gzipOf(netScripts) };
  say(`cold load → first task row: offline (SW) ${offline.map((x) => x.toFixed(0)).join(', ')} ms; network, no SW (desktop 4G) ${throttled.map((x) => x.toFixed(0)).join(', ')} ms; network on loopback ${network.map((x) => x.toFixed(0)).join(', ')} ms; offline at 4× CPU ${cpu4.map((x) => x.toFixed(0)).join(', ')} ms`);
  say(`JS requested before the first row (network load): ${netScripts.length} scripts, ${load.jsBeforeRowKiB.toFixed(1)} KiB gzip`);
  return load;
}
