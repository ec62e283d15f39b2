import { expandEvents } from '@adhd/shared/events/index';
import { withEventDefaults } from '@adhd/shared/events/schema';
import { describe, expect, it } from 'vitest';
import { expandCached } from './queries';
import type { EventRow } from './shared-events';

const row = (id: string, fields: Parameters<typeof withEventDefaults>[0]) => ({ ...withEventDefaults(fields), _id: id }) as EventRow;

describe('expandCached', () => {
  const series = row('s', { title: 'Weekly', startDate: '2025-03-03', startTime: '09:00', endTime: '10:00', recurrence: 'FREQ=WEEKLY' });
  const override = row('o', { title: 'Moved', startDate: '2025-03-11', startTime: '11:00', endTime: '12:00', seriesId: 's', originalStart: '2025-03-10T09:00' });
  const single = row('x', { title: 'Once', startDate: '2025-03-05', allDay: true });

  it('gives what expandEvents gives, series with their overrides', () => {
    const events = [series, single, override];
    const ids = (o: { id: string }[]) => o.map((x) => x.id).sort();
    expect(ids(expandCached(events, '2025-03-01', '2025-03-31', 'Europe/Berlin'))).toEqual(ids(expandEvents(events, '2025-03-01', '2025-03-31', 'Europe/Berlin')));
  });

  it('keeps the occurrences of unchanged series and expands a changed one again', () => {
    const first = expandCached([series, single], '2025-03-01', '2025-03-31', 'UTC');
    const moved = row('x', { title: 'Once', startDate: '2025-03-06', allDay: true });
    const second = expandCached([series, moved], '2025-03-01', '2025-03-31', 'UTC');
    const weekly = (o: { eventId: string }[]) => o.filter((x) => x.eventId === 's');
    expect(weekly(second)).toHaveLength(weekly(first).length);
    weekly(second).forEach((o, i) => expect(o).toBe(weekly(first)[i]));
    expect(second.find((o) => o.eventId === 'x')?.startDate).toBe('2025-03-06');
    // Another range is expanded again.
    expect(expandCached([series, moved], '2025-04-01', '2025-04-30', 'UTC').every((o) => o.startDate >= '2025-04-01')).toBe(true);
  });

  it('keeps the occurrences of the last few ranges, so a range expanded ahead is not expanded again', () => {
    const events = [series, single];
    const march = expandCached(events, '2025-03-01', '2025-03-31', 'UTC');
    const april = expandCached(events, '2025-04-01', '2025-04-30', 'UTC');
    const again = expandCached(events, '2025-03-01', '2025-03-31', 'UTC');
    expect(again).toHaveLength(march.length);
    again.forEach((o, i) => expect(o).toBe(march[i]));
    expect(april.every((o) => o.startDate >= '2025-04-01' && o.startDate <= '2025-04-30')).toBe(true);
  });
});
