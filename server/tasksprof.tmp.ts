import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { makeTestApp, seedUser } from './test/kit.js';
const t = await makeTestApp({}, { syncLimits: { writeBurst: 1e12, writesPerMinute: 1e12 } });
const u = await seedUser(t.app);
let id = 1;
for (let b = 0; b < 10; b++) {
  const muts = Array.from({ length: 1000 }, () => ({ id: id, name: 'task.create', args: { id: `task-${id++}-abcdefghijkl`, title: 'Some task title with a few words ' + id, description: id % 3 ? 'A description that is a bit longer than the title, to look realistic enough' : undefined, priority: 'high', tags: [], ...(id % 7 === 0 ? { parent: `task-${id - 3}-abcdefghijkl` } : {}) } }));
  let rest = muts;
  while (rest.length) {
    const r = await t.app.inject({ method: 'POST', url: '/api/sync/push', headers: u.headers, payload: { clientId: 'seed-client-xxxx', mutations: rest } });
    if (r.statusCode !== 200) throw new Error(r.body);
    const last = r.json().lastMutationId;
    rest = rest.filter((m) => m.id > last);
  }
}
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as any).port;
const cannon = (d: number) => new Promise<string>((res) => { const c = spawn('npx', ['autocannon', '-c', '32', '-d', String(d), '-H', `authorization=${u.headers.authorization}`, `http://127.0.0.1:${port}/api/tasks?limit=100`], { stdio: ['ignore', 'pipe', 'pipe'] }); let out = ''; c.stdout.on('data', (x) => (out += x)); c.stderr.on('data', (x) => (out += x)); c.on('exit', () => res(out)); });
await cannon(2);
const { Session } = await import('node:inspector/promises'); const s = new Session(); s.connect(); await s.post('Profiler.enable'); await s.post('Profiler.start');
const out = await cannon(4);
const { profile } = await s.post('Profiler.stop'); writeFileSync('/tmp/tasks.cpuprofile', JSON.stringify(profile));
console.log(out.split('\n').filter((l) => /Req\/Sec|Latency|requests in/.test(l)).join('\n'));
await t.close();
