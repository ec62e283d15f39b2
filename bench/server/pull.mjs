// Metric 6: a full pull of the 10k-task user over HTTP against the raw SELECT of the same rows, interleaved.
import { performance } from 'node:perf_hooks';
import { median, newId, request } from '../lib.mjs';
import { openReadBaseline } from './sqlite.mjs';

export async function benchPull({ say, sizes, pragmas }, app, dbFile, user) {
  const clientId = `pull-${newId()}`;
  const fullPull = async () => {
    let cursor = 0;
    let count = 0;
    let bytes = 0;
    let pages = 0;
    let parseMs = 0;
    for (;;) {
      const res = await request(app.port, 'POST', '/api/sync/pull', { clientId, cursor, limit: sizes.pullPage, schemaVersion: 1 }, user.headers);
      if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
      count += res.json.changes.length;
      bytes += res.bytes;
      parseMs += res.parseMs;
      pages++;
      cursor = res.json.cursor;
      if (!res.json.hasMore) break;
    }
    return { count, bytes, pages, parseMs };
  };
  say(`pull: full pull of ${sizes.bigUserTasks} tasks over HTTP (pages of ${sizes.pullPage}), 1 warm-up + ${sizes.pullRuns} runs…`);
  const first = await fullPull();
  if (first.count !== sizes.bigUserTasks) throw new Error(`pull returned ${first.count} changes`);
  // Baselines on a separate read-only connection to the same file (its pages are in the OS cache by now).
  // HTTP and raw runs are interleaved, so drift on a shared machine affects both alike.
  const db = openReadBaseline(dbFile, pragmas);
  const select = db.prepare(
    'SELECT type, id, data, parent_id, version, deleted, created_at, updated_at FROM entities WHERE user_id = ? AND version > 0 ORDER BY version',
  );
  let rows = 0;
  const selectOnly = () => {
    rows = select.all(user.id).length;
  };
  const selectParse = () => {
    for (const r of select.all(user.id)) r.data = JSON.parse(r.data);
  };
  const timeIt = async (fn) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  selectOnly();
  selectParse();
  const http = [];
  const clientParse = [];
  const rawSelect = [];
  const rawParse = [];
  for (let i = 0; i < sizes.pullRuns; i++) {
    let parseMs = 0;
    http.push(
      await timeIt(async () => {
        parseMs = (await fullPull()).parseMs;
      }),
    );
    clientParse.push(parseMs);
    rawSelect.push(await timeIt(selectOnly));
    rawParse.push(await timeIt(selectParse));
  }
  db.close();
  if (rows !== sizes.bigUserTasks) throw new Error(`raw SELECT returned ${rows} rows`);
  const out = {
    httpMs: median(http),
    httpAll: http,
    clientParseMs: median(clientParse),
    selectMs: median(rawSelect),
    selectParseMs: median(rawParse),
    bytes: first.bytes,
    pages: first.pages,
  };
  say(
    `  pull ${out.httpMs.toFixed(1)} ms (median; ${(out.bytes / 1e6).toFixed(2)} MB in ${out.pages} pages); ` +
      `of which client JSON.parse ${out.clientParseMs.toFixed(1)} ms; raw SELECT ${out.selectMs.toFixed(1)} ms; SELECT + JSON.parse(data) ${out.selectParseMs.toFixed(1)} ms`,
  );
  return out;
}
