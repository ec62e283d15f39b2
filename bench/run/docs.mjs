// The `--update-docs` rewrite of docs/benchmarks.md: the results block (every metric of design/quality.md §3,
// then the feature suites' rows) with its machine line, and the security block with its own machine line.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fmt, ratioCell } from './report.mjs';

/** Rows of the results table in docs/benchmarks.md: every metric of quality.md §3, measured here or not. */
const DOC_ROWS = [
  [1, 'authenticated `GET /api/tasks?limit=100`, req/s (autocannon, c=32)', 'bare Fastify route running the same SQL (prepared statements) + `JSON.stringify`', '**≥ 0.6×** (the `hello` ratio in the notes)'],
  [2, 'same route', 'Express `hello`', '**≥ 1.0×**', 'not measured (Express is not a dependency)'],
  [3, '`POST /api/sync/push`, 1 mutation, req/s (c=32)', 'bare Fastify `hello`', '**≥ 0.2×**'],
  [4, 'push of 50-mutation batches, mutations/s (40 sequential pushes)', 'raw better-sqlite3: 50 INSERTs in one transaction, `FULL`', '**≥ 25k mutations/s**; ≤ 2× raw time'],
  [5, 'push throughput, `synchronous=FULL`', 'same push with `NORMAL`', 'reported ratio'],
  [6, 'full pull of 10k tasks (2 pages of 5,000), server-side time to produce it, median of 5', 'raw `SELECT` of the same rows in the app process (no `JSON.parse`)', '**≤ 1.5×**; ≤ 300 ms over HTTP'],
  [7, 'event-loop delay p99 during 50 concurrent Argon2id logins', 'idle, 3 s', '**≤ 20 ms**'],
  [8, 'local write-to-render (checkbox click in the page → next animation frame after it flipped), 10k tasks, 30 clicks', 'one 16.7 ms frame', '**p95 ≤ 1 frame**', 'client bench skipped'],
  [9, 'lab INP over 50 scripted interactions', '200 ms "good"', '**p95 ≤ 100 ms**', 'client bench (not yet)'],
  [10, 'cold offline load from the SW → first task row painted on `/tasks` (new page, 10k tasks local), median of 7; 4× CPU: median of 3', 'same load from the network: SW blocked, HTTP cache off, desktop 4G (40 ms RTT, 10 Mbit/s)', '**≤ 0.5×**; ≤ 1.0 s desktop, ≤ 2.0 s at 4× CPU throttling', 'client bench skipped'],
  [11, 'IndexedDB hydration of 10k tasks', 'raw `getAll()`', '≤ 1.3×; first screen **≤ 150 ms**', 'client bench (not yet)'],
  [12, 'first sync writing 14k entities (14k tasks; navigation → the stored cursor covers every row, then 14,000 rows checked)', 'one transaction per entity (not measured)', '**≤ 2 s**, ≤ 20 transactions (not counted here; ≤ 20 asserted by the engine test)', 'client bench skipped'],
  [13, 'Ctrl+K per keystroke over ~14k docs (worker)', 'one 16.7 ms frame', '**p95 ≤ 1 frame**; index build ≤ 500 ms', 'client bench (not yet)'],
  [14, 'convergence: quick-add on A → painted on B (two contexts, same user), 20 edits', '`hello` round-trip (not measured)', '**p95 ≤ 250 ms**', 'client bench skipped'],
  [15, 'initial JS, gzipped (entry + modulepreload links of `index.html`)', '300–350 KiB budget', '**≤ 150 KiB**; Markdown, calendar, admin lazy', 'client bench skipped'],
  [16, 'Lighthouse mobile on `/dashboard` with data', 'score 90', '**≥ 95**; LCP ≤ 1.5 s; TBT ≤ 100 ms; CLS ≤ 0.02', 'client bench (not yet)'],
  [17, 'RSS with 1,000 users × 1k tasks (VmRSS after each user read its tasks)', 'fresh process', '**≤ +200 MB**'],
];

const passCell = (m) => (m.pass === null ? 'reported' : m.pass ? '✅ pass' : `❌ miss (${m.checks.filter((c) => !c.ok).map((c) => c.label).join(', ')})`);
/** The last three cells of a row: the baseline's figure, the ratio and pass. */
const tail = (m) => `${m.baseline ? fmt(m.baseline.value, m.baseline.unit) : '—'} | ${ratioCell(m)} | ${passCell(m)} |`;

/** A results-table row for a suite metric that carries its own name, baseline and target (ids from 100). */
const suiteRow = (m) => `| ${m.id} | ${m.name} | ${m.baseline?.name ?? '—'} | **${m.target ?? ''}** | ${fmt(m.value, m.unit)} | ${tail(m)}`;

/** Replace the text between `<!-- bench:<name>:start -->` and its end marker; null when the markers are missing. */
function replaceBlock(doc, name, text) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) {
    console.warn(`[bench] docs/benchmarks.md has no ${name} markers; that block is not updated`);
    return null;
  }
  return doc.slice(0, i) + `${start}\n${text}\n${end}` + doc.slice(j + end.length);
}

const TABLE_HEAD = ['| # | metric | baseline in the same run | goal | result | baseline figure | ratio | pass |', '|---|---|---|---|---|---|---|---|'];

/**
 * The results block of docs/benchmarks.md and its machine line (unless the run was `--only` one suite), and the
 * security block (ids 200–299) with its own machine line, when the run has security figures.
 */
export function updateDocs(results, root, say) {
  const file = path.join(root, 'docs', 'benchmarks.md');
  if (!existsSync(file)) return;
  let doc = readFileSync(file, 'utf8');
  const mc = results.machine;
  const machineLine =
    `Machine: ${mc.cpus} × ${mc.model}, ${mc.mem} RAM, ${mc.os}, Node ${mc.node} · ` +
    `Commit: \`${results.commit}\`${results.dirty ? ' (with uncommitted server/shared work in progress)' : ''} · Date: ${results.date.slice(0, 10)}`;
  if (!results.only) {
    const byId = new Map(results.metrics.map((m) => [m.id, m]));
    const lines = [...TABLE_HEAD];
    for (const [id, name, baseline, goal, absent] of DOC_ROWS) {
      const m = byId.get(id);
      if (!m || m.value === null) {
        lines.push(`| ${id} | ${name} | ${baseline} | ${goal} | ${m?.note ?? absent ?? 'not measured'} | | | |`);
        continue;
      }
      const result =
        m.extra?.p50Ms !== undefined
          ? `p95 ${fmt(m.value, m.unit)}, p50 ${m.extra.p50Ms} ms`
          : m.extra?.cpu4xMs !== undefined
            ? `${fmt(m.value, m.unit)}; at 4× CPU ${fmt(m.extra.cpu4xMs, 'ms')}; the network load on loopback ${fmt(m.extra.loopbackMs, 'ms')} (${m.extra.loopbackRatio}×)`
            : `${fmt(m.value, m.unit)}${m.extra?.p99Ms !== undefined ? `, p99 ${m.extra.p99Ms} ms` : ''}`;
      lines.push(`| ${id} | ${name} | ${baseline} | ${goal} | ${result} | ${tail(m)}`);
    }
    // Feature suites (ids 100–199): their rows carry their own name and target.
    for (const m of results.metrics.filter((x) => x.id >= 100 && x.id < 200).sort((a, b) => a.id - b.id)) lines.push(suiteRow(m));
    // The server suite on PostgreSQL (ids 300–399): metrics 1, 3, 4, 6 on that store and two instances.
    for (const m of results.metrics.filter((x) => x.id >= 300 && x.id < 400).sort((a, b) => a.id - b.id)) lines.push(suiteRow(m));
    doc = replaceBlock(doc, 'results', lines.join('\n')) ?? doc;
    doc = doc.replace(/^Machine: .*$/m, machineLine);
  }
  const security = results.metrics.filter((x) => x.id >= 200 && x.id < 300).sort((a, b) => a.id - b.id);
  if (security.length) {
    const notes = security.map((m) => `- ${m.id}: ${m.note}`);
    const share = (x) => (x === null || x === undefined ? 'n/a' : `${Math.round(x * 100)}%`);
    const load = `Other processes' CPU share: ${share(results.foreignCpuShare?.before)} before, ${share(results.foreignCpuShare?.after)} after the run`;
    const text = [`${machineLine} · ${load}`, '', ...TABLE_HEAD, ...security.map(suiteRow), '', ...notes].join('\n');
    doc = replaceBlock(doc, 'security', text) ?? doc;
  }
  writeFileSync(file, doc);
  const parts = [...(results.only ? [] : ['machine line and results block']), ...(security.length ? ['security block'] : [])];
  say(`docs/benchmarks.md: ${parts.length ? `${parts.join(', ')} updated` : 'nothing to update'}`);
}
