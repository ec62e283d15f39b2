import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { dialectOf } from '../../db/dialect.js';
import { DRAIN_DELAY_MS, drainSearchIndex, searchIndexerOf } from '../../db/search-index.js';
import { migrations } from '../../db/migrations/index.js';
import { fieldsOf, inject, seedUser, useServerTest, withTestApp, type Caller, type SeededUser } from '../../../test/kit.js';
import type { ScriptedClient } from '../../../test/sync-client.js';
import type { Db } from '../sync/repository.js';
import { search } from './repository.js';

const t = useServerTest();

type Hit = { type: string; id: string; data: Record<string, unknown> & { _id: string } };
type Answer = { results: Hit[]; total: number };

async function find(q: string, type?: string, as: Caller = t.user): Promise<Answer> {
  const query = new URLSearchParams({ q, ...(type ? { type } : {}) });
  const res = await t.callAs(as, 'GET', `/api/search?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Answer;
}
const ids = async (q: string, type?: string, as?: Caller) => (await find(q, type, as)).results.map((r) => `${r.type}:${r.id}`);

/** Inbox mutations of `as`, pushed through sync from one device per user (as the app and the bot write them). */
const devices = new Map<string, ScriptedClient>();
type Step = [Parameters<ScriptedClient['mutate']>[0], Record<string, unknown>];
async function inbox(as: SeededUser, steps: Step[]) {
  let device = devices.get(as.id);
  if (!device) devices.set(as.id, (device = t.device(as)));
  for (const [name, args] of steps) expect(await device.mutate(name, args)).toBe(true);
  const answer = await device.push();
  expect(answer!.results.slice(-steps.length).map((r) => r.status)).toEqual(steps.map(() => 'applied'));
  await device.pull();
  expect(device.outbox).toEqual([]);
}
const capture = (as: SeededUser, id: string, text: string) => inbox(as, [['inbox.create', { id, text }]]);

describe('GET /api/search finds every type by a prefix of a word', () => {
  it('finds tasks, notes, events, habits and inbox items in their titles and bodies', async () => {
    const task = await t.create('/api/tasks', { title: 'Quarterly taxes', description: 'ask the accountant about receipts' });
    const note = await t.create('/api/notes', { title: 'Garden plan', content: 'tomatoes and quarterly compost' });
    const event = await t.create('/api/events', { title: 'Dentist', startDate: '2026-03-02', startTime: '09:00', endTime: '10:00', description: 'bring receipts', location: 'Harborview clinic' });
    const habit = await t.create('/api/habits', { title: 'Stretching', description: 'ten minutes of quarterly-ish yoga' });
    await capture(t.user, 'inbox-1', 'call the harbormaster about the boat');

    expect(await ids('quart')).toEqual(expect.arrayContaining([`task:${task._id}`, `note:${note._id}`, `habit:${habit._id}`]));
    expect(await ids('receip')).toEqual(expect.arrayContaining([`task:${task._id}`, `event:${event._id}`]));
    expect((await ids('receip')).length).toBe(2);
    expect(await ids('harbor')).toEqual(expect.arrayContaining([`event:${event._id}`, 'inbox:inbox-1']));
    expect(await ids('stretch')).toEqual([`habit:${habit._id}`]);
    expect(await ids('tomato')).toEqual([`note:${note._id}`]);
    expect(await ids('dentis')).toEqual([`event:${event._id}`]);
    const item = (await find('harbormas', 'inbox')).results[0]!;
    expect(item).toMatchObject({ type: 'inbox', id: 'inbox-1', data: { _id: 'inbox-1', text: 'call the harbormaster about the boat', source: 'app' } });
    expect(item.data).toEqual((await t.call('GET', '/api/inbox/inbox-1')).json());
  });

  it('answers each hit as its own GET route does, tags as id strings', async () => {
    const tag = await t.create('/api/tags', { name: 'Errands' });
    const parent = await t.create('/api/tasks', { title: 'Wombat shopping', tags: [tag._id] });
    const child = await t.create('/api/tasks', { title: 'Buy hay', parent: parent._id });
    const habit = await t.create('/api/habits', { title: 'Wombat walk', tags: [tag._id], startDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) });
    const event = await t.create('/api/events', { title: 'Wombat fair', startDate: '2026-05-01', startTime: '09:00', endTime: '10:00', tags: [tag._id] });
    const note = await t.create('/api/notes', { title: 'Wombat facts', content: 'burrows', tags: [tag._id] });
    // Days of the habit, one cleared again: its streaks and its version (the newest day's) are in the answer.
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const [today, yesterday, twoDaysAgo] = [daysAgo(0), daysAgo(1), daysAgo(2)];
    for (const date of [today, yesterday, twoDaysAgo]) expect((await t.call('POST', `/api/habits/${habit._id}/complete`, { date })).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/habits/${habit._id}/complete?date=${twoDaysAgo}`)).statusCode).toBe(200);
    const { results, total } = await find('wombat');
    expect(total).toBe(4);
    for (const [type, entity, path] of [
      ['task', parent, 'tasks'],
      ['habit', habit, 'habits'],
      ['event', event, 'events'],
      ['note', note, 'notes'],
    ] as const) {
      const hit = results.find((r) => r.id === entity._id)!;
      expect(hit.type).toBe(type);
      expect(hit.data).toEqual((await t.call('GET', `/api/${path}/${entity._id}`)).json());
      expect(hit.data.tags).toEqual([tag._id]);
    }
    expect(results.find((r) => r.id === parent._id)!.data.children).toEqual([child._id]);
    expect(results.find((r) => r.id === habit._id)!.data).toMatchObject({ completedToday: true, currentStreak: 2 });
  });

  it('matches Cyrillic and Latin, any case, with diacritics folded, every word required', async () => {
    const ru = await t.create('/api/tasks', { title: 'Позвонить Маше', description: 'про Встречу в кафе' });
    const fr = await t.create('/api/notes', { title: 'Café crème', content: 'Crêpes à la Zoë' });
    await capture(t.user, 'inbox-ru', 'Купить МОЛОКО и хлеб');
    expect(await ids('позв')).toEqual([`task:${ru._id}`]);
    expect(await ids('ВСТРЕЧ')).toEqual([`task:${ru._id}`]);
    expect(await ids('молок хле')).toEqual(['inbox:inbox-ru']);
    expect(await ids('молок сыр')).toEqual([]);
    expect(await ids('cafe')).toEqual([`note:${fr._id}`]);
    expect(await ids('CAFÉ CREME')).toEqual([`note:${fr._id}`]);
    expect(await ids('crepe zoe')).toEqual([`note:${fr._id}`]);
    expect(await ids('кафе')).toEqual([`task:${ru._id}`]);
  });
});

describe('ranking, type and limits', () => {
  it('puts a title match before a body match, across types', async () => {
    const body = await t.create('/api/tasks', { title: 'Weekly review', description: 'check the kumquat tree' });
    const title = await t.create('/api/notes', { title: 'Kumquat jam', content: 'sugar and lemons' });
    const eventBody = await t.create('/api/events', { title: 'Market', startDate: '2026-06-01', startTime: '09:00', endTime: '10:00', location: 'kumquat stall' });
    const hits = await ids('kumq');
    expect(hits[0]).toBe(`note:${title._id}`);
    expect(hits.slice(1).sort()).toEqual([`event:${eventBody._id}`, `task:${body._id}`].sort());
  });

  it('narrows to one type with `type`', async () => {
    const task = await t.create('/api/tasks', { title: 'Platypus food' });
    const note = await t.create('/api/notes', { title: 'Platypus notes', content: 'x' });
    await capture(t.user, 'inbox-platypus', 'platypus idea');
    expect(await ids('platyp', 'task')).toEqual([`task:${task._id}`]);
    expect(await ids('platyp', 'note')).toEqual([`note:${note._id}`]);
    expect(await ids('platyp', 'inbox')).toEqual(['inbox:inbox-platypus']);
    expect(await ids('platyp', 'event')).toEqual([]);
    expect((await ids('platyp', 'all')).length).toBe(3);
    expect((await find('platyp', 'task')).total).toBe(1);
  });

  it('answers at most 50 results and counts every match in total', async () => {
    await inbox(t.user, Array.from({ length: 60 }, (_, i) => ['inbox.create', { id: `capy-${i}`, text: `capybara number ${i}` }] as Step));
    const { results, total } = await find('capyb');
    expect(results).toHaveLength(50);
    expect(total).toBe(60);
  });
});

describe('isolation, deletes and edits', () => {
  it("never answers another user's matching items", async () => {
    const other = await t.seedUser();
    const mine = await t.create('/api/tasks', { title: 'Narwhal tusk' });
    const theirs = await t.create('/api/tasks', { title: 'Narwhal tusk' }, other);
    await t.create('/api/notes', { title: 'Narwhal', content: 'x' }, other);
    await capture(other, 'inbox-narwhal', 'narwhal');
    expect(await ids('narwh')).toEqual([`task:${mine._id}`]);
    expect(await ids('narwh', undefined, other)).not.toContain(`task:${mine._id}`);
    expect(await ids('narwh', undefined, other)).toContain(`task:${theirs._id}`);
  });

  it('forgets deleted items and finds edited ones by their new words only', async () => {
    const task = await t.create('/api/tasks', { title: 'Iguana cage' });
    const habit = await t.create('/api/habits', { title: 'Iguana feeding' });
    const event = await t.create('/api/events', { title: 'Iguana vet', startDate: '2026-07-01', startTime: '09:00', endTime: '10:00' });
    await capture(t.user, 'inbox-iguana', 'iguana heat lamp');
    await capture(t.user, 'inbox-iguana-2', 'iguana food');
    expect((await ids('iguan')).length).toBe(5);
    expect((await t.call('DELETE', `/api/tasks/${task._id}`)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/habits/${habit._id}`)).statusCode).toBe(200);
    await inbox(t.user, [['inbox.delete', { id: 'inbox-iguana' }], ['inbox.update', { id: 'inbox-iguana-2', text: 'gecko food' }]]);
    expect((await t.call('PUT', `/api/events/${event._id}`, { title: 'Gecko vet' })).statusCode).toBe(200);
    expect(await ids('iguan')).toEqual([]);
    expect((await ids('gecko')).sort()).toEqual([`event:${event._id}`, 'inbox:inbox-iguana-2'].sort());
    // Undoing a delete (the same text, live again) brings it back.
    await inbox(t.user, [['inbox.restore', { id: 'inbox-iguana' }]]);
    expect(await ids('iguan')).toEqual(['inbox:inbox-iguana']);
    // A change that leaves the text alone keeps the item found.
    const kept = await t.create('/api/tasks', { title: 'Axolotl tank' });
    expect((await t.call('PUT', `/api/tasks/${kept._id}`, { completed: true })).statusCode).toBe(200);
    const hit = (await find('axolotl')).results;
    expect(hit.map((r) => r.id)).toEqual([kept._id]);
    expect(hit[0]!.data.completed).toBe(true);
  });
});

describe('the deferred index (SQLite, ADR 0007)', () => {
  it('finds a pushed item right after the push, before the indexer has run on its own', async () => {
    const indexer = searchIndexerOf(t.app.db);
    if (indexer) indexer.delayMs = 60_000;
    // A drain an earlier write scheduled runs out first.
    await new Promise((resolve) => setTimeout(resolve, DRAIN_DELAY_MS * 2));
    try {
      await capture(t.user, 'inbox-tapir', 'tapir snacks');
      // On SQLite the push only queued the row (the indexer's own drain is held back); the search drains first.
      if (indexer) expect(indexer.pending()).toBe(true);
      expect(await ids('tapir')).toEqual(['inbox:inbox-tapir']);
      if (indexer) expect(indexer.pending()).toBe(false);
    } finally {
      if (indexer) indexer.delayMs = DRAIN_DELAY_MS;
    }
  });
});

describe('account deletion', () => {
  it('takes the index entries of a deleted account with it', async () => {
    const gone = await t.seedUser();
    await t.create('/api/tasks', { title: 'Ocelot' }, gone);
    await capture(gone, 'inbox-ocelot', 'ocelot');
    const left = async () => {
      await drainSearchIndex(t.app.db);
      const table = sql.table(dialectOf(t.app.db).kind === 'sqlite' ? 'fts_search_ids' : 'search_fts');
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${table} WHERE user_id = ${gone.id}`.execute(t.app.db);
      return Number(rows[0]!.n);
    };
    expect(await left()).toBe(2);
    await t.app.db.deleteFrom('users').where('id', '=', gone.id).execute();
    expect(await left()).toBe(0);
  });
});

describe('bad and blank queries', () => {
  it('answers no results for a blank query without asking the store', async () => {
    const spy = vi.spyOn(dialectOf(t.app.db), 'search');
    try {
      for (const q of ['', '   ', '\t\n', '?!…']) expect(await find(q)).toEqual({ results: [], total: 0 });
      expect((await t.call('GET', '/api/search')).json()).toEqual({ results: [], total: 0 });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    // The repository itself never touches a database for a blank query.
    const noDb = new Proxy({}, { get: () => { throw new Error('the database was touched'); } }) as Db;
    await expect(search(noDb, 'u', '  ', 'all', '2026-01-01')).resolves.toEqual({ results: [], total: 0 });
  });

  it('answers 400 naming `type` for an unknown type and `q` for a query over 200 characters', async () => {
    const bad = await t.call('GET', '/api/search?q=x&type=tasks');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    expect(fieldsOf(bad)).toEqual(['type']);
    const long = await t.call('GET', `/api/search?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(fieldsOf(long)).toEqual(['q']);
    expect((await t.call('GET', `/api/search?q=${'a'.repeat(200)}`)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await t.callAs(null, 'GET', '/api/search?q=x')).statusCode).toBe(401);
  });
});

describe('migration 0010 on a database with rows', () => {
  it('indexes the rows that were there before it ran', async () => {
    await withTestApp({}, async ({ app }) => {
      const user = await seedUser(app);
      const m = migrations['0010_search']!;
      // Back to before 0010: first before 0019 (ADR 0007's queue), which came after it.
      const queue = migrations['0019_search_queue']!;
      await queue.down!(app.db);
      await m.down!(app.db);
      const post = async (url: string, body: unknown) => {
        const res = await inject(app, user, 'POST', url, body);
        expect(res.statusCode).toBe(201);
        return res.json() as { _id: string };
      };
      const task = await post('/api/tasks', { title: 'Backfill квокка' });
      const habit = await post('/api/habits', { title: 'Quokka watching' });
      const gone = await post('/api/tasks', { title: 'Quokka gone' });
      expect((await inject(app, user, 'DELETE', `/api/tasks/${gone._id}`)).statusCode).toBe(200);
      await m.up(app.db);
      await queue.up(app.db);
      const res = await inject(app, user, 'GET', '/api/search?q=quokk');
      expect((res.json() as Answer).results.map((r) => r.id)).toEqual([habit._id]);
      expect((await inject(app, user, 'GET', '/api/search?q=квок')).json().results.map((r: Hit) => r.id)).toEqual([task._id]);
      // And the index is kept from there on (through 0019's queue).
      const later = await post('/api/events', { title: 'Quokka talk', startDate: '2026-08-01', startTime: '09:00', endTime: '10:00' });
      expect((await inject(app, user, 'GET', '/api/search?q=quokk&type=event')).json().results.map((r: Hit) => r.id)).toEqual([later._id]);
    });
  });
});
