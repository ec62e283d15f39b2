// Metrics 1 and 3: autocannon load on the app (GET /api/tasks?limit=100, a push of 1 mutation) against the bare
// Fastify `hello`, interleaved, and the SQL floor of the tasks route.
import autocannon from 'autocannon';
import { median, newId, r2, request, rng, tagIdsFor, taskFields } from '../lib.mjs';
import { tasksSqlFloor } from './sqlite.mjs';

async function cannon(connections, opts) {
  const result = await autocannon({ connections, pipelining: 1, ...opts });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p90: result.latency.p90,
    max: result.latency.max,
    total: result.requests.total,
    errors,
  };
}

/**
 * Interleaved load tests: a warm-up of each target, then `rounds` rounds in which every target runs for
 * duration / rounds seconds in turn, so a neighbour's burst on a shared machine hits all targets alike. Per
 * target: the mean req/s over the rounds and the worst p99 of any round (conservative). With `server` (the app
 * child), its event-loop delay and GC pauses are recorded during the measured runs.
 */
async function loadTests({ say, options }, targets) {
  const { connections, warmup, duration, rounds } = options;
  for (const t of targets) {
    say(`${t.label}: warm-up ${warmup} s…`);
    await cannon(connections, { ...t.opts, duration: warmup });
  }
  const runs = new Map(targets.map((t) => [t.label, []]));
  const slice = duration / rounds;
  for (let round = 1; round <= rounds; round++) {
    for (const t of targets) {
      if (t.server) await t.server.call('lagStart');
      const r = await cannon(connections, { ...t.opts, duration: slice });
      if (t.server) r.server = await t.server.call('lagStop');
      runs.get(t.label).push(r);
      const diag = r.server
        ? `; server loop delay p99 ${r.server.p99.toFixed(1)} ms, max ${r.server.max.toFixed(0)} ms; GC ${r.server.gc.count}× ${r.server.gc.totalMs.toFixed(0)} ms (longest ${r.server.gc.maxMs.toFixed(1)} ms)`
        : '';
      say(
        `  round ${round}/${rounds} ${t.label}, ${slice} s at c=${connections}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p90 ${r.p90} ms, ` +
          `p99 ${r.p99} ms, max ${r.max} ms${r.errors ? `, ${r.errors} errors/non-2xx` : ''}${diag}`,
      );
    }
  }
  const out = {};
  for (const t of targets) {
    const rs = runs.get(t.label);
    const worst = (k) => Math.max(...rs.map((r) => r[k]));
    out[t.key] = {
      rps: rs.reduce((a, r) => a + r.rps, 0) / rs.length,
      rounds: rs.map((r) => Math.round(r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p90: worst('p90'),
      p99: worst('p99'),
      max: worst('max'),
      errors: rs.reduce((a, r) => a + r.errors, 0),
      server: rs[0].server
        ? {
            loopDelayP99Ms: r2(Math.max(...rs.map((r) => r.server.p99))),
            loopDelayMaxMs: r2(Math.max(...rs.map((r) => r.server.max))),
            gcCount: rs.reduce((a, r) => a + r.server.gc.count, 0),
            gcTotalMs: r2(rs.reduce((a, r) => a + r.server.gc.totalMs, 0)),
            gcLongestMs: r2(Math.max(...rs.map((r) => r.server.gc.maxMs))),
          }
        : undefined,
    };
  }
  return out;
}

/** Metrics 1 and 3 (and their `hello` baseline) on the app child, then the SQL floor of the tasks route. */
export async function benchHttp(ctx, app, hello, user, pushUser) {
  const check = await request(app.port, 'GET', '/api/tasks?limit=100', undefined, user.headers);
  if (check.status !== 200 || check.json.length !== 100) throw new Error(`GET /api/tasks answered ${check.status}`);

  // One mutation per push, each from a new client id (mutation id 1), so concurrent pushes never conflict.
  const rand = rng(3);
  const tags = tagIdsFor(20);
  const push1 = {
    url: `http://127.0.0.1:${app.port}/api/sync/push`,
    requests: [
      {
        method: 'POST',
        path: '/api/sync/push',
        headers: { ...pushUser.headers, 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            clientId: `c1-${newId()}`,
            schemaVersion: 1,
            mutations: [{ id: 1, name: 'task.create', args: { id: newId(), ...taskFields(rand, tags) } }],
          }),
        }),
      },
    ],
  };
  const { helloRun, tasksRun, push1Run } = await loadTests(ctx, [
    { key: 'helloRun', label: 'bare Fastify hello', opts: { url: `http://127.0.0.1:${hello.port}/` } },
    {
      key: 'tasksRun',
      label: 'GET /api/tasks?limit=100',
      opts: { url: `http://127.0.0.1:${app.port}/api/tasks?limit=100`, headers: user.headers },
      server: app,
    },
    { key: 'push1Run', label: 'POST /api/sync/push (1 mutation)', opts: push1, server: app },
  ]);
  const sqlFloorMs = tasksSqlFloor(app.dbFile, user, ctx.pragmas);
  ctx.say(`  SQL floor of GET /api/tasks?limit=100 (3 queries, cached statements): ${(sqlFloorMs * 1000).toFixed(0)} µs → at most ${(1000 / sqlFloorMs).toFixed(0)} req/s on one core`);
  return { helloRun, tasksRun, push1Run, sqlFloorMs, bodyBytes: check.bytes };
}
