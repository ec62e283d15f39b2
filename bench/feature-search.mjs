// Server search benchmark without a browser (metric 150, issue 16; 151 on PostgreSQL): `GET /api/search?q` over
// 13,800 documents of one user — 10,000 tasks, 2,000 notes of about 1 KB, 1,000 events, 300 habits and 500 inbox
// items, written through the sync push — with a mix of queries (a 3-letter prefix of a common word, a rare word,
// two words, Cyrillic, a word that matches nothing). Target: ≤ 20 ms server side (median). The baseline is the
// raw FTS5 statement of the same queries (both indexes, bm25, the hit ids only) on the same file through
// better-sqlite3. The figure held to the target is the app's own `reply.elapsedTime` of each request (routing to
// the response handed to the socket, recorded by the runner's onResponse hook), as in feature-events.mjs.
// Run alone with `node bench/feature-search.mjs` after `npx tsc -b`; `--pg` (or BENCH_DATABASE_URL) adds the
// same run on PostgreSQL (a throwaway cluster, scripts/pg-throwaway.sh); `--only-pg` runs PostgreSQL alone (151).
import { performance } from 'node:perf_hooks';
import { openDb, startChild, tempDir, withTokens } from './harness.mjs';
import { isMain, median, newId, percentile, pushMutations, r2, rng, sig3 } from './lib.mjs';
import { postgresStore, sqliteStore, startPostgres } from './server/store.mjs';

const COUNTS = { task: 10_000, note: 2_000, event: 1_000, habit: 300, inbox: 500 };
const DOCS = Object.values(COUNTS).reduce((a, b) => a + b, 0);
const ROUNDS = 5;

/** A deterministic vocabulary: Latin pseudo-words from syllables, a fifth of them Cyrillic. */
function vocabulary(rand) {
  const latin = 'ba be bi bo bu da de di do ka ke ki ko la le li lo ma me mi mo na ne ni no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vi vo za ze zi zo'.split(' ');
  const cyr = 'ба бе би бо бу да де ди до ка ке ки ко ла ле ли ло ма ме ми мо на не ни но па пе пи по ра ре ри ро са се си со та те ти то'.split(' ');
  const seen = new Set();
  const out = [];
  while (out.length < 2000) {
    const syl = out.length % 5 === 4 ? cyr : latin;
    const n = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += syl[Math.floor(rand() * syl.length)];
    if (!seen.has(w)) seen.add(w), out.push(w);
  }
  return out;
}

/** The mutations of the 14,000 documents and the queries to ask of them. */
export function searchData(seed = 150) {
  const rand = rng(seed);
  const vocab = vocabulary(rand);
  // Zipf-like: low indexes are common words, high ones rare.
  const word = () => vocab[Math.floor(vocab.length * rand() ** 2.5)];
  const text = (min, max) => Array.from({ length: min + Math.floor(rand() * (max - min + 1)) }, word).join(' ');
  const title = (min, max) => {
    const s = text(min, max);
    return s.charAt(0).toUpperCase() + s.slice(1);
  };
  const m = [];
  for (let i = 0; i < COUNTS.task; i++) m.push({ name: 'task.create', args: { id: newId(), title: title(3, 8), description: rand() < 0.4 ? text(10, 30) : '' } });
  for (let i = 0; i < COUNTS.note; i++) m.push({ name: 'note.create', args: { id: newId(), title: title(2, 5), content: text(140, 160) } });
  for (let i = 0; i < COUNTS.event; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    m.push({
      name: 'event.create',
      args: { id: newId(), title: title(2, 5), startDate: `2026-12-${day}`, startTime: '09:00', endTime: '10:00', description: rand() < 0.3 ? text(5, 20) : '', location: rand() < 0.3 ? title(1, 3) : '' },
    });
  }
  for (let i = 0; i < COUNTS.habit; i++) m.push({ name: 'habit.create', args: { id: newId(), title: title(2, 4), description: rand() < 0.5 ? text(5, 15) : '', startDate: '2026-01-01' } });
  for (let i = 0; i < COUNTS.inbox; i++) m.push({ name: 'inbox.create', args: { id: newId(), text: text(3, 15) } });
  const queries = [
    ...[0, 1, 3, 7].map((i) => vocab[i].slice(0, 3)), // prefixes of common words: many hits
    ...[40, 90, 200].map((i) => vocab[i]), // middling words
    ...[900, 1500, 1990].map((i) => vocab[i]), // rare words
    `${vocab[2]} ${vocab[5].slice(0, 3)}`, // two words
    `${vocab[10]} ${vocab[60]}`,
    vocab[4].slice(0, 2), // Cyrillic prefix (every fifth word is Cyrillic)
    vocab[14],
    'zzzqx', // nothing
  ];
  return { mutations: m, queries };
}

/** The raw FTS5 statement of the same query on SQLite (dialect.ts `search`), the hits' ids only. */
function rawSqliteSearch(file) {
  const db = openDb(file);
  const stmt = db.prepare(`SELECT type, id FROM (
      SELECT m.type AS type, m.item_id AS id, bm25(search_fts, 10.0, 1.0) AS score
      FROM search_fts f JOIN fts_search_ids m ON m.fts_rowid = f.rowid WHERE search_fts MATCH ? AND m.user_id = ?
      UNION ALL
      SELECT 'note', m.note_id, bm25(notes_fts, 10.0, 1.0)
      FROM notes_fts f JOIN fts_note_ids m ON m.fts_rowid = f.rowid WHERE notes_fts MATCH ? AND m.user_id = ?
    ) ORDER BY score, type, id LIMIT 1000`);
  return {
    run(q, userId) {
      const match = (q.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => `"${w}"*`).join(' ');
      return stmt.all(match, userId, match, userId);
    },
    close: () => db.close(),
  };
}

async function runOn(kind, say) {
  const dir = tempDir(`search-${kind}`);
  const cluster = kind === 'postgres' ? startPostgres() : null;
  const store = kind === 'postgres' ? await postgresStore(cluster.url, dir) : sqliteStore(dir);
  const app = await startChild('app-runner.mjs', store.appEnv);
  try {
    const [user] = await withTokens(app, [await store.addUser(`search-${newId()}@example.com`)]);
    const token = user.headers.authorization.slice('Bearer '.length);
    const { mutations, queries } = searchData();
    say(`search (${kind}): pushing ${DOCS} documents…`);
    const t0 = performance.now();
    // Pushes of at most ~600 KB (the body limit is 1 MiB), each from a client of its own (ids from 1).
    for (let i = 0, n = 0; i < mutations.length; n++) {
      let end = i;
      for (let bytes = 0; end < mutations.length && bytes < 600_000; end++) bytes += JSON.stringify(mutations[end]).length;
      await pushMutations(`http://127.0.0.1:${app.port}`, token, `bench-search-${n}-${newId()}`, mutations.slice(i, end));
      i = end;
    }
    say(`search (${kind}): pushed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const base = `http://127.0.0.1:${app.port}/api/search?q=`;
    const ask = async (q) => {
      const res = await fetch(base + encodeURIComponent(q), { headers: user.headers });
      const body = await res.text();
      if (!res.ok) throw new Error(`search answered ${res.status}: ${body.slice(0, 200)}`);
      return JSON.parse(body);
    };
    const totals = {};
    for (const q of queries) totals[q] = (await ask(q)).total;
    if (!Object.values(totals).some((n) => n >= 50)) throw new Error(`no query found 50 hits: ${JSON.stringify(totals)}`);
    const http = [];
    await app.call('responseTimesStart');
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of queries) {
        const t = performance.now();
        await ask(q);
        http.push(performance.now() - t);
      }
    }
    const server = (await app.call('responseTimes')).filter((x) => x.url.startsWith('/api/search')).map((x) => x.ms);
    if (server.length !== ROUNDS * queries.length) throw new Error(`the runner recorded ${server.length} search responses`);
    const perQuery = queries.map((q, i) => ({ q, total: totals[q], ms: median(server.filter((_, j) => j % queries.length === i)) }));
    const slowest = perQuery.reduce((a, b) => (b.ms > a.ms ? b : a));
    let raw = null;
    if (kind === 'sqlite') {
      const rs = rawSqliteSearch(store.file);
      for (const q of queries) rs.run(q, user.id);
      const times = [];
      for (let r = 0; r < ROUNDS; r++) {
        for (const q of queries) {
          const t = performance.now();
          rs.run(q, user.id);
          times.push(performance.now() - t);
        }
      }
      rs.close();
      raw = median(times);
    }
    return { server, http, perQuery, slowest, raw };
  } finally {
    await app.stop();
    await store.close();
    cluster?.stop();
  }
}

function metricOf(kind, { server, http, perQuery, slowest, raw }) {
  const p50 = median(server);
  const checks = [{ label: 'p50 ≤ 20 ms', ok: p50 <= 20 }];
  return {
    id: kind === 'sqlite' ? 150 : 151,
    name: `search: GET /api/search over ${DOCS} documents (10k tasks, 2k notes of ~1 KB, 1k events, 300 habits, 500 inbox), ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    value: r2(p50),
    unit: 'ms',
    extra: {
      p95Ms: r2(percentile(server, 95)),
      maxMs: r2(Math.max(...server)),
      httpP50Ms: r2(median(http)),
      slowestQuery: { q: slowest.q, total: slowest.total, ms: r2(slowest.ms) },
      queries: perQuery.map((x) => ({ q: x.q, total: x.total, ms: r2(x.ms) })),
    },
    ...(raw === null
      ? {}
      : { baseline: { name: 'raw FTS5 statement of the same queries (both indexes, ids only; better-sqlite3)', value: r2(raw), unit: 'ms' }, ratio: sig3(p50 / Math.max(raw, 0.01)) }),
    target: '≤ 20 ms (median)',
    checks,
    pass: checks.every((c) => c.ok),
    note: `median server-side time (reply.elapsedTime) of ${ROUNDS} rounds of ${perQuery.length} queries (prefixes of common words, rare words, two words, Cyrillic, no match; top 50 answered, total counted up to 1,000) after one warm-up round`,
  };
}

export async function runBench({ say = console.log, postgres = Boolean(process.env.BENCH_DATABASE_URL), onlyPostgres = false } = {}) {
  const metrics = [];
  for (const kind of onlyPostgres ? ['postgres'] : postgres ? ['sqlite', 'postgres'] : ['sqlite']) {
    const m = metricOf(kind, await runOn(kind, say));
    say(`search (${kind}): server p50 ${m.value} ms, p95 ${m.extra.p95Ms} ms, slowest query '${m.extra.slowestQuery.q}' (${m.extra.slowestQuery.total} hits) ${m.extra.slowestQuery.ms} ms${m.baseline ? `, raw FTS ${m.baseline.value} ms` : ''}`);
    metrics.push(m);
  }
  return { metrics };
}

if (isMain(import.meta.url)) {
  const out = await runBench({ postgres: process.argv.includes('--pg') || Boolean(process.env.BENCH_DATABASE_URL), onlyPostgres: process.argv.includes('--only-pg') });
  console.log(JSON.stringify(out.metrics, null, 2));
  process.exit(0);
}
