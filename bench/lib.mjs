// Helpers shared by the benchmark orchestrator (scripts/bench.mjs) and its child processes.
// Plain ESM for Node 20, no TypeScript: the bench runs the compiled server (server/dist).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/** One keep-alive agent for every scripted request of the orchestrator (autocannon has its own sockets). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * A JSON request to 127.0.0.1:port. Answers { status, json, bytes }; the body is parsed here, so a timing
 * around this call is end to end (request, server work, transfer, client-side JSON.parse).
 */
export function request(port, method, path, body, headers = {}) {
  return requestRaw(port, method, path, body === undefined ? undefined : JSON.stringify(body), headers);
}

/**
 * The same with the body sent as given (a string or a Buffer, e.g. malformed JSON or invalid UTF-8), as
 * `application/json` unless `headers` says otherwise.
 */
export function requestRaw(port, method, path, payload, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          let json;
          const t0 = performance.now();
          try {
            json = buf.length ? JSON.parse(buf.toString('utf8')) : undefined;
          } catch {
            json = undefined;
          }
          const parseMs = performance.now() - t0;
          resolve({ status: res.statusCode, json, bytes: buf.length, parseMs, text: json === undefined ? buf.toString('utf8') : '' });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export function closeAgent() {
  agent.destroy();
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A number rounded to 2 decimals (figures in results.json). */
export const r2 = (x) => Math.round(x * 100) / 100;

/** A ratio to 3 significant digits (0.0142, 4.35). */
export const sig3 = (x) => Number(x.toPrecision(3));

/** A result row with its `pass`: every check ok; null when it has no checks (the figure is only reported). */
export function withPass(m) {
  const checks = m.checks ?? [];
  return { ...m, pass: checks.length ? checks.every((c) => c.ok) : null };
}

/** Whether the module at `moduleUrl` (its import.meta.url) is the script node was started with. */
export const isMain = (moduleUrl) => Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]).href;

/** A logger that prefixes each line with `[prefix <seconds since this call> s]`. */
export function timedLogger(prefix) {
  const started = performance.now();
  return (msg) => console.log(`[${prefix} ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${msg}`);
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

// ---------------------------------------------------------------------------------------------------------
// Data: realistic tasks, deterministic per seed so runs are comparable.

/** A small deterministic PRNG (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'call email review plan write buy book fix clean send pay read draft update check order schedule prepare ' +
  'finish organise sort renew cancel refill water pick up drop off the a for with about before after dentist ' +
  'landlord report invoice taxes groceries laundry kitchen garage budget slides meeting notes project client ' +
  'doctor prescription insurance car bike birthday gift mum dad team sprint backlog docs inbox filing'
).split(' ');

/** A UUIDv7-shaped id (48-bit millisecond prefix, random rest), the kind the client generates offline. */
export function newId() {
  const ts = Date.now().toString(16).padStart(12, '0');
  const r = randomUUID();
  return `${ts.slice(0, 8)}-${ts.slice(8)}-7${r.slice(15)}`;
}

function words(rand, min, max) {
  const n = min + Math.floor(rand() * (max - min + 1));
  const out = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]);
  const s = out.join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The ISO day `n` days after the ISO day `date` (UTC). */
export const addDays = (date, n) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function isoDate(base, offsetDays) {
  return new Date(base + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

const BASE_DAY = Date.UTC(2026, 10, 22);
const PRIORITIES = ['low', 'medium', 'high'];

/**
 * Fields of a task as a client sends them in `task.create` and as the server stores them (same key order as
 * the mutator's output): a title of 3–9 words, a description on ~40% of tasks, dates, a time on some, 0–3 tags
 * and, when `parents` has candidates, a parent on ~15% of tasks (subtasks).
 */
export function taskFields(rand, tagIds, parents = []) {
  const hasDue = rand() < 0.6;
  const tags = [];
  const nTags = Math.floor(rand() * 4);
  for (let i = 0; i < nTags; i++) {
    const t = tagIds[Math.floor(rand() * tagIds.length)];
    if (!tags.includes(t)) tags.push(t);
  }
  return {
    title: words(rand, 3, 9),
    description: rand() < 0.4 ? words(rand, 8, 40) + '.' : '',
    completed: rand() < 0.3,
    dueDate: hasDue ? isoDate(BASE_DAY, Math.floor(rand() * 60) - 20) : null,
    startDate: hasDue && rand() < 0.3 ? isoDate(BASE_DAY, Math.floor(rand() * 20) - 25) : null,
    time: hasDue && rand() < 0.25 ? `${String(8 + Math.floor(rand() * 10)).padStart(2, '0')}:${rand() < 0.5 ? '00' : '30'}` : null,
    priority: PRIORITIES[Math.floor(rand() * 3)],
    tags,
    parent: parents.length > 0 && rand() < 0.15 ? parents[Math.floor(rand() * parents.length)] : null,
  };
}

export function tagIdsFor(n = 20) {
  return Array.from({ length: n }, () => newId());
}

/**
 * Tasks as a client creates them, deterministic per `seed`: each call answers `{ id, fields }`, and ~15% of
 * tasks are subtasks of one of the 200 created before them.
 */
export function taskSource(seed, tagCount = 20) {
  const rand = rng(seed);
  const tags = tagIdsFor(tagCount);
  const recent = [];
  return () => {
    const id = newId();
    const fields = taskFields(rand, tags, recent);
    recent.push(id);
    if (recent.length > 200) recent.shift();
    return { id, fields };
  };
}

/**
 * An `entities` row exactly as the server's sync engine writes one for a created task: data as JSON, parent_id
 * from data.parent, every field at the row's version in field_versions.
 */
export function taskRow(userId, id, fields, version, nowIso) {
  return {
    user_id: userId,
    type: 'task',
    id,
    data: JSON.stringify(fields),
    parent_id: fields.parent,
    version,
    deleted: 0,
    field_versions: JSON.stringify(Object.fromEntries(Object.keys(fields).map((k) => [k, version]))),
    created_at: nowIso,
    updated_at: nowIso,
  };
}

export const INSERT_ENTITY_SQL =
  'INSERT INTO entities (user_id, type, id, data, parent_id, version, deleted, field_versions, created_at, updated_at) ' +
  'VALUES (@user_id, @type, @id, @data, @parent_id, @version, @deleted, @field_versions, @created_at, @updated_at)';

/**
 * Pushes `mutations` (numbered 1…n here) for a fresh `clientId` over HTTP, 1,000 a request; a push the server
 * cut at its batch budget (docs/sync.md, "Limits per user") continues after its `lastMutationId`. Throws on an
 * HTTP error or on a mutation that was not applied.
 */
export async function pushMutations(base, token, clientId, mutations, headers = {}) {
  const numbered = mutations.map((m, i) => ({ ...m, id: i + 1 }));
  for (let last = 0, requests = 0; last < numbered.length; ) {
    if (++requests > 10 * numbered.length) throw new Error('push: no progress');
    const res = await fetch(`${base}/api/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify({ clientId, schemaVersion: 1, mutations: numbered.slice(last, last + 1000) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST /api/sync/push answered ${res.status}: ${text.slice(0, 300)}`);
    const answer = JSON.parse(text);
    const bad = answer.results.filter((x) => x.status !== 'applied');
    if (bad.length) throw new Error(`push: ${bad.length} not applied: ${JSON.stringify(bad[0])}`);
    last = answer.lastMutationId;
  }
}
