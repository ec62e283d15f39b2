// Requests of the security suite (bench/security.mjs): the server's body limit, bodies sized to it, and one
// request measured inside its own event-loop window in the server.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { request, sleep } from '../lib.mjs';
import { pushAll } from '../harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The server's body limit (BODY_LIMIT of the compiled server/src/app.ts): the largest body that reaches validation. */
export const { BODY_LIMIT } = await import(pathToFileURL(path.join(root, 'server', 'dist', 'app.js')).href);
if (!Number.isInteger(BODY_LIMIT) || BODY_LIMIT <= 0) throw new Error('server/dist/app.js exports no BODY_LIMIT');

/** A body whose `make(n)` grows by one byte per unit of n, sized to exactly `bytes` of JSON. */
export function sized(make, bytes = BODY_LIMIT) {
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
export async function measured(app, label, send) {
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

export const push = (port, user, clientId, mutations, firstId = 1) =>
  request(port, 'POST', '/api/sync/push', { clientId, schemaVersion: 1, mutations: mutations.map((m, i) => ({ id: firstId + i, ...m })) }, user.headers);

/** Seeding: `mutations` without ids, numbered from `firstId`, all applied (continuing after the batch budget). */
export const pushOk = (port, user, clientId, mutations, firstId) => pushAll(port, user.headers, clientId, mutations.map((m, i) => ({ id: firstId + i, ...m })));

/** A JSON text of about `bytes` bytes: `prefix`, then `unit` repeated, then `suffix`. */
export function padded(prefix, unit, suffix, bytes = BODY_LIMIT) {
  const n = Math.floor((bytes - prefix.length - suffix.length) / unit.length);
  return prefix + unit.repeat(n) + suffix;
}
