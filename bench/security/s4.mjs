// Security S4 (203): the longest event-loop block of one malformed-input or large-batch request, one at a time.
import { newId, r2, request, requestRaw, rng, sleep, tagIdsFor, taskFields } from '../lib.mjs';
import { BODY_LIMIT, measured, padded, push } from './common.mjs';
import { NOTES, TAG_BATCH_BYTES } from './settings.mjs';

const HABIT_DAYS = 20_000;

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

export async function benchS4(app, users, tagIds, say) {
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
