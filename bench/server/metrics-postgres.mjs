// The server suite's rows on PostgreSQL (ids 301, 303, 304, 306 for metrics 1, 3, 4, 6 on that store, 310 for two
// app instances on one database against one), in results.json's shape.
import { sig3, withPass } from '../lib.mjs';
import { pullMetric, push1Metric, pushBatchMetric, tasksMetric } from './metrics.mjs';

const PREFIX = 'PostgreSQL: ';

export function postgresMetrics({ http, push, pull, two }, { options, sizes }) {
  const metrics = [];
  if (http) metrics.push(tasksMetric(http, options, 301, PREFIX), push1Metric(http, 303, PREFIX, 'synchronous_commit=on'));
  if (push) metrics.push(pushBatchMetric(push, sizes, 304, PREFIX, `raw pg, ${sizes.pushBatchSize} INSERTs per transaction (one prepared statement)`));
  if (pull) metrics.push(pullMetric(pull, sizes, 306, PREFIX, 'raw SELECT of the same rows in the app process (pg, prepared)'));
  if (two && http) {
    const ratio = two.push.rps / http.push1Run.rps;
    metrics.push(
      withPass({
        id: 310,
        name: `${PREFIX}two app instances on one database, push of 1 mutation (c=${options.connections} split over both)`,
        value: Math.round(two.push.rps),
        unit: 'req/s',
        extra: { tasksRps: Math.round(two.tasks.rps), tasksOneRps: Math.round(http.tasksRun.rps), tasksRatio: sig3(two.tasks.rps / http.tasksRun.rps), p99Ms: two.push.p99, errors: two.push.errors + two.tasks.errors },
        baseline: { name: 'one instance, the same load (303)', value: Math.round(http.push1Run.rps), unit: 'req/s' },
        ratio: sig3(ratio),
        target: 'reported',
        note:
          `GET /api/tasks?limit=100 through two instances ${Math.round(two.tasks.rps)} req/s against ${Math.round(http.tasksRun.rps)} through one (${sig3(two.tasks.rps / http.tasksRun.rps)}×); ` +
          `push p99 ${two.push.p99} ms; PostgreSQL, both instances and the load generator share this machine's cores`,
      }),
    );
  }
  return metrics;
}
