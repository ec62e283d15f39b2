// Security S2 (201): the server's VmRSS after 100,000 distinct `x-timezone` spellings.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sleep } from '../lib.mjs';
import { TZ_REQUESTS, TZ_WARMUP, signed } from './settings.mjs';

const ZONES = ['America/Argentina/Buenos_Aires', 'America/Indiana/Indianapolis', 'America/North_Dakota/New_Salem'];

/** The i-th spelling: three of four are case variants of a real zone (the bits of i flip letters), one garbage. */
export function zoneSpelling(i) {
  if (i % 4 === 3) return `Garbage/${i.toString(36)}_${'Zz'.repeat(i % 17)}`;
  let bits = Math.floor(i / 4);
  let out = '';
  for (const ch of ZONES[i % 4]) {
    if (/[a-z]/i.test(ch)) {
      out += bits & 1 ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) : ch;
      bits = Math.floor(bits / 2);
    } else out += ch;
  }
  return out;
}

async function timezoneLoad(port, from, amount) {
  let i = from;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/tasks`,
    connections: 32,
    pipelining: 1,
    amount,
    requests: [{ method: 'GET', path: '/api/tasks', setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-timezone': zoneSpelling(i++) } }) }],
  });
  return { total: result.requests.total, rps: result.requests.average, status401: result['4xx'], errors: result.errors + result.timeouts, sent: i - from };
}

export async function benchS2(app, say) {
  const distinct = new Set(Array.from({ length: TZ_WARMUP + TZ_REQUESTS }, (_, i) => zoneSpelling(i))).size;
  if (distinct !== TZ_WARMUP + TZ_REQUESTS) throw new Error(`only ${distinct} distinct x-timezone spellings`);
  await timezoneLoad(app.port, 0, TZ_WARMUP);
  // Both sides after a full collection: what the process still holds. A cache keyed by the raw spelling would
  // hold every one of them here; garbage not yet collected would not count.
  const before = await app.call('gcMemory');
  const mb = (kb) => kb / 1024;
  say(`  S2: ${TZ_REQUESTS.toLocaleString('en')} unauthenticated GET /api/tasks with distinct x-timezone spellings (VmRSS before ${mb(before.rssKb).toFixed(1)} MB)…`);
  const t0 = performance.now();
  const load = await timezoneLoad(app.port, TZ_WARMUP, TZ_REQUESTS);
  const seconds = (performance.now() - t0) / 1000;
  await sleep(1000);
  const settled = await app.call('memory'); // without a forced collection: what an operator would see
  const after = await app.call('gcMemory');
  const out = {
    beforeMb: mb(before.rssKb),
    afterMb: mb(after.rssKb),
    deltaMb: mb(after.rssKb - before.rssKb),
    withoutGcDeltaMb: mb(settled.rssKb - before.rssKb),
    peakMb: mb(after.hwmKb),
    heapUsedDeltaMb: (after.heapUsed - before.heapUsed) / 2 ** 20,
    requests: load.total,
    spellings: load.sent,
    status4xx: load.status401,
    errors: load.errors,
    seconds,
  };
  say(
    `  S2: VmRSS ${out.beforeMb.toFixed(1)} → ${out.afterMb.toFixed(1)} MB (${signed(out.deltaMb)} MB; before the forced GC ${signed(out.withoutGcDeltaMb)} MB; peak ${out.peakMb.toFixed(1)} MB), ` +
      `V8 heap used ${signed(out.heapUsedDeltaMb)} MB; ${out.requests.toLocaleString('en')} requests in ${seconds.toFixed(1)} s ` +
      `(${out.status4xx.toLocaleString('en')} answered 4xx, ${out.errors} errors)`,
  );
  return out;
}
