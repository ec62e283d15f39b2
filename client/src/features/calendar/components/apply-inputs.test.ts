import type { EventInput } from '@fullcalendar/react';
import { describe, expect, it } from 'vitest';
import type { Occurrence } from '../data/shared-events';
import { applyInputs, SOURCE_ID, type EventsApi } from './apply-inputs';

/** FullCalendar's events as the fake keeps them: wall-clock strings like FullCalendar's startStr/endStr in UTC. */
function fakeApi() {
  const events = new Map<string, { allDay: boolean; startStr: string; endStr: string }>();
  const calls: string[] = [];
  const put = (input: EventInput) =>
    events.set(String(input.id), { allDay: input.allDay === true, startStr: input.allDay ? String(input.start) : `${String(input.start)}Z`, endStr: input.end ? (input.allDay ? String(input.end) : `${String(input.end)}Z`) : '' });
  let source = false;
  const api: EventsApi = {
    getEventSourceById: (id) => (source && id === SOURCE_ID ? { remove: () => ((source = false), events.clear(), calls.push('source.remove')) } : null),
    addEventSource: ({ events: inputs }) => ((source = true), inputs.forEach(put), calls.push(`source.add ${inputs.length}`)),
    getEventById: (id) => {
      const e = events.get(id);
      return e ? { ...e, remove: () => (events.delete(id), calls.push(`remove ${id}`)) } : null;
    },
    addEvent: (input) => (put(input), calls.push(`add ${String(input.id)}`)),
  };
  return { api, events, calls };
}

const occurrence = { id: 'o' } as Occurrence;
const input = (id: string, start: string, end?: string, more: Partial<EventInput> = {}): EventInput => ({
  id,
  title: `Event ${id}`,
  start,
  end,
  allDay: start.length === 10,
  editable: true,
  interactive: true,
  extendedProps: { kind: 'event', occurrence, readonly: false, recurring: false },
  ...more,
});

describe('applyInputs', () => {
  const first = [input('a', '2025-03-03'), input('b', '2025-03-04T09:00:00', '2025-03-04T10:00:00'), input('c', '2025-03-05T11:00:00')];

  it('gives a new range as one source, and nothing when no input changed', () => {
    const { api, calls } = fakeApi();
    const shown = applyInputs(api, new Map(), first);
    expect(calls).toEqual(['source.add 3']);
    expect(applyInputs(api, shown, [...first])).toBe(shown);
    expect(calls).toEqual(['source.add 3']);
  });

  it('removes and adds a few changed inputs alone', () => {
    const { api, events, calls } = fakeApi();
    const shown = applyInputs(api, new Map(), first);
    const renamed = input('b', '2025-03-04T09:00:00', '2025-03-04T10:00:00', { title: 'Renamed' });
    const next = applyInputs(api, shown, [first[0]!, renamed, input('d', '2025-03-06')]);
    expect(calls.slice(1).sort()).toEqual(['add b', 'add d', 'remove b', 'remove c'].sort());
    expect([...events.keys()].sort()).toEqual(['a', 'b', 'd']);
    expect(next.get('b')).toBe(renamed);
  });

  it('skips the echo of a drag: the moved event already where its new input puts it', () => {
    const { api, events, calls } = fakeApi();
    const shown = applyInputs(api, new Map(), first);
    // FullCalendar moved the events itself (a drag of a and a resize of b), then the local writes come back.
    events.set('a', { allDay: true, startStr: '2025-03-10', endStr: '' });
    events.set('b', { allDay: false, startStr: '2025-03-04T09:00:00Z', endStr: '2025-03-04T12:00:00Z' });
    const moved = [input('a', '2025-03-10'), input('b', '2025-03-04T09:00:00', '2025-03-04T12:00:00'), first[2]!];
    const next = applyInputs(api, shown, moved);
    expect(calls).toEqual(['source.add 3']);
    expect(next.get('a')).toBe(moved[0]);
    expect(next.get('b')).toBe(moved[1]);
  });

  it('replaces an event shown elsewhere than its new input, or that looks different', () => {
    const { api, events, calls } = fakeApi();
    const shown = applyInputs(api, new Map(), first);
    events.set('a', { allDay: true, startStr: '2025-03-10', endStr: '' });
    const next = [input('a', '2025-03-11'), input('b', '2025-03-04T09:00:00', '2025-03-04T10:00:00', { color: '#ff0000' }), first[2]!];
    applyInputs(api, shown, next);
    expect(calls.slice(1).sort()).toEqual(['add a', 'add b', 'remove a', 'remove b']);
    expect(events.get('a')?.startStr).toBe('2025-03-11');
  });

  it('replaces the whole source when many inputs changed', () => {
    const { api, calls } = fakeApi();
    const shown = applyInputs(api, new Map(), first);
    const many = Array.from({ length: 50 }, (_, i) => input(`n${i}`, '2025-04-01'));
    expect(applyInputs(api, shown, many).size).toBe(50);
    expect(calls).toEqual(['source.add 3', 'source.remove', 'source.add 50']);
  });
});
