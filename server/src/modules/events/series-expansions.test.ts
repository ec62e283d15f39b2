import { describe, expect, it } from 'vitest';
import { taskAsEvent } from '@adhd/shared/events/ranges';
import { expandEvents } from '@adhd/shared/events/recurrence';
import { withEventDefaults, type EventData, type EventRow } from '@adhd/shared/events/schema';
import { RANGES_PER_EVENT, SeriesExpansions } from './series-expansions.js';

const ev = (id: string, fields: Partial<EventData> & Pick<EventData, 'startDate'>): EventRow => ({ _id: id, ...withEventDefaults({ title: id, ...fields }) });

const weekly = ev('weekly', { startDate: '2026-01-05', startTime: '09:00', endTime: '10:00', recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE', timezone: 'America/New_York', exdates: ['2026-03-04T09:00'] });
const daily = ev('daily', { startDate: '2026-02-20', allDay: true, endDate: '2026-02-21', recurrence: 'FREQ=DAILY;INTERVAL=3' });
const moved = ev('moved', { startDate: '2026-03-10', startTime: '12:00', endTime: '13:00', seriesId: 'weekly', originalStart: '2026-03-09T09:00', timezone: 'America/New_York' });
const single = ev('single', { startDate: '2026-03-15', startTime: '23:30', endTime: '00:30', endDate: '2026-03-16' });
const far = ev('far', { startDate: '2025-06-01' });
const task = taskAsEvent({ _id: 't1', title: 'Pay rent', dueDate: '2026-03-02', completed: false }, 'Europe/Berlin')!;

const ids = (occs: { id: string; startDate: string; startTime: string | null }[]) => occs.map((o) => `${o.id}@${o.startDate} ${o.startTime}`);

describe('SeriesExpansions', () => {
  const events = [weekly, daily, moved, single, far, task];
  const march = ['2026-03-01', '2026-03-31', 'Europe/Berlin'] as const;

  it('answers what expandEvents answers, first and again', () => {
    const cache = new SeriesExpansions();
    const want = expandEvents(events, ...march);
    expect(want.length).toBeGreaterThan(10);
    expect(cache.expand(events, ...march)).toEqual(want);
    expect(cache.expand(events, ...march)).toEqual(want);
    // Another zone and another range are other keys.
    expect(cache.expand(events, '2026-03-01', '2026-03-31', 'Asia/Tokyo')).toEqual(expandEvents(events, '2026-03-01', '2026-03-31', 'Asia/Tokyo'));
    expect(cache.expand(events, '2026-02-01', '2026-02-28', 'Europe/Berlin')).toEqual(expandEvents(events, '2026-02-01', '2026-02-28', 'Europe/Berlin'));
  });

  it('applies overrides per request: one added or removed after the series was kept counts', () => {
    const cache = new SeriesExpansions();
    const without = [weekly, daily, single];
    expect(cache.expand(without, ...march)).toEqual(expandEvents(without, ...march));
    expect(ids(cache.expand(without, ...march))).toContain('weekly::2026-03-09T09:00@2026-03-09 14:00');
    const withOverride = [weekly, daily, single, moved];
    const got = cache.expand(withOverride, ...march);
    expect(got).toEqual(expandEvents(withOverride, ...march));
    expect(ids(got)).toContain('weekly::2026-03-09T09:00@2026-03-10 17:00');
    expect(ids(got)).not.toContain('weekly::2026-03-09T09:00@2026-03-09 14:00');
    expect(cache.expand(without, ...march)).toEqual(expandEvents(without, ...march));
  });

  it('a new version of an event (a new object) is expanded afresh; the others are kept as they were', () => {
    const cache = new SeriesExpansions();
    const before = cache.expand(events, ...march);
    const edited: EventRow = { ...weekly, recurrence: 'FREQ=WEEKLY;BYDAY=TU', exdates: [] };
    const after = [edited, daily, moved, single, far, task];
    const got = cache.expand(after, ...march);
    expect(got).toEqual(expandEvents(after, ...march));
    expect(ids(got)).not.toEqual(ids(before));
    // Unchanged events answer their kept occurrence objects.
    const dailyBefore = before.filter((o) => o.eventId === 'daily');
    const dailyAfter = got.filter((o) => o.eventId === 'daily');
    expect(dailyAfter.length).toBeGreaterThan(0);
    dailyAfter.forEach((o, i) => expect(o).toBe(dailyBefore[i]));
    // Task events are made per request: never kept.
    const taskAgain = { ...task };
    expect(cache.expand([taskAgain], ...march)).toEqual(expandEvents([taskAgain], ...march));
  });

  it(`keeps at most ${RANGES_PER_EVENT} ranges per event, the least recently asked dropped first`, () => {
    const cache = new SeriesExpansions();
    const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'].map((m) => [`${m}-01`, `${m}-28`, 'UTC'] as const);
    const first = cache.expand([daily], ...months[1]!);
    for (const m of [months[0]!, ...months.slice(2)]) cache.expand([daily], ...m);
    // Five ranges asked of four places: February, the least recently asked, was dropped, so it is made again.
    const again = cache.expand([daily], ...months[1]!);
    expect(again).toEqual(first);
    expect(again[0]).not.toBe(first[0]);
    // May was asked more recently than March: still held.
    const may = cache.expand([daily], ...months[4]!);
    expect(cache.expand([daily], ...months[4]!)[0]).toBe(may[0]);
  });
});
