// Metrics 1 and 3: autocannon load on the app (GET /api/tasks?limit=100, a push of 1 mutation) against the bare
// Fastify `hello` and the bare SQL route (bench/sql-route-server.mjs), interleaved, and the SQL floor of the tasks
// route; on PostgreSQL, the same load through two app instances against one.
import autocannon from 'autocannon';
import { median, newId, r2, request, rng, tagIdsFor, taskFields } from '../lib.mjs';
import { tasksSqlFloor } from './sqlite.mjs';

export async function cannon(connections, opts) {
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

/** Metrics 1 and 3 (and their baselines) on the app child, then the SQL floor of the tasks route (SQLite). */
export async function benchHttp(ctx, app, hello, sqlRoute, user, pushUser) {
  const check = await request(app.port, 'GET', '/api/tasks?limit=100', undefined, user.headers);
  if (check.status !== 200 || check.json.length !== 100) throw new Error(`GET /api/tasks answered ${check.status}`);

  const push1 = push1Options(app, pushUser);
  const { helloRun, sqlRouteRun, tasksRun, push1Run } = await loadTests(ctx, [
    { key: 'helloRun', label: 'bare Fastify hello', opts: { url: `http://127.0.0.1:${hello.port}/` } },
    {
      key: 'sqlRouteRun',
      label: 'bare Fastify route, same SQL (prepared) + JSON.stringify',
      opts: { url: `http://127.0.0.1:${sqlRoute.port}/api/tasks?limit=100`, headers: { 'x-session': user.sessionId } },
    },
    {
      key: 'tasksRun',
      label: 'GET /api/tasks?limit=100',
      opts: { url: `http://127.0.0.1:${app.port}/api/tasks?limit=100`, headers: user.headers },
      server: app,
    },
    { key: 'push1Run', label: 'POST /api/sync/push (1 mutation)', opts: push1, server: app },
  ]);
  const sqlFloorMs = ctx.store.kind === 'sqlite' ? tasksSqlFloor(ctx.store.file, user, ctx.pragmas) : null;
  if (sqlFloorMs !== null) {
    ctx.say(`  SQL floor of GET /api/tasks?limit=100 (3 queries, cached statements): ${(sqlFloorMs * 1000).toFixed(0)} µs → at most ${(1000 / sqlFloorMs).toFixed(0)} req/s on one core`);
  }
  return { helloRun, sqlRouteRun, tasksRun, push1Run, sqlFloorMs, bodyBytes: check.bytes };
}

/** One mutation per push, each from a new client id (mutation id 1), so concurrent pushes never conflict. */
export function push1Options(app, pushUser) {
  const rand = rng(3);
  const tags = tagIdsFor(20);
  return {
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
}

/**
 * Two app instances on one PostgreSQL against one: the same load (c connections in all) split over both
 * instances at once, for the tasks page and the 1-mutation push; req/s summed (the one-instance figures are
 * metrics 1 and 3 of the same run).
 */
export async function benchTwoInstances({ say, options }, apps, user, pushUser) {
  const half = Math.max(1, Math.floor(options.connections / 2));
  const both = async (optsOf, duration = options.duration / options.rounds) => {
    const runs = await Promise.all(apps.map((a) => cannon(half, { ...optsOf(a), duration })));
    return { rps: runs.reduce((s, r) => s + r.rps, 0), p99: Math.max(...runs.map((r) => r.p99)), errors: runs.reduce((s, r) => s + r.errors, 0) };
  };
  const tasksOf = (a) => ({ url: `http://127.0.0.1:${a.port}/api/tasks?limit=100`, headers: user.headers });
  const pushOf = (a) => push1Options(a, pushUser);
  say(`two instances on one PostgreSQL: ${half} connections to each, warm-up then ${options.rounds} rounds…`);
  await both(tasksOf, options.warmup);
  await both(pushOf, options.warmup);
  const tasks = [];
  const push = [];
  for (let round = 0; round < options.rounds; round++) {
    tasks.push(await both(tasksOf));
    push.push(await both(pushOf));
  }
  const mean = (rs) => ({ rps: rs.reduce((s, r) => s + r.rps, 0) / rs.length, p99: Math.max(...rs.map((r) => r.p99)), errors: rs.reduce((s, r) => s + r.errors, 0) });
  const out = { tasks: mean(tasks), push: mean(push) };
  say(`  two instances: GET /api/tasks?limit=100 ${out.tasks.rps.toFixed(0)} req/s, push of 1 mutation ${out.push.rps.toFixed(0)} req/s (p99 ${out.push.p99} ms)`);
  return out;
}
