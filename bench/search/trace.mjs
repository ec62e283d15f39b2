// A Chromium trace of the page's main thread, summed as thread CPU time (`tdur`, not wall time): what a piece of
// work costs does not depend on how loaded the machine is. Used by bench/feature-search-client.mjs with
// BENCH_TRACE_CPU=1 (the palette's keystrokes).

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink'].join(',');
/** Trace events whose CPU time is reported one by one (they nest in the main thread's tasks). */
const KINDS = ['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'MinorGC', 'MajorGC', 'V8.GCScavenger'];

/** Starts tracing `page`; `stop()` resolves with the main thread's CPU ms: `tasks` (every top-level task) and per kind. */
export async function traceCpu(context, page) {
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      const names = new Map();
      for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
      const main = (e) => names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
      const sums = { tasks: 0 };
      for (const e of events) {
        if (!main(e) || e.ph !== 'X' || typeof e.tdur !== 'number') continue;
        if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') sums.tasks += e.tdur / 1000;
        if (KINDS.includes(e.name)) sums[e.name] = (sums[e.name] ?? 0) + e.tdur / 1000;
      }
      return sums;
    },
  };
}
