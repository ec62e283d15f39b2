// Metric 17: the app's VmRSS after 1,000 users × 1k tasks (written in SQL) each read their first page of tasks,
// against the fresh process; then, outside the target, after every user pulled everything once, and the time
// the daily maintenance pass blocks the loop at that size.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { INSERT_ENTITY_SQL, newId, request, rng, sleep, tagIdsFor, taskFields, taskRow } from '../lib.mjs';
import { openDb, procMemory, startChild, tempDir, userInserter, withTokens } from '../harness.mjs';

export async function benchRss({ say, sizes }) {
  const dir = tempDir('rss');
  const app = await startChild('app-runner.mjs', { BENCH_DATA_DIR: dir });
  await sleep(1000);
  const fresh = procMemory(app.pid);
  say(`RSS: fresh server ${fresh.rssMb.toFixed(1)} MB; seeding ${sizes.rssUsers} users × ${sizes.rssTasksPerUser} tasks directly in SQL…`);

  const db = openDb(path.join(dir, 'app.sqlite'));
  db.pragma('synchronous = OFF'); // this connection only: seeding speed, not durability
  const add = userInserter(db);
  const insert = db.prepare(INSERT_ENTITY_SQL);
  const seq = db.prepare('INSERT INTO sync_user (user_id, seq, min_version) VALUES (?, ?, 0)');
  const users = [];
  const t0 = performance.now();
  const seedUsers = db.transaction((count) => {
    for (let u = 0; u < count; u++) {
      const user = add(`rss-${users.length}-${newId()}@example.com`);
      users.push(user);
      const rand = rng(1000 + users.length);
      const tags = tagIdsFor(10);
      const ids = [];
      const now = new Date().toISOString();
      for (let v = 1; v <= sizes.rssTasksPerUser; v++) {
        const id = newId();
        insert.run(taskRow(user.id, id, taskFields(rand, tags, ids.slice(-50)), v, now));
        ids.push(id);
      }
      seq.run(user.id, sizes.rssTasksPerUser);
    }
  });
  for (let done = 0; done < sizes.rssUsers; done += 50) seedUsers(Math.min(50, sizes.rssUsers - done));
  db.pragma('wal_checkpoint(TRUNCATE)');
  const rowCount = db.prepare('SELECT count(*) AS n FROM entities').get().n;
  db.close();
  const seedS = (performance.now() - t0) / 1000;
  say(`  ${rowCount.toLocaleString('en')} rows in ${seedS.toFixed(1)} s; every user now reads GET /api/tasks?limit=100 once…`);

  await withTokens(app, users);
  let next = 0;
  let bad = 0;
  const worker = async () => {
    while (next < users.length) {
      const u = users[next++];
      const res = await request(app.port, 'GET', '/api/tasks?limit=100', undefined, u.headers);
      if (res.status !== 200 || res.json.length !== 100) bad++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  if (bad) throw new Error(`${bad} users could not read their tasks`);
  await sleep(1000);
  const after = procMemory(app.pid);
  const heap = await app.call('memory');
  // Not part of the target: the same users each pulling everything once (a fleet resyncing), for the worst case
  // of SQLite's page cache and memory-mapped file pages.
  next = 0;
  const puller = async () => {
    while (next < users.length) {
      const u = users[next++];
      const res = await request(app.port, 'POST', '/api/sync/pull', { clientId: `rss-${u.id}`, cursor: 0, limit: sizes.pullPage, schemaVersion: 1 }, u.headers);
      if (res.status !== 200 || res.json.changes.length !== sizes.rssTasksPerUser) bad++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, puller));
  if (bad) throw new Error(`${bad} users could not pull their tasks`);
  await sleep(1000);
  const afterPulls = procMemory(app.pid);
  say(
    `  after every user also pulled everything once: VmRSS ${afterPulls.rssMb.toFixed(1)} MB (+${(afterPulls.rssMb - fresh.rssMb).toFixed(1)} MB: ` +
      `anonymous +${(afterPulls.anonMb - fresh.anonMb).toFixed(0)}, file-backed +${(afterPulls.fileMb - fresh.fileMb).toFixed(0)} MB)`,
  );
  // Not a quality.md metric: how long the daily maintenance pass blocks the event loop at this size.
  const maintenance = await app.call('maintenance');
  if (maintenance) say(`  maintenance pass over ${rowCount.toLocaleString('en')} rows: ${maintenance.ms.toFixed(0)} ms (event-loop delay max ${maintenance.loopDelayMaxMs.toFixed(0)} ms)`);
  await app.stop();
  const out = {
    freshMb: fresh.rssMb,
    afterMb: after.rssMb,
    peakMb: after.hwmMb,
    deltaMb: after.rssMb - fresh.rssMb,
    anonDeltaMb: after.anonMb - fresh.anonMb,
    fileDeltaMb: after.fileMb - fresh.fileMb,
    afterPullsDeltaMb: afterPulls.rssMb - fresh.rssMb,
    afterPullsAnonDeltaMb: afterPulls.anonMb - fresh.anonMb,
    afterPullsFileDeltaMb: afterPulls.fileMb - fresh.fileMb,
    heapUsedMb: heap.heapUsed / 2 ** 20,
    rows: rowCount,
    seedS,
    maintenanceMs: maintenance?.ms ?? null,
    maintenanceLagMaxMs: maintenance?.loopDelayMaxMs ?? null,
  };
  say(
    `  RSS ${out.freshMb.toFixed(1)} → ${out.afterMb.toFixed(1)} MB (+${out.deltaMb.toFixed(1)} MB; peak ${out.peakMb.toFixed(1)} MB): ` +
      `anonymous ${fresh.anonMb.toFixed(0)} → ${after.anonMb.toFixed(0)} MB, file-backed ${fresh.fileMb.toFixed(0)} → ${after.fileMb.toFixed(0)} MB; V8 heap used ${out.heapUsedMb.toFixed(1)} MB`,
  );
  return out;
}
