// The security suite of `npm run bench` (issue 12, "Tests and figures"; method in docs/benchmarks.md, section
// "Security"). Alone: `node scripts/bench.mjs --only security`. Four figures, ids 200–203:
//   S1 (200)  time to refuse a 1 MiB string field: login email, register name, POST /api/tasks title and time,
//             a push whose task.create carries a 1 MiB time, note content over its maximum. Each body is
//             exactly the server's body limit (1 MiB), so it reaches validation instead of the 413 of the
//             body limit. Median and max request time, and the longest event-loop block in the server.
//   S2 (201)  server VmRSS after 100,000 unauthenticated requests with distinct `x-timezone` spellings (case
//             variants of real zones, and garbage), against VmRSS before them (after a warm-up of 5,000); both
//             read after a full GC, so what is measured is what the process keeps.
//   S3 (202)  event-loop delay p99 during 50 concurrent logins (distinct accounts) with the default login
//             throttling: the measurement of metric 7 (bench/harness.mjs), against a server at default limits.
//   S4 (203)  the longest event-loop block caused by any single request of the malformed-input and large-batch
//             checks (deep nesting, `__proto__`, invalid UTF-8, huge arrays, a malformed URL; a 35 KB
//             tag.create/tag.delete batch for a user with 20k tasks and the pushes that finish it; a habit with
//             20,000 history days; a push of 1,000 mutations; a pull of 450 KB notes), one request at a time,
//             each inside its own `monitorEventLoopDelay` window (1 ms resolution) in the server.
//
// Seeding (20k tasks, 450 KB notes) runs on a server with the per-user write rate limit lifted (the runner's
// usual settings); that server stops and a second one starts on the same data folder with BENCH_LIMITS=default,
// so every measured request meets the server's default limits (credential rate limits, login throttle, write
// rate limit, batch budget).
//
// The parts are in bench/security/: settings (sizes), common (body limit, measured requests), seed, s1, s2, s4
// and metrics.
import path from 'node:path';
import { measureLogins, openDb, startChild, tempDir, withTokens } from './harness.mjs';
import { isMain } from './lib.mjs';
import { LOGINS, S1_REPEATS } from './security/settings.mjs';
import { securityMetrics } from './security/metrics.mjs';
import { benchS1, s1Cases } from './security/s1.mjs';
import { benchS2 } from './security/s2.mjs';
import { benchS4 } from './security/s4.mjs';
import { seed } from './security/seed.mjs';

export { zoneSpelling } from './security/s2.mjs';

/** The suite, as scripts/bench.mjs runs it: answers `{ metrics }` (ids 200–203). */
export async function runSecurityBench({ say = console.log } = {}) {
  const dir = tempDir('security');
  const dbFile = path.join(dir, 'app.sqlite');
  say('security: seeding on a server with the write rate limit lifted…');
  const seeder = await startChild('app-runner.mjs', { BENCH_DATA_DIR: dir });
  let db = openDb(dbFile);
  let seeded;
  try {
    seeded = await seed(seeder, db, say);
  } finally {
    db.close();
    await seeder.stop();
  }
  say('security: measuring on a server with the default limits (BENCH_LIMITS=default)…');
  const app = await startChild('app-runner.mjs', { BENCH_DATA_DIR: dir, BENCH_LIMITS: 'default' });
  db = openDb(dbFile);
  try {
    // Tokens from the new process (same data folder, so the same secret and sessions).
    const users = await withTokens(app, seeded.users);
    // S2 first, on the fresh process: the large requests of S4 leave garbage that would blur its memory figures.
    const s2 = await benchS2(app, say);
    say(`security S1: ${s1Cases(users[0]).length} routes × ${S1_REPEATS}, a 1 MiB string field each…`);
    const s1 = await benchS1(app, users[0], say);
    say('security S4: malformed input and large batches, one request at a time…');
    const s4 = await benchS4(app, users, seeded.tagIds, say);
    say(`security S3: ${LOGINS} concurrent logins with the default login throttling…`);
    const s3 = await measureLogins(app, db, { count: LOGINS, say });
    return { metrics: securityMetrics({ s1, s2, s3, s4 }) };
  } finally {
    db.close();
    await app.stop();
  }
}

if (isMain(import.meta.url)) {
  // Alone, after `npx tsc -b` (scripts/bench.mjs --only security also builds, and prints the table).
  const out = await runSecurityBench();
  console.log(JSON.stringify(out.metrics.map(({ extra, ...m }) => ({ ...m, extra: { ...extra, runs: undefined } })), null, 2));
  process.exit(0);
}
