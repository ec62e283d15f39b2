// Metric 6: a full pull of the 10k-task user. The figure is the server-side time to produce it (every page's JSON,
// measured inside the app's process through the runner's IPC) against the raw SELECT of the same rows in that
// process (bench/server/pull-times.mjs). The same pull end to end over HTTP (transfer and the client's JSON.parse
// included) is reported beside it.
import { performance } from 'node:perf_hooks';
import { median, newId, request } from '../lib.mjs';

export async function benchPull({ say, sizes }, app, user) {
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
  say(`pull: full pull of ${sizes.bigUserTasks} tasks (pages of ${sizes.pullPage}), in the app's process and over HTTP, 1 warm-up + ${sizes.pullRuns} runs…`);
  const first = await fullPull();
  if (first.count !== sizes.bigUserTasks) throw new Error(`pull returned ${first.count} changes`);
  const inProcess = await app.call('pullTimes', { userId: user.id, pageSize: sizes.pullPage, runs: sizes.pullRuns });
  if (inProcess.rows !== sizes.bigUserTasks) throw new Error(`raw SELECT returned ${inProcess.rows} rows`);
  const http = [];
  const clientParse = [];
  for (let i = 0; i < sizes.pullRuns; i++) {
    const t0 = performance.now();
    clientParse.push((await fullPull()).parseMs);
    http.push(performance.now() - t0);
  }
  const out = {
    serverMs: inProcess.serverMs,
    serverAll: inProcess.serverAll,
    selectMs: inProcess.selectMs,
    httpMs: median(http),
    httpAll: http,
    clientParseMs: median(clientParse),
    bytes: first.bytes,
    pages: first.pages,
  };
  say(
    `  server-side pull ${out.serverMs.toFixed(1)} ms (median; ${inProcess.pages} pages) vs raw SELECT ${out.selectMs.toFixed(1)} ms in the app's process; ` +
      `over HTTP ${out.httpMs.toFixed(1)} ms (${(out.bytes / 1e6).toFixed(2)} MB), of which client JSON.parse ${out.clientParseMs.toFixed(1)} ms`,
  );
  return out;
}
