// Sums a V8 .cpuprofile (push-ab.mjs with BENCH_CPU_PROF) by function (self time) and by package or source
// folder, so a profile can be read without DevTools: node bench/server/profile-top.mjs <file> [rows]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, x) => a + x, 0);
const fn = new Map();
const area = new Map();
const areaOf = (url) => {
  if (!url) return '(native/vm)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const d = /(server|shared)\/dist\/(.*)\/[^/]+$/.exec(url) ?? /(server|shared)\/dist\/()[^/]+$/.exec(url);
  if (d) return `${d[1]}/${d[2]}`;
  return url.startsWith('node:') ? 'node:*' : url;
};
for (const [id, us] of self) {
  const { callFrame: cf } = byId.get(id);
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${cf.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  const a = areaOf(cf.url);
  area.set(a, (area.get(a) ?? 0) + us);
}
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`total sampled ${(total / 1000).toFixed(0)} ms`);
console.log('--- by area (self time)');
for (const [k, us] of [...area].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(us)} ${k}`);
console.log('--- by function (self time)');
for (const [k, us] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(us)} ${k}`);
