import { describe, expect, it } from 'vitest';
import { todayInZone } from '@adhd/shared/time';
import { fieldsOf, useServerTest, type SeededUser } from '../../../test/kit.js';

/** The inbox REST routes (CONTRACT.md "inbox"): CRUD, sources, the conversions, atomic failures, isolation. */

const t = useServerTest();
const { call } = t;

type Item = { _id: string; text: string; source: string; createdAt: string; updatedAt: string; version: number };

/** A fresh user per test keeps each test's lists its own. */
async function freshUser() {
  const user = await t.seedUser();
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) =>
    t.callAs(user, method, url, body, headers);
  const capture = async (text: string, extra: Record<string, unknown> = {}): Promise<Item> => t.create('/api/inbox', { text, ...extra }, user);
  return { user, as, capture };
}

describe('POST /api/inbox', () => {
  it('stores the trimmed text with source app by default, and telegram and share when sent', async () => {
    const item = await t.create('/api/inbox', { text: '  call mum  ' });
    expect(item).toEqual({
      _id: expect.any(String),
      text: 'call mum',
      source: 'app',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: expect.any(Number),
    });
    expect((await t.create('/api/inbox', { text: 'from the bot', source: 'telegram' })).source).toBe('telegram');
    expect((await t.create('/api/inbox', { text: 'shared', source: 'share' })).source).toBe('share');
  });

  it('answers 400 naming the fields: text required, at most 10 000 characters, a known source', async () => {
    const blank = await call('POST', '/api/inbox', { text: '   ', source: 'api' });
    expect(blank.statusCode).toBe(400);
    expect(fieldsOf(blank)).toEqual(['source', 'text']);
    expect(blank.json().error).toMatchObject({ code: 'VALIDATION', message: 'Text is required' });
    expect(fieldsOf(await call('POST', '/api/inbox'))).toEqual(['text']);
    const long = await call('POST', '/api/inbox', { text: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(fieldsOf(long)).toEqual(['text']);
  });

  it('keeps a sent _id (offline captures) and answers 409 when it is taken', async () => {
    const item = await t.create('/api/inbox', { _id: 'inbox-offline-1', text: 'offline' });
    expect(item._id).toBe('inbox-offline-1');
    expect((await call('POST', '/api/inbox', { _id: 'inbox-offline-1', text: 'again' })).statusCode).toBe(409);
  });
});

describe('GET, PUT, DELETE /api/inbox', () => {
  it('lists live items newest first; an edit does not move an item', async () => {
    const { as, capture } = await freshUser();
    const first = await capture('first');
    const second = await capture('second');
    const third = await capture('third');
    await as('PUT', `/api/inbox/${first._id}`, { text: 'first, edited' });
    await as('DELETE', `/api/inbox/${second._id}`);
    const list = (await as('GET', '/api/inbox')).json() as Item[];
    expect(list.map((i) => i.text)).toEqual(['third', 'first, edited']);
    expect(list[0]).toEqual(third);
    const order = [...list].sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a._id < b._id ? 1 : -1));
    expect(list).toEqual(order);
  });

  it('reads, edits and deletes one item; then 404 "Inbox item not found"', async () => {
    const { as, capture } = await freshUser();
    const item = await capture('draft', { source: 'share' });
    expect((await as('GET', `/api/inbox/${item._id}`)).json()).toEqual(item);
    const edited = await as('PUT', `/api/inbox/${item._id}`, { text: ' better ' });
    expect(edited.json()).toMatchObject({ _id: item._id, text: 'better', source: 'share' });
    const bad = await as('PUT', `/api/inbox/${item._id}`, { text: '' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['text']);
    expect((await as('DELETE', `/api/inbox/${item._id}`)).json()).toEqual({ success: true });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await as(method, `/api/inbox/${item._id}`, method === 'PUT' ? { text: 'x' } : undefined);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Inbox item not found' });
    }
  });

  it('never shows or changes another user’s items (404), and lists only the caller’s', async () => {
    const owner = await freshUser();
    const other = await freshUser();
    const item = await owner.capture('private thought');
    expect((await other.as('GET', '/api/inbox')).json()).toEqual([]);
    expect((await other.as('GET', `/api/inbox/${item._id}`)).statusCode).toBe(404);
    expect((await other.as('PUT', `/api/inbox/${item._id}`, { text: 'hijack' })).statusCode).toBe(404);
    expect((await other.as('DELETE', `/api/inbox/${item._id}`)).statusCode).toBe(404);
    const convert = await other.as('POST', `/api/inbox/${item._id}/convert`, { to: 'task' });
    expect(convert.statusCode).toBe(404);
    expect(convert.json().error.message).toBe('Inbox item not found');
    expect((await other.as('GET', '/api/tasks')).json()).toEqual([]);
    expect((await owner.as('GET', `/api/inbox/${item._id}`)).json()).toMatchObject({ text: 'private thought' });
    expect((await t.callAs(null, 'GET', '/api/inbox')).statusCode).toBe(401);
  });
});

describe('POST /api/inbox/{id}/convert', () => {
  const text = 'Renew passport\n\nphotos first\nthen the form';

  /** Converts, expects 200 and the item gone (read and list), and answers `{ item, created }`. */
  async function convert(u: Awaited<ReturnType<typeof freshUser>>, id: string, body: Record<string, unknown>, headers?: Record<string, string>) {
    const res = await u.as('POST', `/api/inbox/${id}/convert`, body, headers);
    expect(res.statusCode).toBe(200);
    expect((await u.as('GET', `/api/inbox/${id}`)).statusCode).toBe(404);
    expect(((await u.as('GET', '/api/inbox')).json() as Item[]).map((i) => i._id)).not.toContain(id);
    return res.json() as { item: Item; created: Record<string, unknown> & { _id: string } };
  }

  it('to a task: the first line is the title, the rest the description; created is the task’s own GET answer', async () => {
    const u = await freshUser();
    const item = await u.capture(text);
    const tag = await t.create('/api/tags', { name: 'errands' }, u.user);
    const { item: removed, created } = await convert(u, item._id, { to: 'task', fields: { priority: 'high', tags: [tag._id] } });
    expect(removed).toMatchObject({ _id: item._id, text });
    expect(created).toMatchObject({ title: 'Renew passport', description: 'photos first\nthen the form', priority: 'high', tags: [tag._id], children: [] });
    expect(created).toEqual((await u.as('GET', `/api/tasks/${created._id}`)).json());
  });

  it('to an event: all-day today in the caller’s zone, or timed from the fields', async () => {
    const u = await freshUser();
    const a = await u.capture(text);
    const b = await u.capture('Team call');
    const zone = 'Pacific/Kiritimati';
    const allDay = (await convert(u, a._id, { to: 'event' }, { 'x-timezone': zone })).created;
    expect(allDay).toMatchObject({ title: 'Renew passport', description: 'photos first\nthen the form', startDate: todayInZone(new Date(), zone), allDay: true, source: 'local' });
    expect(allDay).toEqual((await u.as('GET', `/api/events/${allDay._id}`)).json());
    const timed = (await convert(u, b._id, { to: 'event', fields: { startDate: '2025-06-02', startTime: '10:00', endTime: '10:30' } })).created;
    expect(timed).toMatchObject({ title: 'Team call', startDate: '2025-06-02', startTime: '10:00', endTime: '10:30', allDay: false });
  });

  it('to a habit with the habit defaults, answered with its derived fields', async () => {
    const u = await freshUser();
    const item = await u.capture('Drink water\neight glasses');
    const { created } = await convert(u, item._id, { to: 'habit', fields: { frequency: 'weekly' } });
    expect(created).toMatchObject({ title: 'Drink water', description: 'eight glasses', frequency: 'weekly', isActive: true, completionHistory: [], currentStreak: 0 });
    expect(created).toEqual((await u.as('GET', `/api/habits/${created._id}`)).json());
  });

  it('to a note at the root; a one-line item is its body too', async () => {
    const u = await freshUser();
    const a = await u.capture('Gift ideas\n- book\n- tea');
    const b = await u.capture('Single line');
    const note = (await convert(u, a._id, { to: 'note' })).created;
    expect(note).toMatchObject({ title: 'Gift ideas', content: '- book\n- tea', folder: null });
    expect(note).toEqual((await u.as('GET', `/api/notes/${note._id}`)).json());
    expect((await convert(u, b._id, { to: 'note', fields: { color: '#4CAF50' } })).created).toMatchObject({ title: 'Single line', content: 'Single line', color: '#4CAF50' });
  });

  it('with noteId appends the text to that note (a blank line between); created is the updated note', async () => {
    const u = await freshUser();
    const note = await t.create('/api/notes', { title: 'Journal', content: 'Monday: rain' }, u.user);
    const item = await u.capture('Tuesday: sun');
    const { created } = await convert(u, item._id, { to: 'note', noteId: note._id });
    expect(created).toMatchObject({ _id: note._id, title: 'Journal', content: 'Monday: rain\n\nTuesday: sun' });
    expect(created).toEqual((await u.as('GET', `/api/notes/${note._id}`)).json());
  });

  it('a refused conversion answers 400 naming the target’s fields, keeps the item and creates nothing', async () => {
    const u = await freshUser();
    const item = await u.capture('Meeting');
    const bad = await u.as('POST', `/api/inbox/${item._id}/convert`, { to: 'event', fields: { startDate: 'next week', color: 'red' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['color', 'startDate']);
    const rule = await u.as('POST', `/api/inbox/${item._id}/convert`, { to: 'event', fields: { allDay: false } });
    expect(rule.statusCode).toBe(400);
    expect(fieldsOf(rule)).toEqual(['startTime']);
    const habit = await u.as('POST', `/api/inbox/${item._id}/convert`, { to: 'habit', fields: { frequency: 'custom' } });
    expect(habit.statusCode).toBe(400);
    expect(fieldsOf(habit)).toEqual(['customFrequency']);
    expect((await u.as('GET', '/api/events')).json()).toEqual([]);
    expect((await u.as('GET', '/api/habits')).json()).toEqual([]);
    expect((await u.as('GET', `/api/inbox/${item._id}`)).json()).toEqual(item);
  });

  it('answers 400 for a bad body, 404 for a missing note or item, and keeps the item', async () => {
    const u = await freshUser();
    const other = await freshUser();
    const item = await u.capture('Keep me');
    const cases: [Record<string, unknown> | undefined, string[]][] = [
      [{ to: 'folder' }, ['to']],
      [undefined, ['to']],
      [{ to: 'task', noteId: 'n1' }, ['noteId']],
      [{ to: 'task', fields: 'title' }, ['fields']],
    ];
    for (const [body, fields] of cases) {
      const res = await u.as('POST', `/api/inbox/${item._id}/convert`, body);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    const foreignNote = await t.create('/api/notes', { title: 'Theirs', content: 'x' }, other.user);
    for (const noteId of ['no-such-note', foreignNote._id]) {
      const res = await u.as('POST', `/api/inbox/${item._id}/convert`, { to: 'note', noteId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Note not found');
    }
    expect((await other.as('GET', `/api/notes/${foreignNote._id}`)).json().content).toBe('x');
    expect((await u.as('POST', '/api/inbox/no-such-item/convert', { to: 'task' })).json().error.message).toBe('Inbox item not found');
    expect((await u.as('GET', '/api/inbox')).json()).toEqual([item]);
  });
});

describe('inbox over sync', () => {
  it('an item keyed by a Telegram update id is stored once; pushed items show over REST with their source', async () => {
    const u = await freshUser();
    const push = (user: SeededUser, id: number) =>
      t.push(user, 'inbox-client-1', [{ id, name: 'inbox.create', args: { id: 'tg123456', text: 'from telegram', source: 'telegram' } }]);
    const first = await push(u.user, 1);
    expect(first.statusCode).toBe(200);
    const again = await push(u.user, 2);
    expect(JSON.stringify(again.json())).toContain('EXISTS');
    expect((await u.as('GET', '/api/inbox')).json()).toEqual([expect.objectContaining({ _id: 'tg123456', text: 'from telegram', source: 'telegram' })]);
  });
});
