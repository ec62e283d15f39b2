// The security suite's result rows (ids 200–203) from its measurements.
import { r2, sig3, withPass } from '../lib.mjs';
import { LOGINS, TZ_REQUESTS, TZ_WARMUP, signed } from './settings.mjs';

export function securityMetrics({ s1, s2, s3, s4 }) {
  const out = [];
  out.push(
    withPass({
      id: 200,
      name: 'security S1: refusing a 1 MiB string field (6 routes × 5), median request',
      value: r2(s1.medianMs),
      unit: 'ms',
      extra: { maxMs: r2(s1.maxMs), loopMaxMs: r2(s1.loopMaxMs), loopMaxRequest: s1.loopMaxLabel, requests: s1.requests, perRoute: s1.perRoute },
      baseline: null,
      target: 'every one refused; max ≤ 50 ms',
      checks: [
        { label: 'all refused', ok: s1.allRefused },
        { label: 'max ≤ 50 ms', ok: s1.maxMs <= 50 },
      ],
      note:
        `max ${s1.maxMs.toFixed(1)} ms end to end (1 MiB over loopback included); longest server loop block ${s1.loopMaxMs.toFixed(1)} ms (${s1.loopMaxLabel}); ` +
        s1.perRoute.map((p) => `${p.label}: ${p.statuses.join('/')} median ${p.medianMs} ms`).join('; '),
    }),
  );
  out.push(
    withPass({
      id: 201,
      name: `security S2: server RSS after ${TZ_REQUESTS.toLocaleString('en')} distinct x-timezone spellings`,
      value: r2(s2.deltaMb),
      unit: 'MB (delta)',
      extra: {
        beforeMb: r2(s2.beforeMb),
        afterMb: r2(s2.afterMb),
        withoutGcDeltaMb: r2(s2.withoutGcDeltaMb),
        peakMb: r2(s2.peakMb),
        heapUsedDeltaMb: r2(s2.heapUsedDeltaMb),
        requests: s2.requests,
        status4xx: s2.status4xx,
        errors: s2.errors,
        seconds: r2(s2.seconds),
      },
      baseline: { name: `VmRSS before (after ${TZ_WARMUP.toLocaleString('en')} warm-up requests and a full GC)`, value: r2(s2.beforeMb), unit: 'MB' },
      ratio: sig3(s2.afterMb / s2.beforeMb),
      target: '≤ +20 MB',
      checks: [
        { label: 'delta ≤ 20 MB', ok: s2.deltaMb <= 20 },
        { label: `${TZ_REQUESTS.toLocaleString('en')} answered`, ok: s2.requests >= TZ_REQUESTS && s2.errors === 0 },
      ],
      note: `${s2.beforeMb.toFixed(0)} → ${s2.afterMb.toFixed(0)} MB VmRSS, each after a full GC (${signed(s2.withoutGcDeltaMb)} MB before the GC after the load; peak ${s2.peakMb.toFixed(0)} MB), V8 heap used ${signed(s2.heapUsedDeltaMb)} MB; unauthenticated GET /api/tasks (401), case variants of 3 zones and garbage, c=32, ${s2.seconds.toFixed(0)} s`,
    }),
  );
  if (s3) {
    out.push(
      withPass({
        id: 202,
        name: `security S3: event-loop delay p99 during ${LOGINS} concurrent logins, default login throttling`,
        value: r2(s3.busy.p99),
        unit: 'ms',
        extra: { maxMs: r2(s3.busy.max), statuses: s3.statuses, signedIn: s3.signedIn, throttled: s3.throttled, loginsWallMs: r2(s3.wallMs), loginP50Ms: r2(s3.loginP50), worstTurn: s3.busy.worstTurn },
        baseline: { name: 'idle, 3 s', value: r2(s3.idle.p99), unit: 'ms' },
        ratio: sig3(s3.busy.p99 / s3.idle.p99),
        target: '≤ 20 ms',
        checks: [
          { label: 'p99 ≤ 20 ms', ok: s3.busy.p99 <= 20 },
          { label: 'every login evaluated', ok: s3.signedIn === s3.count },
        ],
        note: `max ${s3.busy.max.toFixed(1)} ms; ${s3.signedIn} of ${s3.count} logins evaluated and signed in, ${s3.throttled} answered 429 (answers ${JSON.stringify(s3.statuses)}); ${s3.wallMs.toFixed(0)} ms in all`,
      }),
    );
  }
  out.push(
    withPass({
      id: 203,
      name: 'security S4: longest loop block of one malformed-input or large-batch request',
      value: r2(s4.worst.loopMaxMs),
      unit: 'ms',
      extra: { request: s4.worst.label, status: s4.worst.status, requests: s4.requests, unexpected: s4.unexpected, tagBatch: s4.tagBatch, pulledNotes: s4.pulledNotes, runs: s4.runs },
      baseline: null,
      target: '≤ 100 ms',
      checks: [
        { label: 'block ≤ 100 ms', ok: s4.worst.loopMaxMs <= 100 },
        { label: 'expected answers', ok: s4.unexpected.length === 0 },
      ],
      note:
        `${s4.requests} requests, one at a time; the longest blocks: ` +
        [...s4.runs]
          .sort((a, b) => b.loopMaxMs - a.loopMaxMs)
          .slice(0, 4)
          .map((r) => `${r.label.trim()} (${r.status}) ${r.loopMaxMs.toFixed(0)} ms, ${r.sqlMs === null ? '?' : r.sqlMs.toFixed(0)} ms of it in synchronous SQLite${r.sql ? ` (${r.sql.statements} statements, ${r.sql.writes} writes)` : ''}`)
          .join('; ') +
        '; ' +
        `the ${(s4.tagBatch.bytes / 1024).toFixed(0)} KB tag batch took ${s4.tagBatch.pushes} pushes (the batch budget cuts them), the 1,000 task.create ${s4.thousandPushes}` +
        (s4.unexpected.length ? `; unexpected answers: ${s4.unexpected.join('; ')}` : ''),
    }),
  );
  return out;
}
