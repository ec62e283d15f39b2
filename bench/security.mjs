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
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { median, newId, request, requestRaw, rng, sleep, tagIdsFor, taskFields } from './lib.mjs';
import { measureLogins, openDb, pushAll, startChild, tempDir, userInserter, withTokens } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server's body limit (BODY_LIMIT of the compiled server/src/app.ts): the largest body that reaches validation. */
const { BODY_LIMIT } = await import(pathToFileURL(path.join(root, 'server', 'dist', 'app.js')).href);
if (!Number.isInteger(BODY_LIMIT) || BODY_LIMIT <= 0) throw new Error('server/dist/app.js exports no BODY_LIMIT');
const S1_REPEATS = 5;
const TZ_WARMUP = 5_000;
const TZ_REQUESTS = 100_000;
const TAG_USER_TASKS = 20_000;
const TAG_COUNT = 20;
const TAG_BATCH_BYTES = 35 * 1024;
const HABIT_DAYS = 20_000;
const NOTE_BYTES = 450 * 1024;
const NOTES = 12;
const LOGINS = 50;
const r2 = (x) => Math.round(x * 100) / 100;
const signed = (x) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;

/** A body whose `make(n)` grows by one byte per unit of n, sized to exactly `bytes` of JSON. */
function sized(make, bytes = BODY_LIMIT) {
  const base = Buffer.byteLength(JSON.stringify(make(0)));
  const body = make(bytes - base);
  const size = Buffer.byteLength(JSON.stringify(body));
  if (size !== bytes) throw new Error(`a sized body came to ${size} bytes instead of ${bytes}`);
  return body;
}

/**
 * One request inside its own event-loop window in the server: the window opens (the monitor drops its first
 * sample, so it gets 15 ms first), the request runs, 15 ms pass for the monitor's timer to fire after any
 * block, and the window closes. Answers the request's status and time and the server's longest delay.
 */
async function measured(app, label, send) {
  await app.call('lagStart', { traceSql: true });
  await sleep(15);
  const t0 = performance.now();
  const res = await send();
  const ms = performance.now() - t0;
  await sleep(15);
  const lag = await app.call('lagStop');
  const turn = lag.worstTurn;
  return { label, status: res.status, ms, loopMaxMs: lag.max, sqlMs: turn?.sqlMs ?? null, sql: turn ? { statements: turn.statements, writes: turn.writes } : null, res };
}

const push = (port, user, clientId, mutations, firstId = 1) =>
  request(port, 'POST', '/api/sync/push', { clientId, schemaVersion: 1, mutations: mutations.map((m, i) => ({ id: firstId + i, ...m })) }, user.headers);

/** Seeding: `mutations` without ids, numbered from `firstId`, all applied (continuing after the batch budget). */
const pushOk = (port, user, clientId, mutations, firstId) => pushAll(port, user.headers, clientId, mutations.map((m, i) => ({ id: firstId + i, ...m })));

// ---------------------------------------------------------------------------------------------------------
// Seeding (write rate limit lifted)

async function seed(app, db, say) {
  const add = userInserter(db);
  const users = await withTokens(app, [
    add(`sec-s1-${newId()}@example.com`),
    add(`sec-tags-${newId()}@example.com`),
    add(`sec-notes-${newId()}@example.com`),
    add(`sec-push-${newId()}@example.com`),
    add(`sec-malformed-${newId()}@example.com`),
  ]);
  const [, tagUser, notesUser] = users;
  const t0 = performance.now();
  const tagIds = tagIdsFor(TAG_COUNT);
  const tagClient = `seed-tags-${newId()}`;
  await pushOk(app.port, tagUser, tagClient, tagIds.map((id, i) => ({ name: 'tag.create', args: { id, name: `Tag ${i}` } })), 1);
  let next = TAG_COUNT + 1;
  const rand = rng(200);
  for (let done = 0; done < TAG_USER_TASKS; done += 1000) {
    const ms = Array.from({ length: 1000 }, () => ({ name: 'task.create', args: { id: newId(), ...taskFields(rand, tagIds) } }));
    await pushOk(app.port, tagUser, tagClient, ms, next);
    next += ms.length;
  }
  const held = db
    .prepare("SELECT count(*) AS n FROM entities WHERE user_id = ? AND type = 'task' AND deleted = 0 AND json_array_length(data, '$.tags') > 0")
    .get(tagUser.id).n;
  const noteClient = `seed-notes-${newId()}`;
  const text = 'Meeting notes and a long draft of the quarterly report. '.repeat(Math.ceil(NOTE_BYTES / 56)).slice(0, NOTE_BYTES);
  for (let i = 0; i < NOTES; i++) {
    await pushOk(app.port, notesUser, noteClient, [{ name: 'note.create', args: { id: newId(), title: `Long note ${i}`, content: text } }], i + 1);
  }
  say(
    `security: seeded ${TAG_USER_TASKS.toLocaleString('en')} tasks (${held.toLocaleString('en')} holding some of ${TAG_COUNT} tags) and ` +
      `${NOTES} notes of ${NOTE_BYTES / 1024} KB through push in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return { users, tagIds };
}

// ---------------------------------------------------------------------------------------------------------
// S1: 1 MiB strings

function s1Cases(s1User) {
  const spaces = (n) => ' '.repeat(Math.max(0, n));
  return [
    {
      label: 'POST /api/auth/login, email "a@" + dots + "@"',
      send: (port) => request(port, 'POST', '/api/auth/login', sized((n) => ({ email: `a@${'.'.repeat(n)}@`, password: 'not-the-password-1' }))),
    },
    {
      label: 'POST /api/auth/register, name',
      send: (port) =>
        request(
          port,
          'POST',
          '/api/auth/register',
          sized((n) => ({ email: `new-${newId()}@example.com`, password: 'a long enough password 42', name: 'x'.repeat(n), hasAcceptedTerms: true, verificationToken: 'not-a-proof' })),
        ),
    },
    { label: 'POST /api/tasks, title', send: (port) => request(port, 'POST', '/api/tasks', sized((n) => ({ title: 'x'.repeat(n) })), s1User.headers) },
    { label: 'POST /api/tasks, time (spaces)', send: (port) => request(port, 'POST', '/api/tasks', sized((n) => ({ title: 'Call mum', time: spaces(n) })), s1User.headers) },
    {
      label: 'POST /api/sync/push, task.create with a 1 MiB time',
      refused: (res) => res.status === 400 || (res.status === 200 && res.json?.results?.[0]?.status === 'rejected'),
      send: (port) =>
        request(
          port,
          'POST',
          '/api/sync/push',
          sized((n) => ({ clientId: `s1-${newId()}`, schemaVersion: 1, mutations: [{ id: 1, name: 'task.create', args: { id: newId(), title: 'Call mum', time: spaces(n) } }] })),
          s1User.headers,
        ),
    },
    { label: 'POST /api/notes, content over its maximum', send: (port) => request(port, 'POST', '/api/notes', sized((n) => ({ title: 'Draft', content: 'x'.repeat(n) })), s1User.headers) },
  ];
}

async function benchS1(app, s1User, say) {
  const cases = s1Cases(s1User);
  const runs = [];
  for (let r = 0; r < S1_REPEATS; r++) {
    for (const c of cases) {
      const m = await measured(app, c.label, () => c.send(app.port));
      runs.push({ ...m, refused: c.refused ? c.refused(m.res) : m.res.status === 400 });
    }
  }
  const perRoute = cases.map((c) => {
    const rs = runs.filter((x) => x.label === c.label);
    return {
      label: c.label,
      statuses: [...new Set(rs.map((x) => x.status))],
      refused: rs.every((x) => x.refused),
      medianMs: r2(median(rs.map((x) => x.ms))),
      maxMs: r2(Math.max(...rs.map((x) => x.ms))),
      loopMaxMs: r2(Math.max(...rs.map((x) => x.loopMaxMs))),
    };
  });
  for (const p of perRoute) {
    say(`  S1 ${p.label}: ${p.statuses.join('/')}${p.refused ? '' : ' (NOT refused)'}, median ${p.medianMs} ms, max ${p.maxMs} ms, loop block ≤ ${p.loopMaxMs} ms`);
  }
  const worst = runs.reduce((a, b) => (b.loopMaxMs > a.loopMaxMs ? b : a));
  return {
    medianMs: median(runs.map((x) => x.ms)),
    maxMs: Math.max(...runs.map((x) => x.ms)),
    loopMaxMs: worst.loopMaxMs,
    loopMaxLabel: worst.label,
    allRefused: runs.every((x) => x.refused),
    requests: runs.length,
    perRoute,
  };
}

// ---------------------------------------------------------------------------------------------------------
// S2: x-timezone spellings

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

async function benchS2(app, say) {
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

// ---------------------------------------------------------------------------------------------------------
// S4: one request at a time

/** A JSON text of about `bytes` bytes: `prefix`, then `unit` repeated, then `suffix`. */
function padded(prefix, unit, suffix, bytes = BODY_LIMIT) {
  const n = Math.floor((bytes - prefix.length - suffix.length) / unit.length);
  return prefix + unit.repeat(n) + suffix;
}

function malformedCases(user) {
  const json = { ...user.headers, 'content-type': 'application/json' };
  const depth = Math.floor((BODY_LIMIT - 20) / 2);
  const objects = Math.floor((BODY_LIMIT - 20) / 6);
  const k = (n) => `${Math.round(n / 1000)}k`;
  const mib = `${(BODY_LIMIT / 2 ** 20).toFixed(BODY_LIMIT % 2 ** 20 ? 2 : 0)} MiB`;
  const badUtf8 = Buffer.concat([Buffer.from('{"title":"'), Buffer.alloc(BODY_LIMIT - 20, Buffer.from([0xc3, 0x28, 0xff, 0xfe])), Buffer.from('"}')]);
  return [
    { label: `POST /api/tasks, title nested ${k(depth - 10)} arrays deep`, send: (port) => requestRaw(port, 'POST', '/api/tasks', `{"title":${'['.repeat(depth - 10)}${']'.repeat(depth - 10)}}`, json) },
    { label: `POST /api/sync/push, mutations nested ${k(objects)} objects deep`, send: (port) => requestRaw(port, 'POST', '/api/sync/push', `{"mutations":${'{"a":'.repeat(objects)}1${'}'.repeat(objects)}}`, json) },
    { label: 'POST /api/tasks, "__proto__" key', send: (port) => requestRaw(port, 'POST', '/api/tasks', '{"title":"x","__proto__":{"isAdmin":true}}', json) },
    { label: 'POST /api/tasks, "constructor.prototype" key', send: (port) => requestRaw(port, 'POST', '/api/tasks', '{"title":"x","constructor":{"prototype":{"isAdmin":true}}}', json) },
    { label: `POST /api/tasks, ${mib} of invalid UTF-8`, send: (port) => requestRaw(port, 'POST', '/api/tasks', badUtf8, json) },
    { label: 'POST /api/tasks, truncated JSON', send: (port) => requestRaw(port, 'POST', '/api/tasks', '{"title":"x", "tags": [', json) },
    { label: `POST /api/sync/push, mutations: ${k(BODY_LIMIT / 2)} numbers`, send: (port) => requestRaw(port, 'POST', '/api/sync/push', padded('{"clientId":"c","schemaVersion":1,"mutations":[', '1,', '1]}'), json) },
    {
      label: `POST /api/sync/push, ${mib} of task.create with 251 tags each`,
      send: (port) =>
        requestRaw(port, 'POST', '/api/sync/push', padded('{"clientId":"c","schemaVersion":1,"mutations":[', `{"id":1,"name":"task.create","args":{"id":"x","title":"t","tags":[${'"a",'.repeat(250)}"a"]}},`, '{}]}'), json),
    },
    { label: `POST /api/tasks, tags: ${k(BODY_LIMIT / 4)} strings`, send: (port) => requestRaw(port, 'POST', '/api/tasks', padded('{"title":"x","tags":[', '"a",', '"a"]}'), json) },
    { label: 'GET /api/tasks/%E0%A4%A', send: (port) => request(port, 'GET', '/api/tasks/%E0%A4%A', undefined, user.headers) },
    { label: 'GET /api/tasks/%E0%A4%A, no session', send: (port) => request(port, 'GET', '/api/tasks/%E0%A4%A') },
  ];
}

/** The 35 KB batch: delete every seeded tag (each held by ~1,500 tasks), then create/delete pairs up to the size. */
function tagBatch(tagIds) {
  const ms = tagIds.map((id) => ({ name: 'tag.delete', args: { id } }));
  let i = 0;
  while (Buffer.byteLength(JSON.stringify(ms)) < TAG_BATCH_BYTES) {
    const id = newId();
    ms.push({ name: 'tag.create', args: { id, name: `Batch tag ${i++}` } }, { name: 'tag.delete', args: { id } });
  }
  return ms;
}

async function benchS4(app, users, tagIds, say) {
  const [, tagUser, notesUser, pushUser, malformedUser] = users;
  const runs = [];
  const run = async (label, send, expect) => {
    const m = await measured(app, label, send);
    runs.push({ label, status: m.status, ms: m.ms, loopMaxMs: m.loopMaxMs, sqlMs: m.sqlMs, sql: m.sql, expected: expect(m.res) });
    return m.res;
  };
  for (const c of malformedCases(malformedUser)) await run(c.label, () => c.send(app.port), (res) => res.status >= 400 && res.status < 500 && typeof res.json?.error?.code === 'string');

  /**
   * A batch as the sync engine sends it: one push, then the pushes that finish it (a batch stops at its budget
   * and the client sends the rest), each measured; every mutation must be applied. Answers the push count.
   */
  const unfinished = [];
  const batchPushes = async (label, user, mutations) => {
    const clientId = `s4-${newId()}`;
    let from = 1;
    let pushes = 0;
    while (from <= mutations.length && pushes < 40) {
      pushes++;
      const res = await run(
        pushes === 1 ? label : `  … continuation ${pushes - 1} of the ${label.replace('POST /api/sync/push, ', '')}`,
        () => push(app.port, user, clientId, mutations.slice(from - 1), from),
        (r) => r.status === 200 && r.json.results.every((x) => x.status === 'applied'),
      );
      if (res.status === 429) {
        await sleep(1000); // the write rate limit: wait, as the sync engine does
        continue;
      }
      if (res.status !== 200) throw new Error(`${label}: push answered ${res.status}: ${res.text || JSON.stringify(res.json)}`);
      from = res.json.lastMutationId + 1;
    }
    if (from <= mutations.length) unfinished.push(`${label}: not finished in ${pushes} pushes`);
    return pushes;
  };

  const batch = tagBatch(tagIds);
  const bytes = Buffer.byteLength(JSON.stringify(batch));
  const pushes = await batchPushes(`POST /api/sync/push, ${(bytes / 1024).toFixed(0)} KB tag batch (${batch.length} mutations, 20k tasks)`, tagUser, batch);
  const tags = await request(app.port, 'GET', '/api/tags', undefined, tagUser.headers);
  const tagsLeft = Array.isArray(tags.json) ? tags.json.length : null;

  const day = (i) => new Date(Date.UTC(2026, 10, 25) - i * 86_400_000).toISOString().slice(0, 10);
  const history = (n) => Array.from({ length: n }, (_, i) => ({ date: day(i), status: 'complete' }));
  await run(`POST /api/habits, ${HABIT_DAYS.toLocaleString('en')} history days`, () => request(app.port, 'POST', '/api/habits', { title: 'Stretch', completionHistory: history(HABIT_DAYS) }, malformedUser.headers), (r) => r.status === 400);
  await run('POST /api/habits, 400 history days (the cap)', () => request(app.port, 'POST', '/api/habits', { title: 'Read', completionHistory: history(400) }, malformedUser.headers), (r) => r.status === 201);

  const rand = rng(203);
  const someTags = tagIdsFor(5);
  const thousand = Array.from({ length: 1000 }, () => ({ name: 'task.create', args: { id: newId(), ...taskFields(rand, someTags) } }));
  const thousandPushes = await batchPushes('POST /api/sync/push, 1,000 task.create', pushUser, thousand);

  let cursor = 0;
  let notes = 0;
  for (let page = 1; page <= 10; page++) {
    const res = await run(
      `POST /api/sync/pull, ${NOTES} notes of 450 KB, page ${page}`,
      () => request(app.port, 'POST', '/api/sync/pull', { clientId: `pull-${notesUser.id}`, cursor, limit: 5000, schemaVersion: 1 }, notesUser.headers),
      (r) => r.status === 200,
    );
    if (res.status !== 200) break;
    notes += res.json.changes.filter((c) => c.type === 'note').length;
    cursor = res.json.cursor;
    if (!res.json.hasMore) break;
  }
  await run(`GET /api/notes, ${NOTES} notes of 450 KB`, () => request(app.port, 'GET', '/api/notes', undefined, notesUser.headers), (r) => r.status === 200 && Array.isArray(r.json) && r.json.length === NOTES);

  for (const r of runs) say(`  S4 ${r.label}: ${r.status}${r.expected ? '' : ' (unexpected)'} in ${r.ms.toFixed(0)} ms, loop block ${r.loopMaxMs.toFixed(1)} ms`);
  const worst = runs.reduce((a, b) => (b.loopMaxMs > a.loopMaxMs ? b : a));
  return {
    worst,
    requests: runs.length,
    unexpected: [...runs.filter((r) => !r.expected).map((r) => `${r.label} → ${r.status}`), ...unfinished],
    tagBatch: { bytes, mutations: batch.length, pushes, tagsLeft },
    thousandPushes,
    pulledNotes: notes,
    runs: runs.map((r) => ({ ...r, ms: r2(r.ms), loopMaxMs: r2(r.loopMaxMs), sqlMs: r.sqlMs === null ? null : r2(r.sqlMs) })),
  };
}

// ---------------------------------------------------------------------------------------------------------

function securityMetrics({ s1, s2, s3, s4 }) {
  const metric = (m) => ({ ...m, pass: m.checks.every((c) => c.ok) });
  const out = [];
  out.push(
    metric({
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
    metric({
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
      ratio: Number((s2.afterMb / s2.beforeMb).toPrecision(3)),
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
      metric({
        id: 202,
        name: `security S3: event-loop delay p99 during ${LOGINS} concurrent logins, default login throttling`,
        value: r2(s3.busy.p99),
        unit: 'ms',
        extra: { maxMs: r2(s3.busy.max), statuses: s3.statuses, signedIn: s3.signedIn, throttled: s3.throttled, loginsWallMs: r2(s3.wallMs), loginP50Ms: r2(s3.loginP50), worstTurn: s3.busy.worstTurn },
        baseline: { name: 'idle, 3 s', value: r2(s3.idle.p99), unit: 'ms' },
        ratio: Number((s3.busy.p99 / s3.idle.p99).toPrecision(3)),
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
    metric({
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Alone, after `npx tsc -b` (scripts/bench.mjs --only security also builds, and prints the table).
  const out = await runSecurityBench();
  console.log(JSON.stringify(out.metrics.map(({ extra, ...m }) => ({ ...m, extra: { ...extra, runs: undefined } })), null, 2));
  process.exit(0);
}
