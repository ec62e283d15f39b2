// Pushes of the server suite: the push client, the 10k-task user every other phase reads, and metrics 4 and 5
// (sequential 50-mutation pushes with synchronous=FULL and NORMAL against raw better-sqlite3 transactions).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, newId, percentile, taskSource } from '../lib.mjs';
import { openDb, pushAll, withTokens } from '../harness.mjs';
import { rawInserts } from './sqlite.mjs';
import { rawInsertsPostgres } from './store.mjs';

/** A push client: sequential mutation ids, realistic task.create args, ~15% subtasks of earlier tasks. */
export function pushClient(port, user, seed) {
  const nextTask = taskSource(seed);
  let nextId = 1;
  const clientId = `bench-${newId()}`;
  return {
    clientId,
    mutations(n) {
      return Array.from({ length: n }, () => {
        const { id, fields } = nextTask();
        return { id: nextId++, name: 'task.create', args: { id, ...fields } };
      });
    },
    /** Every mutation applied, in as many requests as the server's batch budget needs (answers that count). */
    push(mutations) {
      return pushAll(port, user.headers, clientId, mutations);
    },
  };
}

/** One user with `sizes.bigUserTasks` tasks, pushed 1,000 at a time through POST /api/sync/push. */
export async function seedBigUser({ say, sizes, store }, app) {
  const [user] = await withTokens(app, [await store.addUser(`big-${newId()}@example.com`)]);
  const client = pushClient(app.port, user, 10);
  const t0 = performance.now();
  for (let done = 0; done < sizes.bigUserTasks; done += 1000) await client.push(client.mutations(1000));
  const count = await store.countTasks(user.id);
  if (count !== sizes.bigUserTasks) throw new Error(`seeded ${count} tasks instead of ${sizes.bigUserTasks}`);
  say(`seeded one user with ${count} tasks through POST /api/sync/push (10 × 1,000) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return user;
}

/** Sequential pushes of `batches` × `batchSize` task.create; answers total ms and per-push latencies. */
export async function timedPushes(client, batches, batchSize) {
  const batchesOfMutations = Array.from({ length: batches }, () => client.mutations(batchSize));
  const lat = [];
  const t0 = performance.now();
  for (const m of batchesOfMutations) {
    const s = performance.now();
    await client.push(m);
    lat.push(performance.now() - s);
  }
  return { ms: performance.now() - t0, p50: median(lat), p99: percentile(lat, 99) };
}

/**
 * Metrics 4 and 5: the app's pushes against the raw baseline on the same store. On SQLite: FULL, then NORMAL
 * (metric 5), against raw better-sqlite3 with each; on PostgreSQL (synchronous_commit=on): against raw `pg`.
 */
export async function benchPush({ say, sizes, pragmas, store }, app, pushUser, rawDir) {
  const { pushBatches: batches, pushBatchSize: batchSize } = sizes;
  const client = pushClient(app.port, pushUser, 5);
  const n = batches * batchSize;
  const rate = (t) => (n / t) * 1000;
  say(`push: ${batches} sequential pushes of ${batchSize} task.create (${store.kind === 'sqlite' ? 'synchronous=FULL' : 'PostgreSQL, synchronous_commit=on'})…`);
  await timedPushes(client, 5, batchSize); // warm-up
  const full = await timedPushes(client, batches, batchSize);
  if (store.kind === 'postgres') {
    say(`raw pg: ${batches} transactions of ${batchSize} INSERTs (one prepared statement)…`);
    const rawFull = await rawInsertsPostgres(store, { batches, batchSize });
    say(`  push ${rate(full.ms).toFixed(0)} mut/s (${(full.ms / batches).toFixed(2)} ms/push); raw ${rate(rawFull.ms).toFixed(0)} mut/s`);
    return { full, rawFull, n };
  }
  const db = openDb(store.file);
  const schemaSql = db
    // The table, then its indexes. Triggers are left out: they only fire for notes (the FTS index), and the
    // baseline inserts tasks.
    .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = 'entities' AND type IN ('table', 'index') AND sql IS NOT NULL ORDER BY type DESC")
    .all()
    .map((r) => r.sql.replace(/REFERENCES\s+"?users"?\s*\("?id"?\)(\s+ON DELETE CASCADE)?/i, ''));
  db.close();
  await app.call('synchronous', { mode: 'NORMAL' });
  await timedPushes(client, 2, batchSize);
  const normal = await timedPushes(client, batches, batchSize);
  await app.call('synchronous', { mode: 'FULL' });
  say(`raw better-sqlite3: ${batches} transactions of ${batchSize} INSERTs, FULL then NORMAL…`);
  const raw = (synchronous, file) => rawInserts({ file: path.join(rawDir, file), synchronous, batches, batchSize, schemaSql, pragmas });
  const rawFull = raw('FULL', 'raw-full.sqlite');
  const rawNormal = raw('NORMAL', 'raw-normal.sqlite');
  say(
    `  push FULL ${rate(full.ms).toFixed(0)} mut/s (${(full.ms / batches).toFixed(2)} ms/push), NORMAL ${rate(normal.ms).toFixed(0)} mut/s; ` +
      `raw FULL ${rate(rawFull.ms).toFixed(0)} mut/s, raw NORMAL ${rate(rawNormal.ms).toFixed(0)} mut/s`,
  );
  return { full, normal, rawFull, rawNormal, n };
}
