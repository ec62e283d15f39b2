import { describe, expect, it } from 'vitest';
import { MemoryTx } from '../sync/memory-tx.js';
import { MutationError } from '../sync/mutator.js';
import { runMutation, runWireMutation, type MutationArgs } from '../sync/registry.js';
import { expandEvents } from './recurrence.js';
import { READ_ONLY_MESSAGE, withEventDefaults, type EventData } from './schema.js';

const NOW = '2025-05-01T10:00:00.000Z';
const setup = () => new MemoryTx(new Map(), NOW);
const create = (tx: MemoryTx, id: string, extra: Partial<MutationArgs<'event.create'>> = {}) =>
  runMutation(tx, 'event.create', { id, title: `Event ${id}`, startDate: '2025-05-05', startTime: '09:00', endTime: '10:00', ...extra });
const data = async (tx: MemoryTx, id: string) => (await tx.get<EventData>('event', id))?.data;
const rows = (tx: MemoryTx) => tx.live('event').map((r) => ({ _id: r.id, ...withEventDefaults(r.data as unknown as EventData) }));
const shown = (tx: MemoryTx, from = '2025-05-01', to = '2025-05-31') => expandEvents(rows(tx), from, to, 'UTC').map((o) => `${o.startDate} ${o.startTime ?? ''} ${o.title}`.trim());

async function rejects(p: Promise<unknown>, code: string, field?: string) {
  await expect(p).rejects.toBeInstanceOf(MutationError);
  await expect(p).rejects.toMatchObject({ code });
  if (field) await expect(p).rejects.toMatchObject({ details: expect.arrayContaining([expect.objectContaining({ field })]) });
}

describe('event.create / update / move / delete', () => {
  it('stores every field with the defaults, local and writable', async () => {
    const tx = setup();
    await create(tx, 'e');
    expect(await data(tx, 'e')).toEqual({
      title: 'Event e', description: '', startDate: '2025-05-05', endDate: null, startTime: '09:00', endTime: '10:00', allDay: false,
      timezone: null, recurrence: null, exdates: [], seriesId: null, originalStart: null, location: '', color: null, tags: [], reminders: [],
      details: {}, source: 'local', sourceId: null, calendarId: null, uid: null, readonly: false,
    });
    await rejects(create(tx, 'e'), 'EXISTS');
  });

  it('ignores server-only fields sent by a client', async () => {
    const tx = setup();
    await runWireMutation(tx, 'event.create', { id: 'g', title: 'Sneaky', startDate: '2025-05-05', allDay: true, source: 'google', readonly: true, uid: 'x', calendarId: 'c' });
    expect(await data(tx, 'g')).toMatchObject({ source: 'local', readonly: false, uid: null, calendarId: null });
    await runWireMutation(tx, 'event.update', { id: 'g', readonly: true, source: 'google' });
    expect(await data(tx, 'g')).toMatchObject({ source: 'local', readonly: false });
  });

  it.each([
    [{ endDate: '2025-05-04' }, 'endDate'],
    [{ endTime: '08:00' }, 'endTime'],
    [{ endTime: '09:00' }, 'endTime'],
    [{ startTime: null }, 'startTime'],
    [{ startTime: '25:00' }, 'startTime'],
    [{ endTime: 'noon' }, 'endTime'],
    [{ recurrence: 'FREQ=SOMETIMES' }, 'recurrence'],
    [{ recurrence: 'FREQ=DAILY;COUNT=5000' }, 'recurrence'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ startDate: '2025-02-30' }, 'startDate'],
    [{ exdates: ['05/05/2025'] }, 'exdates.0'],
    [{ seriesId: 'nope' }, 'originalStart'],
  ])('refuses %j naming %s', async (fields, field) => {
    await rejects(runWireMutation(setup(), 'event.create', { id: 'e', title: 'T', startDate: '2025-05-05', startTime: '09:00', endTime: '10:00', ...fields }), 'VALIDATION', field);
  });

  it('accepts an end on a later day before the start time, and clears times of an all-day event', async () => {
    const tx = setup();
    await create(tx, 'night', { endDate: '2025-05-06', startTime: '22:00', endTime: '02:00' });
    await create(tx, 'day', { allDay: true, startTime: '09:00', endTime: '10:00' });
    expect(await data(tx, 'day')).toMatchObject({ startTime: null, endTime: null });
  });

  it('checks the rules on the merged result of an update and a move', async () => {
    const tx = setup();
    await create(tx, 'e');
    await rejects(runMutation(tx, 'event.update', { id: 'e', endTime: '08:00' }), 'VALIDATION', 'endTime');
    await runMutation(tx, 'event.update', { id: 'e', title: 'Renamed', location: 'Room 1' });
    await runMutation(tx, 'event.move', { id: 'e', startDate: '2025-05-07', startTime: '11:00', endTime: '12:30', allDay: false });
    expect(await data(tx, 'e')).toMatchObject({ title: 'Renamed', location: 'Room 1', startDate: '2025-05-07', startTime: '11:00', endTime: '12:30' });
    await runMutation(tx, 'event.move', { id: 'e', startDate: '2025-05-08', endDate: '2025-05-09', allDay: true });
    expect(await data(tx, 'e')).toMatchObject({ allDay: true, startDate: '2025-05-08', endDate: '2025-05-09', startTime: null, endTime: null });
    await rejects(runMutation(tx, 'event.update', { id: 'nope', title: 'x' }), 'NOT_FOUND');
  });

  it.each([
    ['readonly', { readonly: true }],
    ['from Google', { source: 'google' }],
  ])('refuses every mutation of a read-only event (%s)', async (_, fields) => {
    const tx = setup();
    await tx.put('event', 'ro', { ...withEventDefaults({ title: 'RO', startDate: '2025-05-05', allDay: true, recurrence: 'FREQ=DAILY' }), ...fields });
    const attempts = [
      runMutation(tx, 'event.update', { id: 'ro', title: 'x' }),
      runMutation(tx, 'event.move', { id: 'ro', startDate: '2025-05-06', allDay: true }),
      runMutation(tx, 'event.delete', { id: 'ro' }),
      runMutation(tx, 'event.editOccurrence', { id: 'ro', originalStart: '2025-05-06', scope: 'this', fields: { title: 'x' }, newId: 'n' }),
      runMutation(tx, 'event.deleteOccurrence', { id: 'ro', originalStart: '2025-05-06', scope: 'this' }),
      create(tx, 'child', { seriesId: 'ro', originalStart: '2025-05-06', allDay: true }),
    ];
    // Settled together: an occurrence edit loads its code first, so the others may refuse before it is awaited.
    await Promise.allSettled(attempts);
    for (const p of attempts) {
      await rejects(p, 'FORBIDDEN');
      await expect(p).rejects.toThrow(READ_ONLY_MESSAGE);
    }
    expect(tx.live('event').map((r) => r.id)).toEqual(['ro']);
  });
});

describe('occurrences of a series', () => {
  const series = (tx: MemoryTx, recurrence = 'FREQ=DAILY;COUNT=5') => create(tx, 's', { title: 'Standup', recurrence });

  it("'this' edits one occurrence through an override; editing it again updates the same override", async () => {
    const tx = setup();
    await series(tx);
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-06T09:00', scope: 'this', fields: { title: 'Moved', startTime: '15:00', endTime: '16:00' }, newId: 'o' });
    expect(await data(tx, 'o')).toMatchObject({ seriesId: 's', originalStart: '2025-05-06T09:00', startDate: '2025-05-06', startTime: '15:00', recurrence: null });
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-06T09:00', scope: 'this', fields: { title: 'Moved again' }, newId: 'other' });
    expect(await tx.get('event', 'other')).toBeUndefined();
    expect(shown(tx)).toEqual(['2025-05-05 09:00 Standup', '2025-05-06 15:00 Moved again', '2025-05-07 09:00 Standup', '2025-05-08 09:00 Standup', '2025-05-09 09:00 Standup']);
    await rejects(runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-07T09:00', scope: 'this', fields: {} }), 'VALIDATION', 'newId');
  });

  it("'following' ends the series before the occurrence (COUNT split) and starts a new one", async () => {
    const tx = setup();
    await series(tx);
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-07T09:00', scope: 'following', fields: { title: 'Later', startTime: '10:00', endTime: '11:00' }, newId: 'n' });
    expect((await data(tx, 's'))?.recurrence).toBe('FREQ=DAILY;COUNT=2');
    expect(await data(tx, 'n')).toMatchObject({ recurrence: 'FREQ=DAILY;COUNT=3', startDate: '2025-05-07', seriesId: null });
    expect(shown(tx)).toEqual(['2025-05-05 09:00 Standup', '2025-05-06 09:00 Standup', '2025-05-07 10:00 Later', '2025-05-08 10:00 Later', '2025-05-09 10:00 Later']);
  });

  it("'following' on an open series sets UNTIL and moves the later exdates and overrides", async () => {
    const tx = setup();
    await series(tx, 'FREQ=DAILY');
    await runMutation(tx, 'event.deleteOccurrence', { id: 's', originalStart: '2025-05-10T09:00', scope: 'this' });
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-09T09:00', scope: 'this', fields: { title: 'Special' }, newId: 'o' });
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-08T09:00', scope: 'following', fields: { title: 'New' }, newId: 'n' });
    expect(await data(tx, 's')).toMatchObject({ recurrence: 'FREQ=DAILY;UNTIL=20250507', exdates: [] });
    expect(await data(tx, 'n')).toMatchObject({ recurrence: 'FREQ=DAILY', exdates: ['2025-05-10T09:00'] });
    expect((await tx.get('event', 'o'))?.deleted).toBe(true);
    expect(shown(tx, '2025-05-06', '2025-05-11')).toEqual(['2025-05-06 09:00 Standup', '2025-05-07 09:00 Standup', '2025-05-08 09:00 New', '2025-05-09 09:00 New', '2025-05-11 09:00 New']);
  });

  it("'all' changes the series; a moved occurrence moves every one, with its exdates and overrides", async () => {
    const tx = setup();
    await series(tx);
    await runMutation(tx, 'event.deleteOccurrence', { id: 's', originalStart: '2025-05-06T09:00', scope: 'this' });
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-07T09:00', scope: 'this', fields: { title: 'Special' }, newId: 'o' });
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-08T09:00', scope: 'all', fields: { startDate: '2025-05-09', startTime: '08:00', endTime: '08:30' } });
    expect(await data(tx, 's')).toMatchObject({ startDate: '2025-05-06', startTime: '08:00', exdates: ['2025-05-07T08:00'] });
    expect(await data(tx, 'o')).toMatchObject({ originalStart: '2025-05-08T08:00' });
    expect(shown(tx)).toEqual(['2025-05-06 08:00 Standup', '2025-05-07 09:00 Special', '2025-05-09 08:00 Standup', '2025-05-10 08:00 Standup']);
  });

  it("deleteOccurrence: 'this' adds an exdate, 'following' ends the series, 'all' removes it with its overrides", async () => {
    const tx = setup();
    await series(tx);
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-05T09:00', scope: 'this', fields: { title: 'First' }, newId: 'o' });
    await runMutation(tx, 'event.deleteOccurrence', { id: 's', originalStart: '2025-05-06T09:00', scope: 'this' });
    await runMutation(tx, 'event.deleteOccurrence', { id: 's', originalStart: '2025-05-08T09:00', scope: 'following' });
    expect(shown(tx)).toEqual(['2025-05-05 09:00 First', '2025-05-07 09:00 Standup']);
    await runMutation(tx, 'event.deleteOccurrence', { id: 's', originalStart: '2025-05-07T09:00', scope: 'all' });
    expect(tx.live('event')).toEqual([]);
  });

  it('deleting an override keeps its occurrence deleted; deleting the series takes its overrides', async () => {
    const tx = setup();
    await series(tx);
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-06T09:00', scope: 'this', fields: { title: 'X' }, newId: 'o' });
    await runMutation(tx, 'event.delete', { id: 'o' });
    expect((await data(tx, 's'))?.exdates).toEqual(['2025-05-06T09:00']);
    expect(shown(tx)).toHaveLength(4);
    await runMutation(tx, 'event.editOccurrence', { id: 's', originalStart: '2025-05-07T09:00', scope: 'this', fields: { title: 'Y' }, newId: 'o2' });
    await runMutation(tx, 'event.delete', { id: 's' });
    expect(tx.live('event')).toEqual([]);
  });
});
