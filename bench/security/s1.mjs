// Security S1 (200): the time to refuse a 1 MiB string field on each route that takes one.
import { median, newId, r2, request } from '../lib.mjs';
import { measured, sized } from './common.mjs';
import { S1_REPEATS } from './settings.mjs';

export function s1Cases(s1User) {
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

export async function benchS1(app, s1User, say) {
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
