import { describe, expect, it } from 'vitest';
import { importedEventId, READ_ONLY_MESSAGE, withEventDefaults, type EventData } from '@adhd/shared/events/schema';
import { putEvent } from '@adhd/shared/events/store';
import { useServerTest, type SeededUser } from '../../../test/kit.js';

/** The user's export and import of calendar events and inbox items (docs/export-format.md), over HTTP. */

const t = useServerTest();

type Row = { _id: string; title?: string; text?: string } & Record<string, unknown>;

/** A Google event, written as the server-only import path writes one (events/import-write.ts), in a stage. */
async function googleEvent(as: SeededUser) {
  const id = importedEventId('g-1@google.com');
  const data: Partial<EventData> & Pick<EventData, 'title' | 'startDate'> = {
    title: 'Standup (Google)', startDate: '2025-05-06', startTime: '10:00', endTime: '10:15',
    source: 'google', uid: 'g-1@google.com', calendarId: 'primary', sourceId: 'g-1', readonly: true,
  };
  await t.app.sync.run(as.id, async (_exec, _trx, stage) => stage((tx) => putEvent(tx, id, withEventDefaults(data))), async () => null);
  return id;
}

/** A recurring event with an exception and a moved occurrence (an override), an all-day one, a tagged one, a Google one, inbox items. */
async function seed(as: SeededUser) {
  const tag = await t.create('/api/tags', { name: 'Family' }, as);
  const weekly = await t.create(
    '/api/events',
    { title: 'Gym', startDate: '2025-05-05', startTime: '18:00', endTime: '19:00', timezone: 'Europe/Berlin', recurrence: 'FREQ=WEEKLY;BYDAY=MO', exdates: ['2025-05-12T18:00'], reminders: [10, 60] },
    as,
  );
  const phone = t.device(as);
  await phone.pull();
  await phone.mutate('event.editOccurrence', { id: weekly._id, originalStart: '2025-05-19T18:00', scope: 'this', fields: { startTime: '19:00', endTime: '20:00' }, newId: 'gym-override' });
  await phone.push();
  await t.create('/api/events', { title: 'Holiday', startDate: '2025-07-01', endDate: '2025-07-14', allDay: true, color: '#00AA55' }, as);
  await t.create('/api/events', { title: 'Birthday dinner', startDate: '2025-06-01', startTime: '19:30', endTime: '22:00', tags: [tag._id], location: 'Home', description: 'Bring cake' }, as);
  const google = await googleEvent(as);
  await t.create('/api/inbox', { text: 'Call the dentist' }, as);
  await t.create('/api/inbox', { text: 'from the bot', source: 'telegram' }, as);
  return { weekly: weekly._id as string, google };
}

async function exportOf(as: SeededUser) {
  const res = await t.callAs(as, 'GET', '/api/export');
  expect(res.statusCode).toBe(200);
  return res.json();
}
const withoutTime = ({ exportedAt: _, ...rest }: Record<string, unknown>) => rest;
const importAs = (as: SeededUser, body: unknown) => t.callAs(as, 'POST', '/api/import', body);
const version = (as: SeededUser) => t.app.sync.currentVersion(as.id);
const byTitle = (rows: Row[], title: string) => rows.find((r) => r.title === title)!;

describe('export and import of events and inbox items', () => {
  it('exports every stored event field and the inbox; a fresh account imports them identically; a second import changes nothing', async () => {
    const [a, b] = [await t.seedUser(), await t.seedUser()];
    const { weekly, google } = await seed(a);
    const original = await exportOf(a);
    expect(original.data.events).toHaveLength(5);
    expect(original.data.inbox).toHaveLength(2);
    expect(byTitle(original.data.events, 'Gym')).toMatchObject({
      _id: weekly, recurrence: 'FREQ=WEEKLY;BYDAY=MO', exdates: ['2025-05-12T18:00'], reminders: [10, 60], timezone: 'Europe/Berlin', source: 'local', readonly: false,
    });
    expect(original.data.events.find((e: Row) => e._id === 'gym-override')).toMatchObject({ seriesId: weekly, originalStart: '2025-05-19T18:00', startTime: '19:00' });
    expect(byTitle(original.data.events, 'Holiday')).toMatchObject({ allDay: true, startTime: null, endDate: '2025-07-14' });
    expect(byTitle(original.data.events, 'Birthday dinner').tags).toEqual([original.data.tags[0]._id]);
    expect(original.data.events.find((e: Row) => e._id === google)).toMatchObject({ source: 'google', readonly: true, uid: 'g-1@google.com', calendarId: 'primary', sourceId: 'g-1' });
    expect(original.data.inbox.map((i: Row) => `${i.text} ${i.source}`).sort()).toEqual(['Call the dentist app', 'from the bot telegram']);

    const first = await importAs(b, original);
    expect(first.statusCode).toBe(200);
    expect(first.json().imported).toMatchObject({ tags: 1, events: 5, inbox: 2 });
    expect(first.json().updated).toMatchObject({ events: 0, inbox: 0 });
    expect(withoutTime(await exportOf(b))).toEqual(withoutTime(original));
    // The imported Google event is still read-only; the series still expands with its exception and override.
    const put = await t.callAs(b, 'PUT', `/api/events/${google}`, { title: 'Mine now' });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.message).toBe(READ_ONLY_MESSAGE);
    const days = (await t.callAs(b, 'GET', '/api/events/by-days?from=2025-05-05&to=2025-05-25', undefined, { 'x-timezone': 'Europe/Berlin' })).json();
    expect(days.filter((o: Row) => o.title === 'Gym').map((o: Row) => `${o.startDate} ${o.startTime}`)).toEqual(['2025-05-05 18:00', '2025-05-19 19:00']);
    expect((await t.callAs(b, 'GET', '/api/inbox')).json()).toHaveLength(2);

    const before = await version(b);
    const again = await importAs(b, original);
    expect(again.statusCode).toBe(200);
    expect(again.json().unchanged).toMatchObject({ events: 5, inbox: 2 });
    expect(again.json().imported).toMatchObject({ events: 0, inbox: 0 });
    expect(await version(b)).toBe(before);
  });

  it('merges by id: changed events and items are updated through their mutations; a read-only event of the account is left alone', async () => {
    const a = await t.seedUser();
    const { google } = await seed(a);
    const doc = await exportOf(a);
    const dinner = byTitle(doc.data.events, 'Birthday dinner');
    dinner.title = 'Birthday party';
    dinner.reminders = [30];
    const gym = byTitle(doc.data.events, 'Gym');
    gym.exdates = [];
    doc.data.events.find((e: Row) => e._id === google).title = 'Edited in the file';
    const item = doc.data.inbox.find((i: Row) => i.text === 'Call the dentist');
    item.text = 'Call the dentist at 9';
    doc.data.inbox.push({ ...item, _id: 'new-inbox-item', text: 'Buy milk', source: 'share' });
    const phone = t.device(a);
    await phone.pull();

    const res = await importAs(a, doc);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: { events: 0, inbox: 1 }, updated: { events: 2, inbox: 1 }, unchanged: { events: 3, inbox: 1 } });
    const after = await exportOf(a);
    expect(after.data.events.find((e: Row) => e._id === dinner._id)).toEqual(dinner);
    expect(after.data.events.find((e: Row) => e._id === gym._id)).toEqual(gym);
    expect(after.data.events.find((e: Row) => e._id === google).title).toBe('Standup (Google)');
    expect(after.data.inbox.map((i: Row) => `${i.text} ${i.source}`).sort()).toEqual(['Buy milk share', 'Call the dentist at 9 app', 'from the bot telegram']);
    await phone.pull();
    expect(phone.liveRows('event').find((r) => r.id === dinner._id)?.data.title).toBe('Birthday party');
    expect(phone.liveRows('inbox')).toHaveLength(3);
  });

  it('imports an export made before events and inbox items were exported, leaving them as they are', async () => {
    const [a, b] = [await t.seedUser(), await t.seedUser()];
    await seed(a);
    await seed(b);
    const { events: _e, inbox: _i, ...older } = (await exportOf(a)).data;
    const res = await importAs(b, { format: 'adhd-superapp-export', version: 1, exportedAt: '2026-11-01T00:00:00.000Z', data: older });
    expect(res.statusCode).toBe(200);
    // The file's tag is named like b's own one, so it becomes that tag (unchanged); no event or item is touched.
    expect(res.json()).toMatchObject({ imported: { events: 0, inbox: 0 }, updated: { events: 0, inbox: 0 }, unchanged: { tags: 1, events: 0, inbox: 0 } });
    const mine = await exportOf(b);
    expect(mine.data.events).toHaveLength(5);
    expect(mine.data.inbox).toHaveLength(2);
  });

  it.each([
    ['an event ending before it starts', (d: Row[]) => void (byTitle(d, 'Holiday').endDate = '2025-06-01'), 'endDate', 'The end must be after the start'],
    ['an override whose series is not in the file', (d: Row[]) => void (d.find((e) => e._id === 'gym-override')!.seriesId = 'elsewhere'), 'seriesId', 'This refers to something that is not in the file'],
    ['an unknown event source', (d: Row[]) => void (byTitle(d, 'Holiday').source = 'outlook'), 'source', 'This value is not valid'],
  ])('%s: 400 naming the field, nothing written', async (_, spoil, field, message) => {
    const [a, b] = [await t.seedUser(), await t.seedUser()];
    await seed(a);
    const doc = await exportOf(a);
    spoil(doc.data.events);
    const before = await version(b);
    const res = await importAs(b, doc);
    expect(res.statusCode).toBe(400);
    const problem = res.json().error.details[0];
    expect(problem.field).toMatch(new RegExp(`^data\\.events\\[\\d\\]\\.${field}$`));
    expect(problem.message).toBe(message);
    expect(await version(b)).toBe(before);
  });
});
