import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Change, Mutation, PushResponse } from '@adhd/shared/sync/protocol';
import { newClientId, pullAs, pushAs, seedUser, type SeededUser } from '../kit.js';
import { useTwoInstances } from './instances.js';

/**
 * Issue 14, "Correct under concurrency": two instances on one PostgreSQL, pushers running in parallel for the
 * same user, spread over both instances. Versions stay unique and gap-free, every acknowledged mutation is in
 * the store exactly once, and a puller that pages through small pages while the writes go on ends with exactly
 * what a full pull gives (a pull never skips a row committed later with a lower version).
 */

const t = useTwoInstances({ build: { syncLimits: { writesPerMinute: 1_000_000, writeBurst: 1_000_000 } } });

/** A small deterministic random source, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s % n;
  };
}

/** What the store must hold for a task after the acknowledged pushes: its title, or deleted; and its version. */
interface Expected {
  title: string | null;
  version: number;
}

/** The id of the task all of a user's pushers edit (created before they start). */
const SHARED = 'shared-task';

/** One device pushing `count` mutations in batches of 1–5, alternating instances; answers what it was told. */
async function pusher(apps: FastifyInstance[], user: SeededUser, label: string, count: number, seed: number) {
  const rand = random(seed);
  const clientId = newClientId(label);
  const expected = new Map<string, Expected>();
  const versions: number[] = [];
  const live: string[] = [];
  let mutationId = 0;
  let made = 0;
  let applied = 0;
  let turn = seed;
  while (made < count) {
    const batch: Mutation[] = [];
    const effects: [string, string | null][] = [];
    for (let n = Math.min(count - made, 1 + rand(5)); n > 0; n--, made++) {
      const pick = rand(12);
      if (pick >= 10) {
        // A task every device of the user edits: the update with the highest version must win.
        const title = `${label} m${mutationId + 1}`;
        batch.push({ id: ++mutationId, name: 'task.update', args: { id: SHARED, title } });
        effects.push([SHARED, title]);
      } else if (live.length < 2 || pick < 4) {
        const id = `${label}-t${mutationId + 1}`;
        batch.push({ id: ++mutationId, name: 'task.create', args: { id, title: `${id} v0` } });
        effects.push([id, `${id} v0`]);
        live.push(id);
      } else if (pick < 9) {
        const id = live[rand(live.length)]!;
        const title = `${id} v${mutationId + 1}`;
        batch.push({ id: ++mutationId, name: 'task.update', args: { id, title } });
        effects.push([id, title]);
      } else {
        const [id] = live.splice(rand(live.length), 1);
        batch.push({ id: ++mutationId, name: 'task.delete', args: { id: id! } });
        effects.push([id!, null]);
      }
    }
    // A push may stop early (its time budget): the device sends the rest again, as the protocol says.
    const byId = new Map(batch.map((m, i) => [m.id, effects[i]!]));
    for (let done = batch[0]!.id - 1; done < mutationId; ) {
      const res = await pushAs(apps[turn++ % 2]!, user, clientId, batch.filter((m) => m.id > done));
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as PushResponse;
      expect(answer.lastMutationId).toBeGreaterThan(done);
      // Mutations of one push that touch one row share its version; different pushes never share one.
      const pushVersions = new Set<number>();
      const before = new Map(expected);
      for (const r of answer.results) {
        expect(r.status, JSON.stringify(r)).toBe('applied');
        const version = (r as { version: number }).version;
        const [id, title] = byId.get(r.id)!;
        pushVersions.add(version);
        expect(before.get(id)?.version ?? 0).toBeLessThan(version);
        expected.set(id, { title, version });
        applied++;
      }
      versions.push(...pushVersions);
      done = answer.lastMutationId;
    }
    // Now and then the same batch again at the other instance (a retry whose answer was lost): nothing twice.
    if (rand(6) === 0) {
      const again = (await pushAs(apps[turn % 2]!, user, clientId, batch)).json() as PushResponse;
      expect(again.results.map((r) => r.status)).toEqual(batch.map(() => 'skipped'));
    }
  }
  return { expected, versions, applied };
}

/** A view of the store built from pulled changes: each task's title (null: deleted) and version. */
type View = Map<string, Expected>;

function apply(view: View, changes: Change[]) {
  for (const c of changes) view.set(c.id, { title: c.deleted ? null : String((c.data as { title: string }).title), version: c.version });
}

/** Pull from `cursor` until caught up, in pages of `limit`, at `app`. */
async function pullAll(app: FastifyInstance, user: SeededUser, clientId: string, view: View, cursor = 0, limit = 500) {
  for (;;) {
    const { page } = await pullAs(app, user, clientId, { cursor, limit });
    expect(page.reset).toBe(false);
    apply(view, page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}

/**
 * Pages of 1–7 changes, alternating instances, while `running()`; then once more until caught up. Each page's
 * versions rise and lie above the cursor it was asked from.
 */
async function incrementalPuller(apps: FastifyInstance[], user: SeededUser, running: () => boolean, seed: number) {
  const rand = random(seed);
  const clientId = newClientId('puller');
  const view: View = new Map();
  let cursor = 0;
  let turn = 0;
  let pages = 0;
  while (running()) {
    const { page } = await pullAs(apps[turn++ % 2]!, user, clientId, { cursor, limit: 1 + rand(7) });
    expect(page.reset).toBe(false);
    let last = cursor;
    for (const c of page.changes) {
      expect(c.version).toBeGreaterThan(last);
      last = c.version;
    }
    expect(page.cursor).toBeGreaterThanOrEqual(cursor);
    apply(view, page.changes);
    cursor = page.cursor;
    pages++;
  }
  await pullAll(apps[turn % 2]!, user, clientId, view, cursor, 7);
  return { view, pages };
}

async function storeChecks(app: FastifyInstance, userId: string) {
  const dupes = await sql<{ version: number }>`SELECT version FROM entities WHERE user_id = ${userId} GROUP BY version HAVING count(*) > 1`.execute(app.db);
  const { seq } = await app.db.selectFrom('sync_user').select('seq').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const { max } = await app.db.selectFrom('entities').select(sql<number>`max(version)`.as('max')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { duplicated: dupes.rows.map((r) => r.version), seq: Number(seq), max: Number(max) };
}

describe('parallel pushers on two instances of one PostgreSQL', () => {
  it('8 pushers of one user and 2 of another, 1,000 mutations: unique versions, nothing lost or doubled, the incremental puller ends equal', async () => {
    const apps = [t.a.app, t.b.app];
    const u = await seedUser(t.a.app);
    const v = await seedUser(t.b.app);
    for (const user of [u, v]) {
      expect((await pushAs(t.a.app, user, newClientId('setup'), [{ id: 1, name: 'task.create', args: { id: SHARED, title: 'shared' } }])).statusCode).toBe(200);
    }
    let running = true;
    const pullers = [incrementalPuller(apps, u, () => running, 7), incrementalPuller(apps, v, () => running, 11)];
    const pushes = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => pusher(apps, u, `u${i}`, 100, 100 + i)),
      ...Array.from({ length: 2 }, (_, i) => pusher(apps, v, `v${i}`, 100, 200 + i)),
    ]).finally(() => (running = false));
    const pulled = await Promise.all(pullers);
    expect(pulled[0]!.pages).toBeGreaterThan(10); // it really ran while the pushes went on

    for (const [user, mine, puller] of [
      [u, pushes.slice(0, 8), pulled[0]!],
      [v, pushes.slice(8), pulled[1]!],
    ] as const) {
      // No two pushes were given one version, across all of the user's devices and both instances.
      const versions = mine.flatMap((p) => p.versions);
      expect(new Set(versions).size).toBe(versions.length);
      // A full pull (at either instance) equals the union of the acknowledged pushes.
      const expected: View = new Map();
      for (const [id, e] of mine.flatMap((p) => [...p.expected])) if (e.version > (expected.get(id)?.version ?? 0)) expected.set(id, e);
      for (const app of apps) {
        const full: View = new Map();
        await pullAll(app, user, newClientId('full'), full);
        expect(full).toEqual(expected);
      }
      // The puller that paged through the writes as they committed ends with exactly the same rows.
      expect(puller.view).toEqual(expected);
      // In the store: no two rows share a version, and the counter is the highest version handed out.
      const checks = await storeChecks(t.a.app, user.id);
      expect(checks.duplicated).toEqual([]);
      expect(checks.max).toBe(Math.max(1, ...versions));
      expect(checks.seq).toBe(checks.max);
    }
    expect(pushes.reduce((n, p) => n + p.applied, 0)).toBe(1_000);
  }, 120_000);

  it('the same push sent to both instances at once applies once: the version rises once, the other answer is skipped', async () => {
    const user = await seedUser(t.a.app);
    const clientId = newClientId('twice');
    await pushAs(t.a.app, user, clientId, [{ id: 1, name: 'task.create', args: { id: 'first', title: 'first' } }]);
    for (let round = 0; round < 10; round++) {
      const base = 2 + round * 3;
      const batch: Mutation[] = [0, 1, 2].map((k) => ({ id: base + k, name: 'task.create', args: { id: `r${round}-${k}`, title: 't' } }));
      const before = (await storeChecks(t.a.app, user.id)).seq;
      const answers = await Promise.all([pushAs(t.a.app, user, clientId, batch), pushAs(t.b.app, user, clientId, batch)]);
      const statuses = answers.map((a) => (a.json() as PushResponse).results.map((r) => r.status).join());
      expect(statuses.sort()).toEqual(['applied,applied,applied', 'skipped,skipped,skipped']);
      expect(answers.map((a) => (a.json() as PushResponse).lastMutationId)).toEqual([base + 2, base + 2]);
      expect((await storeChecks(t.a.app, user.id)).seq).toBe(before + 3);
    }
    const count = await t.b.app.db.selectFrom('entities').select(sql<number>`count(*)`.as('n')).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(31);
  }, 60_000);

  it('two users\' first pushes with one client id at once: one is applied, the other refused 403 and rolled back', async () => {
    for (let round = 0; round < 10; round++) {
      const [one, two] = [await seedUser(t.a.app), await seedUser(t.b.app)];
      const clientId = newClientId('shared-id');
      const answers = await Promise.all([
        pushAs(t.a.app, one, clientId, [{ id: 1, name: 'task.create', args: { id: 'x', title: 'one' } }]),
        pushAs(t.b.app, two, clientId, [{ id: 1, name: 'task.create', args: { id: 'x', title: 'two' } }]),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
      const winner = answers[0]!.statusCode === 200 ? one : two;
      const loser = winner === one ? two : one;
      const row = await t.a.app.db.selectFrom('sync_client').select(['user_id', 'last_mutation_id']).where('client_id', '=', clientId).executeTakeFirstOrThrow();
      expect(row).toEqual({ user_id: winner.id, last_mutation_id: 1 });
      const loserRows = await t.a.app.db.selectFrom('entities').select('id').where('user_id', '=', loser.id).execute();
      expect(loserRows).toEqual([]);
    }
  }, 60_000);
});
