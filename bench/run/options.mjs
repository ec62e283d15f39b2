// Command-line options of scripts/bench.mjs, and which suites and feature benches a run includes.

/** Suites `--only` can name. */
export const SUITES = ['server', 'client', 'security'];

/** What `--store` can name: the server suite's stores (both by default). */
export const STORES = { sqlite: ['sqlite'], postgres: ['postgres'], both: ['sqlite', 'postgres'] };

/**
 * The options of one run, from its arguments and environment. Throws on an unknown `--only` suite or on
 * `--only client` with `--skip-client`.
 */
export function parseOptions(args, env = {}) {
  const flags = new Set(args);
  const i = args.indexOf('--only');
  const only = i >= 0 ? (args[i + 1] ?? '') : args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  if (only !== undefined && !SUITES.includes(only)) throw new Error(`--only ${only || '(no suite)'}: unknown suite (known: ${SUITES.join(', ')})`);
  const quick = flags.has('--quick');
  const skipClient = flags.has('--skip-client');
  if (only === 'client' && skipClient) throw new Error('--only client and --skip-client leave nothing to run');
  const s = args.indexOf('--store');
  const store = s >= 0 ? (args[s + 1] ?? '') : (args.find((a) => a.startsWith('--store='))?.slice('--store='.length) ?? 'both');
  if (!STORES[store]) throw new Error(`--store ${store || '(no store)'}: unknown (known: ${Object.keys(STORES).join(', ')})`);
  return {
    only: only ?? null,
    quick,
    updateDocs: flags.has('--update-docs'),
    docsOnly: flags.has('--docs-only'),
    gate: flags.has('--gate'),
    skipClient,
    stores: STORES[store],
    connections: Number(env.BENCH_CONNECTIONS ?? 32),
    duration: Number(env.BENCH_DURATION ?? (quick ? 2 : 8)),
    warmup: quick ? 1 : 2,
    rounds: 2,
  };
}

/** Whether `suite` runs: every suite without `--only`, else the one named. */
export const runsSuite = (options, suite) => options.only === null || options.only === suite;

/**
 * Whether the feature bench `file` (bench/feature-*.mjs) runs: the ones whose name contains `-client` drive the
 * browser and belong to the client suite, the others to the server suite; `--skip-client` leaves the first out.
 */
export function runsFeature(options, file) {
  const client = file.includes('-client');
  if (client && options.skipClient) return false;
  return runsSuite(options, client ? 'client' : 'server');
}

/** Sizes of the server suite's datasets and runs (smaller with --quick). */
export function serverSizes(quick) {
  return {
    bigUserTasks: 10_000,
    pushBatches: quick ? 10 : 40,
    pushBatchSize: 50,
    pullRuns: 5,
    pullPage: 5_000,
    logins: 50,
    rssUsers: quick ? 100 : 1_000,
    rssTasksPerUser: 1_000,
  };
}
