// A Chrome trace of cold starts (issue 17): what the renderer's main thread does from navigation to the first
// screen usable, and when each file is requested and answered. Not a metric: a tool to see where the time goes.
//
//   node bench/start/trace.mjs            # network load of /tasks (as metric 190/191): SW blocked, HTTP cache off
//   TRACE_OFFLINE=1 node bench/start/trace.mjs   # offline load, served by the service worker (as metric 180)
//
// TRACE_PATH (default /tasks), TRACE_LOADS (traced loads, default 2, after one untraced), TRACE_OUT=file.json keeps
// the last raw trace (open it in DevTools' Performance panel). Prints each load's timeline, in ms from navigation.
import { writeFileSync } from 'node:fs';
import { buildClient, defaultClientDist, launchChromium, signedInContext, startAppServer } from '../browser.mjs';
import { seedTasksUser, waitForCount } from '../client/sync.mjs';
import { pageSignal } from '../client/load.mjs';
import { usableProbe } from './pages.mjs';

const PATH = process.env.TRACE_PATH ?? '/tasks';
const SELECTOR = PATH.startsWith('/tasks') ? '[data-task-row]' : PATH.startsWith('/dashboard') ? '[data-testid="dashboard"][data-ready]' : 'main h1';
const OFFLINE = process.env.TRACE_OFFLINE === '1';
const LOADS = Number(process.env.TRACE_LOADS ?? 2);
// TRACE_SAMPLES=1 adds V8's CPU samples (bench/start/long-tasks.mjs lists a kept trace's hottest functions).
const CATEGORIES = [...(process.env.TRACE_SAMPLES === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []), 'devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'navigation', 'netlog', 'ServiceWorker'];
const NAMED = new Set(['ParseHTML', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'MajorGC', 'MinorGC', 'V8.GC_MARK_COMPACTOR', 'EventDispatch', 'XHRReadyStateChange', 'ResourceReceivedData', 'RunMicrotasks', 'v8.run', 'V8.StackGuard', 'ScheduleStyleRecalculation', 'HandlePostMessage', 'ParseAuthorStyleSheet', 'CommitLoad', 'v8.produceModuleCache', 'v8.produceCache', 'V8.ScriptCompiler']);

/** `fcp`: the page's first-contentful-paint time, which anchors the trace's clock to the page's time origin. */
function summarize(events, fcp, say, usable = Infinity) {
  // The page runs in a renderer of its own (a process swap from about:blank): the one that painted.
  const nav = events.find((e) => e.name === 'firstContentfulPaint');
  if (!nav || fcp === undefined) return say('no firstContentfulPaint found');
  const t0 = nav.ts - fcp * 1000;
  const ms = (ts) => ((ts - t0) / 1000).toFixed(1);
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav.pid);
  const lines = [];
  for (const e of events) {
    if (e.ts < t0) continue;
    const d = e.args?.data ?? {};
    if (e.name === 'ResourceSendRequest') lines.push([e.ts, `net  send ${d.url?.replace(/^https?:\/\/[^/]+/, '')} ${d.priority ?? ''}`]);
    else if (e.name === 'ResourceReceiveResponse') lines.push([e.ts, `net  response ${d.requestId} ${d.fromServiceWorker ? 'SW' : ''} ${d.fromCache ? 'cache' : ''} status ${d.statusCode}`]);
    else if (e.name === 'ResourceFinish') lines.push([e.ts, `net  finish ${d.requestId} ${d.encodedDataLength ?? ''}`]);
    else if (['firstPaint', 'firstContentfulPaint', 'markDOMContent', 'markLoad', 'domInteractive', 'MarkFirstPaint'].includes(e.name)) lines.push([e.ts, `mark ${e.name}`]);
    else if (e.cat?.includes('blink.user_timing') && e.ph === 'R') lines.push([e.ts, `mark ${e.name}`]);
    else if (e.tid === main?.tid && e.pid === main?.pid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur > 3000) {
      const inside = events.filter((c) => c.pid === e.pid && c.tid === e.tid && c.ts >= e.ts && c.ts < e.ts + e.dur && c !== e && c.ph === 'X' && NAMED.has(c.name) && c.dur > 1000);
      const what = inside
        .slice(0, 6)
        .map((c) => `${c.name}${c.args?.data?.url ? ` ${c.args.data.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 40)}` : ''}${c.args?.data?.functionName ? ` ${c.args.data.functionName}` : ''} ${(c.dur / 1000).toFixed(1)}`)
        .join(', ');
      lines.push([e.ts, `MAIN task ${(e.dur / 1000).toFixed(1)} ms: ${what}`]);
    }
  }
  lines.sort((a, b) => a[0] - b[0]);
  if (process.env.TRACE_SUMMARY !== '1') for (const [ts, text] of lines) say(`${ms(ts).padStart(7)} ${text}`);
  return cpuSummary(events, nav.pid, main?.tid, t0, t0 + usable * 1000);
}

/**
 * CPU time (the trace's thread time, comparable under load where wall time is not) of the page's renderer: its
 * main thread's tasks from navigation to the first paint and to the first screen usable, and the scripts'
 * parsing and compiling on the streaming threads (V8 compile hints move compiling there).
 */
function cpuSummary(events, pid, tid, t0, usableTs) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const mainTasks = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ts >= t0);
  const cpuUntil = (ts) => mainTasks.filter((e) => e.ts < ts).reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  const streaming = events.filter((e) => e.pid === pid && e.name === 'v8.parseOnBackgroundParsing' && e.ts >= t0).reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  return { mainCpuToFcp: cpuUntil(fcp.ts), mainCpuToUsable: cpuUntil(usableTs), streamingCpu: streaming };
}

async function main() {
  const dist = defaultClientDist();
  buildClient(dist, console.log);
  const server = await startAppServer(dist, 'trace');
  const browser = await launchChromium();
  try {
    const u = await seedTasksUser(server, 10_000, 7);
    const ctx = await signedInContext(browser, u, OFFLINE ? {} : { serviceWorkers: 'block' });
    const first = await ctx.newPage();
    await first.goto(`${server.url}/tasks`);
    await waitForCount(first, `app-${u.user._id}`, 10_000);
    await first.waitForSelector('[data-task-row]');
    if (OFFLINE) await first.evaluate(() => navigator.serviceWorker.ready);
    await first.waitForTimeout(1500);
    await first.close();
    if (OFFLINE) await ctx.setOffline(true);
    for (let i = 0; i <= LOADS; i++) {
      const page = await ctx.newPage();
      await page.addInitScript(usableProbe, SELECTOR);
      if (!OFFLINE) {
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      }
      if (i > 0) await browser.startTracing(page, { categories: CATEGORIES });
      const usable = pageSignal(page, '__bench:usable', 30_000);
      await page.goto(`${server.url}${PATH}`, { waitUntil: 'commit' });
      await usable;
      await page.waitForTimeout(300);
      const fig = await page.evaluate(() => ({ usable: window.__usable, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime }));
      if (i > 0) {
        const buffer = await browser.stopTracing();
        const { traceEvents } = JSON.parse(buffer.toString());
        console.log(`\n=== load ${i}: fcp ${fig.fcp?.toFixed(0)} usable ${fig.usable?.toFixed(0)} ===`);
        const cpu = summarize(traceEvents, fig.fcp, console.log, fig.usable);
        console.log(`cpu: ${JSON.stringify(cpu, (k, v) => (typeof v === 'number' ? Math.round(v) : v))} fcp ${fig.fcp?.toFixed(0)} usable ${fig.usable?.toFixed(0)}`);
        if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, buffer);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.env.TRACE_IN) {
  // Re-reads a kept trace: TRACE_IN=file.json TRACE_FCP=<the load's fcp in ms>.
  const { readFileSync } = await import('node:fs');
  summarize(JSON.parse(readFileSync(process.env.TRACE_IN, 'utf8')).traceEvents, Number(process.env.TRACE_FCP), console.log);
} else await main();
