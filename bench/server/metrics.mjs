// The server suite's result rows (metrics 1, 3–7 and 17 of design/quality.md §3) from its measurements.
import { r2, sig3, withPass } from '../lib.mjs';

/** Metric 1 (`id`): the tasks page against the bare SQL route of the same store; the `hello` ratio beside it. */
export function tasksMetric(http, options, id = 1, prefix = '') {
  const ratio = http.tasksRun.rps / http.sqlRouteRun.rps;
  const helloRatio = http.tasksRun.rps / http.helloRun.rps;
  const floor = http.sqlFloorMs ? `; the route's 3 queries alone take ${(http.sqlFloorMs * 1000).toFixed(0)} µs (ceiling ${(1000 / http.sqlFloorMs).toFixed(0)} req/s)` : '';
  return withPass({
    id,
    name: `${prefix}authenticated GET /api/tasks?limit=100`,
    value: Math.round(http.tasksRun.rps),
    unit: 'req/s',
    extra: {
      p50Ms: http.tasksRun.p50,
      p90Ms: http.tasksRun.p90,
      p99Ms: http.tasksRun.p99,
      maxMs: http.tasksRun.max,
      errors: http.tasksRun.errors,
      connections: options.connections,
      responseBytes: http.bodyBytes,
      helloRps: Math.round(http.helloRun.rps),
      helloRatio: sig3(helloRatio),
      sqlRouteP99Ms: http.sqlRouteRun.p99,
      ...(http.sqlFloorMs ? { sqlFloorUs: Math.round(http.sqlFloorMs * 1000), sqlCeilingRps: Math.round(1000 / http.sqlFloorMs) } : {}),
      server: http.tasksRun.server,
    },
    baseline: { name: 'bare Fastify route: the same SQL, prepared statements, JSON.stringify', value: Math.round(http.sqlRouteRun.rps), unit: 'req/s', p99Ms: http.sqlRouteRun.p99 },
    ratio: sig3(ratio),
    target: '≥ 0.6× the bare SQL route (hello ratio reported)',
    checks: [{ label: 'ratio ≥ 0.6', ok: ratio >= 0.6 }],
    note:
      `${sig3(helloRatio)}× bare Fastify hello (${Math.round(http.helloRun.rps)} req/s); p99 ${http.tasksRun.p99} ms (SQL route p99 ${http.sqlRouteRun.p99} ms), ` +
      `c=${options.connections}, ${(http.bodyBytes / 1024).toFixed(0)} KiB per response${floor}`,
  });
}

/** Metric 3 (`id`): a push of one mutation against `hello`. */
export function push1Metric(http, id = 3, prefix = '', durability = 'synchronous=FULL') {
  const r3 = http.push1Run.rps / http.helloRun.rps;
  return withPass({
    id,
    name: `${prefix}POST /api/sync/push, 1 mutation`,
    value: Math.round(http.push1Run.rps),
    unit: 'req/s',
    extra: { p50Ms: http.push1Run.p50, p99Ms: http.push1Run.p99, maxMs: http.push1Run.max, errors: http.push1Run.errors, server: http.push1Run.server },
    baseline: { name: 'bare Fastify hello', value: Math.round(http.helloRun.rps), unit: 'req/s' },
    ratio: sig3(r3),
    target: '≥ 0.2×',
    checks: [{ label: 'ratio ≥ 0.2', ok: r3 >= 0.2 }],
    note: `p99 ${http.push1Run.p99} ms; each request a new client, ${durability}`,
  });
}

/** Metric 4 (`id`): sequential 50-mutation pushes against raw inserts on the same store (`rawName`). */
export function pushBatchMetric(push, sizes, id = 4, prefix = '', rawName = `raw better-sqlite3, ${sizes.pushBatchSize} INSERTs per transaction, synchronous=FULL`) {
  const rate = (t) => Math.round((push.n / t) * 1000);
  const ratio = push.full.ms / push.rawFull.ms;
  return withPass({
    id,
    name: `${prefix}push of ${sizes.pushBatchSize}-mutation batches (${sizes.pushBatches} sequential)`,
    value: rate(push.full.ms),
    unit: 'mutations/s',
    extra: { totalMs: r2(push.full.ms), perPushP50Ms: r2(push.full.p50), perPushP99Ms: r2(push.full.p99) },
    baseline: { name: rawName, value: rate(push.rawFull.ms), unit: 'mutations/s', totalMs: r2(push.rawFull.ms) },
    ratio: sig3(ratio),
    ratioMeaning: 'push time / raw time',
    target: '≤ 2× raw time; ≥ 25k mutations/s (quality.md)',
    checks: [
      { label: 'time ≤ 2× raw', ok: ratio <= 2 },
      { label: '≥ 25k mutations/s', ok: rate(push.full.ms) >= 25_000 },
    ],
    note: `${(push.full.ms / sizes.pushBatches).toFixed(2)} ms per push vs ${(push.rawFull.ms / sizes.pushBatches).toFixed(2)} ms per raw transaction`,
  });
}

/** Metric 6 (`id`): the server-side time to produce a full pull against the raw SELECT, both in the app's process. */
export function pullMetric(pull, sizes, id = 6, prefix = '', rawName = 'raw SELECT of the same rows in the app process (better-sqlite3 .all())') {
  const ratio = pull.serverMs / pull.selectMs;
  return withPass({
    id,
    name: `${prefix}full pull of ${sizes.bigUserTasks / 1000}k tasks, server-side`,
    value: r2(pull.serverMs),
    unit: 'ms',
    extra: { runsMs: pull.serverAll.map(r2), httpMs: r2(pull.httpMs), httpRunsMs: pull.httpAll.map(r2), clientParseMs: r2(pull.clientParseMs), bytes: pull.bytes, pages: pull.pages },
    baseline: { name: rawName, value: r2(pull.selectMs), unit: 'ms' },
    ratio: sig3(ratio),
    target: '≤ 1.5× (server-side); ≤ 300 ms over HTTP',
    checks: [
      { label: 'ratio ≤ 1.5', ok: ratio <= 1.5 },
      { label: '≤ 300 ms over HTTP', ok: pull.httpMs <= 300 },
    ],
    note: `median of ${sizes.pullRuns}, every page's JSON made by the engine in the app's process; over HTTP ${pull.httpMs.toFixed(1)} ms end to end (${(pull.bytes / 1e6).toFixed(2)} MB, ${pull.pages} pages, client JSON.parse ${pull.clientParseMs.toFixed(1)} ms of it)`,
  });
}

/** Rows in results.json's shape; checks are { label, ok }; pass is null when a metric has no target. */
export function serverMetrics({ http, push, pull, lag, rss }, { options, sizes }) {
  const metrics = [];
  if (http) metrics.push(tasksMetric(http, options), push1Metric(http));
  if (push) {
    const rate = (t) => Math.round((push.n / t) * 1000);
    metrics.push(pushBatchMetric(push, sizes));
    const durServer = push.full.ms / push.normal.ms;
    const durRaw = push.rawFull.ms / push.rawNormal.ms;
    metrics.push(
      withPass({
        id: 5,
        name: 'durability cost: push with synchronous=FULL vs NORMAL',
        value: rate(push.full.ms),
        unit: 'mutations/s',
        baseline: { name: 'same push, synchronous=NORMAL', value: rate(push.normal.ms), unit: 'mutations/s' },
        ratio: sig3(durServer),
        ratioMeaning: 'FULL time / NORMAL time',
        extra: {
          rawFull: rate(push.rawFull.ms),
          rawNormal: rate(push.rawNormal.ms),
          rawRatio: r2(durRaw),
          pushNormalVsRawNormal: r2(push.normal.ms / push.rawNormal.ms),
        },
        target: 'reported',
        note: `raw: FULL ${rate(push.rawFull.ms)} vs NORMAL ${rate(push.rawNormal.ms)} mut/s (${durRaw.toFixed(2)}×); server NORMAL / raw NORMAL ${(push.normal.ms / push.rawNormal.ms).toFixed(2)}×`,
      }),
    );
  }
  if (pull) metrics.push(pullMetric(pull, sizes));
  if (lag) {
    metrics.push(
      withPass({
        id: 7,
        name: 'event-loop delay p99 during 50 concurrent Argon2id logins',
        value: r2(lag.busy.p99),
        unit: 'ms',
        extra: { busy: lag.busy, idle: lag.idle, loginsWallMs: r2(lag.wallMs), loginP50Ms: r2(lag.loginP50), loginMaxMs: r2(lag.loginMax), argon2: lag.cost },
        baseline: { name: 'idle, 3 s', value: r2(lag.idle.p99), unit: 'ms' },
        ratio: sig3(lag.busy.p99 / lag.idle.p99),
        target: '≤ 20 ms',
        checks: [{ label: 'p99 ≤ 20 ms', ok: lag.busy.p99 <= 20 }],
        note:
          `max ${lag.busy.max.toFixed(1)} ms; 50 logins took ${lag.wallMs.toFixed(0)} ms (median ${lag.loginP50.toFixed(0)} ms each); monitorEventLoopDelay, 1 ms resolution` +
          (lag.busy.worstTurn
            ? `; the longest loop turn took ${lag.busy.worstTurn.ms.toFixed(0)} ms, ${lag.busy.worstTurn.sqlMs.toFixed(0)} ms of it in synchronous SQLite calls (${lag.busy.worstTurn.statements} statements, ${lag.busy.worstTurn.writes} writes)`
            : ''),
      }),
    );
  } else {
    metrics.push({ id: 7, name: 'event-loop delay p99 during 50 concurrent Argon2id logins', value: null, unit: 'ms', target: '≤ 20 ms', pass: null, note: 'skipped: POST /api/auth/login not registered' });
  }
  if (rss) {
    metrics.push(
      withPass({
        id: 17,
        name: `server RSS with ${sizes.rssUsers} users × ${sizes.rssTasksPerUser / 1000}k tasks`,
        value: r2(rss.deltaMb),
        unit: 'MB (delta)',
        extra: {
          afterMb: r2(rss.afterMb),
          peakMb: r2(rss.peakMb),
          anonDeltaMb: r2(rss.anonDeltaMb),
          fileDeltaMb: r2(rss.fileDeltaMb),
          afterFullPullsDeltaMb: r2(rss.afterPullsDeltaMb),
          afterFullPullsAnonDeltaMb: r2(rss.afterPullsAnonDeltaMb),
          afterFullPullsFileDeltaMb: r2(rss.afterPullsFileDeltaMb),
          heapUsedMb: r2(rss.heapUsedMb),
          rows: rss.rows,
          seedSeconds: r2(rss.seedS),
          maintenancePassMs: rss.maintenanceMs === null ? null : r2(rss.maintenanceMs),
          maintenanceLoopDelayMaxMs: rss.maintenanceLagMaxMs === null ? null : r2(rss.maintenanceLagMaxMs),
        },
        baseline: { name: 'fresh process (VmRSS)', value: r2(rss.freshMb), unit: 'MB' },
        ratio: sig3(rss.afterMb / rss.freshMb),
        target: '≤ +200 MB',
        checks: [{ label: 'delta ≤ 200 MB', ok: rss.deltaMb <= 200 }],
        note:
          `${rss.freshMb.toFixed(0)} → ${rss.afterMb.toFixed(0)} MB VmRSS after every user read GET /api/tasks?limit=100 once (peak ${rss.peakMb.toFixed(0)} MB); ` +
          `+${rss.anonDeltaMb.toFixed(0)} MB anonymous, +${rss.fileDeltaMb.toFixed(0)} MB file-backed (memory-mapped database pages); ` +
          `after every user also pulled everything once: +${rss.afterPullsDeltaMb.toFixed(0)} MB (+${rss.afterPullsAnonDeltaMb.toFixed(0)} anonymous, +${rss.afterPullsFileDeltaMb.toFixed(0)} file-backed)` +
          (rss.maintenanceMs === null ? '' : `; the maintenance pass over ${rss.rows.toLocaleString('en')} rows blocked the loop ${rss.maintenanceLagMaxMs.toFixed(0)} ms`),
      }),
    );
  }
  return metrics;
}
