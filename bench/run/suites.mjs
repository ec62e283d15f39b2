// The suites of scripts/bench.mjs in their order (server, security, client, feature benches), each run or left
// out by the options (bench/run/options.mjs). Only the server suite stops the run when it fails: the others are
// reported and leave the rest of the figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { closeAgent } from '../lib.mjs';
import { runServerBench } from '../server/suite.mjs';
import { runsFeature, runsSuite, serverSizes } from './options.mjs';

const errorText = (err) => (err instanceof Error ? err.stack : err);

/** `fn()`, or `fallback(err)` after printing that `what` failed. */
async function orReport(what, fn, fallback) {
  try {
    return await fn();
  } catch (err) {
    console.error(`[bench] ${what} failed:`, errorText(err));
    return fallback(err);
  }
}

/** bench/client.mjs (metrics 8, 10, 12, 14, 15): answers { ok, metrics? } or { ok: false, skipped }. */
async function benchClient(options, say) {
  if (options.skipClient) {
    say('client benchmarks skipped (--skip-client)');
    return { ok: false, skipped: 'skipped (--skip-client)' };
  }
  const { runClientBench, CHROMIUM } = await import('../client.mjs');
  if (!existsSync(CHROMIUM)) {
    say(`client benchmarks SKIPPED: ${CHROMIUM} is missing (install Debian's chromium to run them)`);
    return { ok: false, skipped: `${CHROMIUM} missing` };
  }
  // The server suite's last phase writes a million rows: let the kernel write them out first, so the browser's
  // cache and IndexedDB reads are not measured against that writeback (it showed as a slower offline load).
  const flushStart = performance.now();
  spawnSync('sync');
  await new Promise((r) => setTimeout(r, 2000));
  say(`client benchmarks (headless Chromium, bench/client.mjs), after ${((performance.now() - flushStart) / 1000).toFixed(1)} s flushing the disk…`);
  return orReport('the client benchmarks', runClientBench, (err) => ({ ok: false, skipped: `failed: ${err instanceof Error ? err.message : err}` }));
}

/**
 * Feature benches: every bench/feature-*.mjs exports `runBench({ say })` → `{ metrics }` (rows in this script's
 * shape, ids from 100 up so they never collide with design/quality.md's numbering). A bench that throws is
 * reported and skipped; the others still run.
 */
async function benchFeatures(root, options, say) {
  const files = readdirSync(path.join(root, 'bench')).filter((f) => /^feature-.*\.mjs$/.test(f) && runsFeature(options, f)).sort();
  const metrics = [];
  for (const file of files) {
    say(`feature benchmarks: bench/${file}…`);
    await orReport(
      `bench/${file}`,
      async () => {
        const mod = await import(pathToFileURL(path.join(root, 'bench', file)).href);
        const out = await mod.runBench({ say });
        metrics.push(...(out.metrics ?? []));
      },
      () => undefined,
    );
  }
  return metrics;
}

/** bench/security.mjs (ids 200–203). */
async function benchSecurity(say) {
  say('security benchmarks: bench/security.mjs…');
  return orReport(
    'bench/security.mjs',
    async () => {
      const { runSecurityBench } = await import('../security.mjs');
      return (await runSecurityBench({ say })).metrics;
    },
    () => [],
  );
}

/**
 * Every suite the options select, in order. Answers the rows of all of them (sorted by id), the client suite's
 * state for results.json and the app's SQLite pragmas ({} when the server suite did not run).
 */
export async function runSuites(root, options, say) {
  const server = runsSuite(options, 'server') ? await runServerBench({ say, options, sizes: serverSizes(options.quick) }) : { metrics: [], pragmas: {} };
  const security = runsSuite(options, 'security') ? await benchSecurity(say) : [];
  closeAgent();
  const client = runsSuite(options, 'client') ? await benchClient(options, say) : { ok: false, skipped: `not run (--only ${options.only})` };
  const features = await benchFeatures(root, options, say);
  const metrics = [...server.metrics, ...(client.metrics ?? []), ...features, ...security].sort((a, b) => a.id - b.id);
  return { metrics, client, pragmas: server.pragmas };
}
