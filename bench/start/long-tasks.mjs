// The main-thread tasks of a saved trace (BENCH_LH_SAVE=dir with BENCH_ONLY=lighthouse), longest first:
//   node bench/start/long-tasks.mjs dir/trace.json [minMs=10]
// For each top-level task over minMs (real time, not Lighthouse's 4× simulation): its start after navigation,
// its duration, and what it spent most time in (script evaluation, function calls by name and URL, GC, parsing,
// layout…), self time by event, plus the hottest JS functions from the trace's CPU profile when it has one.
// A developer tool, not a metric: the simulated TBT is Lighthouse's (lhr.json, audit total-blocking-time).
import { readFileSync } from 'node:fs';

const [file, minArg] = process.argv.slice(2);
const MIN_MS = Number(minArg ?? 10);
const raw = JSON.parse(readFileSync(file, 'utf8'));
const events = Array.isArray(raw) ? raw : raw.traceEvents;

// The page's renderer main thread: the CrRendererMain with the most top-level task time.
const threads = new Map();
for (const e of events) {
  if (e.name === 'thread_name' && e.args?.name === 'CrRendererMain') threads.set(`${e.pid}:${e.tid}`, 0);
}
const isTask = (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
for (const e of events) {
  const k = `${e.pid}:${e.tid}`;
  if (threads.has(k) && isTask(e)) threads.set(k, threads.get(k) + e.dur);
}
const [mainKey] = [...threads.entries()].sort((a, b) => b[1] - a[1])[0];
const main = events.filter((e) => `${e.pid}:${e.tid}` === mainKey && e.ph === 'X' && e.dur != null).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
const nav = events.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === mainKey) ?? events.find((e) => e.name === 'navigationStart');
const t0 = nav ? nav.ts : main[0].ts;

const label = (e) => {
  const d = e.args?.data ?? {};
  const url = (d.url ?? d.scriptName ?? '').split('/').pop();
  if (e.name === 'FunctionCall') return `FunctionCall ${d.functionName || '(anon)'} ${url}:${d.lineNumber ?? ''}`;
  if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || e.name === 'v8.compile' || e.name === 'v8.compileModule') return `${e.name} ${url}`;
  if (e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch') return `${e.name} ${d.type ?? d.timerId ?? d.id ?? ''}`;
  return e.name;
};

const tasks = main.filter(isTask);
const long = [];
for (let i = 0; i < tasks.length; i++) {
  const t = tasks[i];
  if (t.dur / 1000 < MIN_MS) continue;
  if (i > 0 && tasks[i - 1].ts <= t.ts && tasks[i - 1].ts + tasks[i - 1].dur >= t.ts + t.dur && isTask(tasks[i - 1])) continue; // nested
  const inside = main.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && !isTask(e));
  // Self time per label: an event's duration minus its direct children's.
  const self = new Map();
  const stack = [];
  for (const e of inside) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    if (stack.length) {
      const p = stack.at(-1);
      self.set(p, (self.get(p) ?? p.dur) - e.dur);
    }
    self.set(e, self.get(e) ?? e.dur);
    stack.push(e);
  }
  const byLabel = new Map();
  for (const [e, us] of self) byLabel.set(label(e), (byLabel.get(label(e)) ?? 0) + us);
  const tops = inside.filter((e) => !inside.some((p) => p !== e && p.ts <= e.ts && p.ts + p.dur >= e.ts + e.dur && p.dur > e.dur)).map((e) => `${label(e)} ${(e.dur / 1000).toFixed(1)}`);
  long.push({ at: (t.ts - t0) / 1000, ms: t.dur / 1000, tops: tops.slice(0, 4), self: [...byLabel.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, us]) => `${k} ${(us / 1000).toFixed(1)}`) });
}

// Hottest JS functions per long task from the sampled CPU profile (ProfileChunk events), when the trace has one.
// The sampled profile's events carry the renderer's pid and an id (their tid may be the sampler's thread).
const mainPid = Number(mainKey.split(':')[0]);
const profiles = new Map();
for (const e of events) {
  if (e.pid !== mainPid || (e.name !== 'Profile' && e.name !== 'ProfileChunk')) continue;
  let pr = profiles.get(e.id);
  if (!pr) profiles.set(e.id, (pr = { start: 0, nodes: new Map(), samples: [] }));
  if (e.name === 'Profile') pr.start = e.args?.data?.startTime ?? pr.start;
  const c = e.args?.data?.cpuProfile ?? {};
  for (const n of c.nodes ?? []) pr.nodes.set(n.id, n);
  const deltas = e.args?.data?.timeDeltas ?? [];
  (c.samples ?? []).forEach((id, j) => pr.samples.push({ id, delta: deltas[j] ?? 0 }));
}
const profile = [...profiles.values()].sort((a, b) => b.samples.length - a.samples.length)[0] ?? { start: 0, nodes: new Map(), samples: [] };
const { nodes, samples } = profile;
let ts = profile.start;
const timed = samples.map((s) => ({ id: s.id, ts: (ts += s.delta) }));

let total = 0;
for (const l of long) {
  total += Math.max(0, 4 * l.ms - 50);
  console.log(`${l.at.toFixed(0).padStart(6)} ms  ${l.ms.toFixed(1).padStart(6)} ms  ${l.tops.join(' | ')}`);
  console.log(`        self: ${l.self.join('; ')}`);
  if (timed.length) {
    const from = t0 + l.at * 1000;
    const to = from + l.ms * 1000;
    const hot = new Map();
    const incl = new Map();
    const nameOf = (cf) => `${cf.functionName || '(anon)'} ${(cf.url ?? '').split('/').pop()}:${cf.lineNumber}:${cf.columnNumber}`;
    let n = 0;
    for (const s of timed) {
      if (s.ts < from || s.ts > to) continue;
      const cf = nodes.get(s.id)?.callFrame;
      if (!cf || cf.functionName === '(idle)') continue;
      n++;
      hot.set(nameOf(cf), (hot.get(nameOf(cf)) ?? 0) + 1);
      const seen = new Set();
      for (let node = nodes.get(s.id); node; node = nodes.get(node.parent)) {
        const k = nameOf(node.callFrame);
        if (!seen.has(k) && node.callFrame.url) incl.set(k, (incl.get(k) ?? 0) + 1);
        seen.add(k);
      }
    }
    const top = (m, k) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, c]) => `${name} ${((100 * c) / n).toFixed(0)}%`).join('; ');
    if (n) console.log(`        self: ${top(hot, 6)}\n        incl: ${top(incl, 12)}`);
  }
}
console.log(`${long.length} tasks ≥ ${MIN_MS} ms; Σ max(0, 4 × task − 50 ms) = ${total.toFixed(0)} ms (a rough proxy of the simulated TBT)`);
