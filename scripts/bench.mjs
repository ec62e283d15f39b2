// `npm run bench`: the server benchmark suite (design/quality.md §3; method and results in docs/benchmarks.md).
//
// Every figure is reported as a ratio to a baseline measured in the same run, on the same machine:
//   1  authenticated GET /api/tasks?limit=100 req/s (autocannon)   vs a bare Fastify `hello` route
//   3  POST /api/sync/push with 1 mutation, req/s (autocannon)     vs the same `hello`
//   4  push of 50-mutation batches, sequential                     vs raw better-sqlite3: 50 INSERTs in one transaction
//   5  durability cost: the same pushes with synchronous=FULL       vs synchronous=NORMAL (server and raw)
//   6  full pull of 10k tasks over HTTP (5,000 a page)             vs the raw SELECT of the same rows
//   7  event-loop delay p99 during 50 concurrent Argon2id logins   vs idle
//  17  server RSS after 1,000 users × 1k tasks were read            vs the fresh process
//
// Then the client suite (bench/client.mjs, headless /usr/bin/chromium on the built PWA): metrics 8 (toggle →
// next frame), 10 (cold offline load vs network), 12 (first sync of 14k), 14 (convergence A → B) and 15
// (initial JS). It is skipped, with a message, when Chromium is missing or with --skip-client.
//
// The app server and the `hello` server run as child processes (the machine may have 2 cores: the load
// generator never shares the server's process). Targets are targets, not tests: the script exits 0 when one
// is missed, and prints which. It writes bench/results.json (git-ignored) and, with --update-docs, the results
// block of docs/benchmarks.md. Ratios that moved more than 10% against the previous results.json are listed;
// with --gate, one that got worse makes the exit code 1 (meant for a quiet machine: see docs/benchmarks.md).
//
// Then the security suite (bench/security.mjs, ids 200–203; issue 12): the time to refuse 1 MiB string fields,
// RSS after 100k distinct `x-timezone` spellings, the event-loop delay p99 during 50 concurrent logins with the
// default login throttling, and the longest loop block of one malformed-input or large-batch request. It has its
// own results block in docs/benchmarks.md.
//
// Then the feature benches (bench/feature-*.mjs, ids 100–199): those named `-client` drive the browser and
// belong to the client suite (101, 102 habits; 120–124 notes; 140–142 calendar; 160–161 search:
// bench/feature-search-client.mjs; 170–171 inbox), the others to the server suite (100; 130 events; 150 search, and
// 151 search on PostgreSQL when BENCH_DATABASE_URL is set: bench/feature-search.mjs).
//
// Options: --update-docs; --docs-only (rewrite the docs blocks from bench/results.json); --gate; --quick (short
// runs, for checking the script itself); --skip-client (no browser: leaves out bench/client.mjs and the
// `-client` feature benches); --only <suite> (build, then one suite alone; results.json then holds only its rows
// and --update-docs leaves the results block as it is):
//   --only server    metrics 1–7 and 17, and the feature benches without a browser (100, 130, 150/151)
// --store sqlite|postgres|both (default both): the server suite's stores; PostgreSQL (rows 301–310) on a throwaway
// cluster (scripts/pg-throwaway.sh) or BENCH_DATABASE_URL; said loudly when neither is there.
//   --only client    bench/client.mjs (8, 10, 12, 14, 15) and the `-client` feature benches (101, 102, 120–124, 140–142, 160–161, 170–171)
//   --only security  bench/security.mjs (200–203)
// env BENCH_CONNECTIONS (default 32), BENCH_DURATION (s, default 8), BENCH_KEEP=1 keeps the temporary data.
//
// The parts: bench/run/ (options, build and machine, the suites in order, the console report and the regression
// gate, the docs writer), bench/server/ (the server suite), bench/client/ (the client suite's parts),
// bench/security/ (the security suite's parts), bench/harness.mjs and bench/lib.mjs (shared by all of them).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { r2, timedLogger } from '../bench/lib.mjs';
import { updateDocs } from '../bench/run/docs.mjs';
import { build, foreignCpu, git, machine } from '../bench/run/environment.mjs';
import { parseOptions } from '../bench/run/options.mjs';
import { compareWithPrevious, printTable } from '../bench/run/report.mjs';
import { runSuites } from '../bench/run/suites.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = path.join(root, 'bench', 'results.json');
const started = performance.now();
const say = timedLogger('bench');

process.on('SIGINT', () => process.exit(130));

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The previous run's results, or null on the first run. */
function previousResults() {
  try {
    return readJson(resultsFile);
  } catch {
    return null;
  }
}

/** The console summary after the table: machine, commit and a warning when other load made figures noisy. */
function printHeader(results, busyBefore, busyAfter) {
  const mc = results.machine;
  console.log(`\nMachine: ${mc.cpus} × ${mc.model}, ${mc.mem}, ${mc.os}, Node ${mc.node} · commit ${results.commit}${results.dirty ? ' (+ uncommitted server/shared changes)' : ''} · ${results.date}`);
  if ((busyBefore ?? 0) > 0.15 || (busyAfter ?? 0) > 0.15) {
    console.log(
      `WARNING: other processes used ${((busyBefore ?? 0) * 100).toFixed(0)}% / ${((busyAfter ?? 0) * 100).toFixed(0)}% of the CPUs before / after the run; absolute figures are noisy.`,
    );
  }
}

async function main(options) {
  if (options.docsOnly) {
    // Rewrite the docs blocks of docs/benchmarks.md from the last bench/results.json, without measuring.
    updateDocs(readJson(resultsFile), root, say);
    return 0;
  }
  const buildInfo = build(root, say);
  const busyBefore = await foreignCpu();
  if (busyBefore !== null) {
    say(`other load on the machine before the run: ${(busyBefore * 100).toFixed(0)}% of all CPUs${busyBefore > 0.15 ? ' — WARNING: figures will be noisy' : ''}`);
  }
  const { metrics, client, pragmas } = await runSuites(root, options, say);
  const busyAfter = await foreignCpu();

  const previous = previousResults();
  const results = {
    machine: machine(),
    commit: git(root, ['rev-parse', '--short', 'HEAD']),
    dirty: (git(root, ['status', '--porcelain', '--', 'server/src', 'shared/src']) ?? '').length > 0,
    build: buildInfo,
    sqlitePragmas: pragmas,
    client: client.ok ? { ok: true } : { ok: false, skipped: client.skipped },
    date: new Date().toISOString(),
    durationSeconds: Math.round((performance.now() - started) / 1000),
    foreignCpuShare: { before: busyBefore === null ? null : r2(busyBefore), after: busyAfter === null ? null : r2(busyAfter) },
    settings: { connections: options.connections, durationSeconds: options.duration, rounds: options.rounds, warmupSeconds: options.warmup, quick: options.quick },
    only: options.only,
    metrics,
  };
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  printHeader(results, busyBefore, busyAfter);
  printTable(metrics);
  const regressions = compareWithPrevious(previous, metrics, options.quick);
  say(`wrote bench/results.json`);
  if (options.updateDocs) updateDocs(results, root, say);
  if (options.gate && regressions.length) {
    console.log(`--gate: ratio regressions above 10% on ${regressions.map((id) => `#${id}`).join(', ')}: exit 1`);
    return 1;
  }
  return 0;
}

let options;
try {
  options = parseOptions(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`[bench] ${err instanceof Error ? err.message : err}`);
  process.exit(2);
}
main(options).then(
  (code) => process.exit(code),
  (err) => {
    console.error('[bench] failed:', err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
