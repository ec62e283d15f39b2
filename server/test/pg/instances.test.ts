import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runExclusive } from '../../src/lib/jobs.js';
import { httpFrom } from '../http-from.js';
import { registerUser, TEST_PASSWORD } from '../helpers.js';
import { inject, newClientId, pushAs, seedSession, seedUser } from '../kit.js';
import { pokeReader, useTwoInstances, within } from './instances.js';

/**
 * Issue 14, "Several instances": two app instances on one PostgreSQL schema, in one test process. Pokes and
 * session ends cross instances (LISTEN/NOTIFY), tokens of one are valid on the other, the periodic job runs on
 * one at a time, and the limits count across both.
 */

const t = useTwoInstances({ listen: true });

const stream = async (base: string, headers: Record<string, string>) => {
  const res = await fetch(`${base}/api/sync/stream`, { headers });
  expect(res.status).toBe(200);
  return pokeReader(res);
};
const task = (id: string) => [{ id: 1, name: 'task.create' as const, args: { id, title: id } }];

describe('health and tokens', () => {
  it('each instance reports the store and its INSTANCE_ID', async () => {
    for (const [base, instance] of [
      [t.baseA, 'app-a'],
      [t.baseB, 'app-b'],
    ]) {
      const res = await fetch(`${base}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ok: true, db: 'postgres', store: 'ok', instance });
    }
  });

  it('a token issued by one instance works on the other: the generated signing key is kept in the store', async () => {
    const user = await registerUser(t.a.app);
    const me = await inject(t.b.app, user, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(user.email);
    const stored = await t.a.app.db.selectFrom('server_secrets').select('name').execute();
    expect(stored.map((r) => r.name)).toEqual(['jwt']);
    expect(existsSync(path.join(t.a.dataDir, 'jwt-secret')) || existsSync(path.join(t.b.dataDir, 'jwt-secret'))).toBe(false);
  });
});

describe('pokes and session ends cross instances (LISTEN/NOTIFY)', () => {
  it('a stream on B hears a push on A within a second, and A hears a REST write on B', async () => {
    const user = await seedUser(t.a.app);
    const onB = await stream(t.baseB, user.headers);
    const onA = await stream(t.baseA, user.headers);
    expect([await onB.next(), await onA.next()]).toEqual([0, 0]);

    expect((await pushAs(t.a.app, user, newClientId('poke'), task('p1'))).statusCode).toBe(200);
    expect(await within(1_000, 'poke on B after a push on A', onB.next())).toBe(1);
    expect(await within(1_000, 'poke on A (its own write)', onA.next())).toBe(1);

    expect((await inject(t.b.app, user, 'POST', '/api/tasks', { title: 'via REST on B' })).statusCode).toBe(201);
    expect(await within(1_000, 'poke on A after a write on B', onA.next())).toBe(2);
    expect(await within(1_000, 'poke on B (its own write)', onB.next())).toBe(2);
    await Promise.all([onA.cancel(), onB.cancel()]);
  });

  it('a logout on A closes the stream of that session on B; the user\'s other session keeps its stream', async () => {
    const user = await seedUser(t.a.app);
    const other = await seedSession(t.a.app, user.id);
    const ended = await stream(t.baseB, user.headers);
    const kept = await stream(t.baseB, other.headers);
    expect([await ended.next(), await kept.next()]).toEqual([0, 0]);

    expect((await inject(t.a.app, user, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    await within(1_000, 'the stream of the ended session closing on B', ended.closed());

    expect((await pushAs(t.b.app, other, newClientId('kept'), task('k1'))).statusCode).toBe(200);
    expect(await within(1_000, 'the other session\'s stream', kept.next())).toBe(1);
    await kept.cancel();
  });

  it('after its listening connection is lost, B listens again and pokes its streams with their current version', async () => {
    const user = await seedUser(t.a.app);
    const onB = await stream(t.baseB, user.headers);
    expect(await onB.next()).toBe(0);
    expect((await pushAs(t.a.app, user, newClientId('lost'), task('l1'))).statusCode).toBe(200);
    expect(await within(1_000, 'poke before the loss', onB.next())).toBe(1);

    const before = t.b.app.syncFanout!.listener.pid;
    await sql`SELECT pg_terminate_backend(${before})`.execute(t.a.app.db);
    // Nothing was written: the poke that comes is the catch-up after the reconnection.
    expect(await within(10_000, 'catch-up poke after the reconnection', onB.next())).toBe(1);
    expect(t.b.app.syncFanout!.listener.pid).not.toBe(before);

    expect((await pushAs(t.a.app, user, newClientId('lost'), task('l2'))).statusCode).toBe(200);
    expect(await within(1_000, 'poke after the reconnection', onB.next())).toBe(2);
    await onB.cancel();
  });
});

describe('periodic jobs run on one instance at a time', () => {
  it('two instances starting a job at the same moment: exactly one runs it', async () => {
    for (let round = 0; round < 5; round++) {
      let runs = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const job = async () => {
        runs++;
        await gate;
      };
      const tries = [runExclusive(t.a.app.db, 'test-job', job), runExclusive(t.b.app.db, 'test-job', job)];
      // The instance that did not get the lock answers at once, while the other still runs the job.
      expect(await Promise.race(tries)).toBe(false);
      release();
      expect((await Promise.all(tries)).sort()).toEqual([false, true]);
      expect(runs).toBe(1);
    }
    // Once it has finished, the job can run again (here on B).
    expect(await runExclusive(t.b.app.db, 'test-job', async () => {})).toBe(true);
  });

  it('the maintenance job skips its turn on B while A runs it, and runs on B\'s next turn', async () => {
    let release!: () => void;
    const held = runExclusive(t.a.app.db, 'maintenance', () => new Promise<void>((resolve) => (release = resolve)));
    await within(5_000, 'A taking the maintenance lock', (async () => {
      while (!release) await new Promise((r) => setTimeout(r, 10));
    })());
    expect(await t.b.app.runMaintenance()).toBe(false);
    release();
    expect(await held).toBe(true);
    expect(await t.b.app.runMaintenance()).toBe(true);
  });
});

describe('limits count across instances', () => {
  it('100 wrong passwords at once from one address, spread over both instances: exactly 10 are evaluated', async () => {
    const victim = await registerUser(t.a.app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        httpFrom('127.0.0.2', i % 2 ? t.baseB : t.baseA, { method: 'POST', path: '/api/auth/login', body: { email: victim.email, password: `wrong-${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    // The owner at another address still gets in, on either instance; the checks in flight left no rows.
    expect((await httpFrom('127.0.0.1', t.baseB, { method: 'POST', path: '/api/auth/login', body: { email: victim.email, password: TEST_PASSWORD } })).status).toBe(200);
    const rows = await t.b.app.db.selectFrom('auth_events').select('ip').where('email', '=', victim.email).execute();
    expect(rows).toHaveLength(10);
  }, 60_000);
});

describe('the write rate limit counts across instances', () => {
  const w = useTwoInstances({ build: { syncLimits: { writesPerMinute: 6, writeBurst: 3 } } });

  it('a burst spent on A is spent on B too', async () => {
    const user = await seedUser(w.a.app);
    const client = newClientId('bucket');
    const three = [1, 2, 3].map((i) => ({ id: i, name: 'task.create' as const, args: { id: `w${i}`, title: 't' } }));
    expect((await pushAs(w.a.app, user, client, three)).statusCode).toBe(200);
    const limited = await pushAs(w.b.app, user, client, [{ id: 4, name: 'task.create', args: { id: 'w4', title: 't' } }]);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await inject(w.b.app, user, 'POST', '/api/tasks', { title: 'x' })).statusCode).toBe(429);
    // Another user is not affected, on either instance.
    const other = await seedUser(w.b.app);
    expect((await inject(w.a.app, other, 'POST', '/api/tasks', { title: 'x' })).statusCode).toBe(201);
  });
});
