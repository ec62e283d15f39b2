import type { EventInput } from '@fullcalendar/react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateEnglish, installDomStandIns, renderWithI18n } from '../../../test/kit';
import type { EntryProps } from '../data/to-fc';
import type { CalendarViewProps } from './view-props';
import { MonthGrid } from './month-grid';

const entry = (id: string): EntryProps => ({ kind: 'event', readonly: false, recurring: false, occurrence: { id } as never });
const input = (id: string, start: string, end?: string, more: Partial<EventInput> = {}): EventInput => ({
  id,
  title: id,
  start,
  end,
  allDay: !start.includes('T'),
  editable: true,
  interactive: true,
  extendedProps: entry(id),
  ...more,
});

// March 2025 from Sunday, February 23 (week start Sunday).
const INPUTS: EventInput[] = [
  input('Conference', '2025-03-06', '2025-03-11', { color: '#009688', contrastColor: '#000000' }), // Thu 6 – Mon 10
  input('Dentist', '2025-03-12T14:30:00', '2025-03-12T15:30:00'),
  ...Array.from({ length: 6 }, (_, i) => input(`Busy ${i + 1}`, `2025-03-18T${String(8 + i).padStart(2, '0')}:00:00`, `2025-03-18T${String(9 + i).padStart(2, '0')}:00:00`)),
];

function setup(overrides: Partial<CalendarViewProps> = {}) {
  const props: CalendarViewProps = {
    view: 'month',
    days: 3,
    anchor: '2025-03-01',
    inputs: INPUTS,
    timeZone: 'Europe/Berlin',
    weekStartDay: 0,
    clockMode: '24h',
    locale: 'en',
    onDateClick: vi.fn(),
    onEventClick: vi.fn(),
    onEventChange: vi.fn(),
    onToggleTask: vi.fn(),
    onToggleHabit: vi.fn(),
    ...overrides,
  };
  const view = renderWithI18n(<MonthGrid {...props} />);
  return { props, view };
}

const cell = (date: string) => document.querySelector<HTMLElement>(`[role="gridcell"][data-date="${date}"]`)!;
const eventIn = (date: string, title: string) => [...cell(date).querySelectorAll<HTMLElement>('[data-testid="calendar-event"]')].find((e) => e.textContent?.includes(title));
const eventElement = (title: string) => [...document.querySelectorAll<HTMLElement>('[data-event-id]')].find((e) => e.dataset.eventId === title)!;

function pointer(type: string, target: EventTarget, x: number, y: number, pointerType = 'mouse') {
  const e = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0 });
  Object.assign(e, { pointerId: 1, pointerType, isPrimary: true });
  target.dispatchEvent(e);
}

beforeEach(() => {
  installDomStandIns();
  activateEnglish();
});
afterEach(() => {
  delete (document as { elementFromPoint?: unknown }).elementFromPoint;
});

describe('MonthGrid', () => {
  it('draws six weeks by the week start, each day a grid cell that reads its full date first, outside days marked', () => {
    setup({ weekStartDay: 1 });
    expect(screen.getByRole('grid')).toBeTruthy();
    const cells = screen.getAllByRole('gridcell');
    expect(cells).toHaveLength(42);
    expect(cells[0]!.dataset.date).toBe('2025-02-24'); // a Monday
    expect(cells[0]!.querySelector('.sr-only')!.textContent).toBe('Monday, February 24, 2025');
    expect(cells[0]!.dataset.outside).toBe('true');
    expect(cell('2025-03-01').dataset.outside).toBeUndefined();
    expect(screen.getAllByRole('columnheader').map((h) => h.getAttribute('aria-label'))).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  });

  it('splits a multi-day bar at the week’s edge, with the event colour; a timed event shows its time', () => {
    setup();
    const pieces = [...document.querySelectorAll<HTMLElement>('[data-event-id="Conference"]')];
    expect(pieces.map((p) => [p.dataset.segStart, p.dataset.span, p.classList.contains('cal-m-start'), p.classList.contains('cal-m-end')])).toEqual([
      ['2025-03-06', '3', true, false],
      ['2025-03-09', '2', false, true],
    ]);
    expect(pieces[0]!.getAttribute('style')).toMatch(/--fc-event-color:\s*#009688/);
    expect(eventIn('2025-03-12', 'Dentist')?.textContent).toContain('14:30');
  });

  it('shows four entries a day and "+N more", which opens the day’s whole list (Esc closes it)', async () => {
    setup();
    const day = cell('2025-03-18');
    expect(day.querySelectorAll('[data-testid="calendar-event"]')).toHaveLength(4);
    const more = screen.getByRole('button', { name: '+2 more' });
    fireEvent.click(more);
    const list = await screen.findByRole('dialog', { name: 'Tuesday, March 18, 2025' });
    expect([...list.querySelectorAll('[data-testid="calendar-event"]')].map((e) => e.textContent)).toEqual(['08:00Busy 1', '09:00Busy 2', '10:00Busy 3', '11:00Busy 4', '12:00Busy 5', '13:00Busy 6']);
    fireEvent.keyDown(list, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('creates on a click on a day’s empty area; opens an event by click or Enter', () => {
    const { props } = setup();
    fireEvent.click(cell('2025-03-04'));
    expect(props.onDateClick).toHaveBeenCalledWith({ date: '2025-03-04', time: null, allDay: true });
    fireEvent.click(eventIn('2025-03-12', 'Dentist')!);
    expect(props.onEventClick).toHaveBeenLastCalledWith(entry('Dentist'));
    const dentist = eventElement('Dentist');
    expect(dentist.tabIndex).toBe(0);
    fireEvent.keyDown(dentist, { key: 'Enter' });
    expect(props.onEventClick).toHaveBeenCalledTimes(2);
    expect(props.onDateClick).toHaveBeenCalledTimes(1);
  });

  it('drops an event on another day: shown there in the same task, reported as FullCalendar did, put back by revert', () => {
    const { props } = setup();
    const dentist = eventElement('Dentist');
    document.elementFromPoint = () => cell('2025-03-14');
    pointer('pointerdown', dentist, 10, 10);
    pointer('pointermove', window, 30, 12);
    expect(document.querySelector('.cal-m-mirror')).not.toBeNull();
    expect(cell('2025-03-14').classList.contains('cal-m-target')).toBe(true);
    pointer('pointerup', window, 60, 12);
    // No waiting: the drop is on screen when the pointerup's listener returns.
    expect(eventIn('2025-03-14', 'Dentist')).toBeTruthy();
    expect(eventIn('2025-03-12', 'Dentist')).toBeUndefined();
    expect(document.querySelector('.cal-m-mirror')).toBeNull();
    expect(props.onEventChange).toHaveBeenCalledWith(entry('Dentist'), { start: '2025-03-14T14:30:00+01:00', end: '2025-03-14T15:30:00+01:00', allDay: false }, expect.any(Function));
    // The click that follows the drop is not a click on the day.
    fireEvent.click(cell('2025-03-14'));
    expect(props.onDateClick).not.toHaveBeenCalled();
    const revert = vi.mocked(props.onEventChange).mock.calls[0]![2];
    act(() => revert());
    expect(eventIn('2025-03-12', 'Dentist')).toBeTruthy();
    expect(eventIn('2025-03-14', 'Dentist')).toBeUndefined();
  });

  it('moves a multi-day event by the day grabbed; a short press is a click; Esc cancels a drag', () => {
    const { props } = setup();
    const bar = document.querySelector<HTMLElement>('[data-event-id="Conference"]')!; // Thu 6 – Sat 8 in its first row
    bar.getBoundingClientRect = () => ({ left: 0, width: 300, top: 0, height: 18, right: 300, bottom: 18, x: 0, y: 0, toJSON: () => ({}) });
    // Grabbed on its third day (Saturday 8), dropped on Monday 10: two days later.
    document.elementFromPoint = () => cell('2025-03-10');
    pointer('pointerdown', bar, 250, 5);
    pointer('pointermove', window, 260, 40);
    pointer('pointerup', window, 260, 40);
    expect(props.onEventChange).toHaveBeenLastCalledWith(entry('Conference'), { start: '2025-03-08', end: '2025-03-13', allDay: true }, expect.any(Function));

    // A press without a move: no drag, the click opens.
    pointer('pointerdown', eventElement('Dentist'), 10, 10);
    pointer('pointermove', window, 12, 11);
    pointer('pointerup', window, 12, 11);
    expect(document.querySelector('.cal-m-mirror')).toBeNull();
    expect(props.onEventChange).toHaveBeenCalledTimes(1);

    pointer('pointerdown', eventElement('Dentist'), 10, 10);
    pointer('pointermove', window, 40, 10);
    expect(document.querySelector('.cal-m-mirror')).not.toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(document.querySelector('.cal-m-mirror')).toBeNull();
    pointer('pointerup', window, 40, 10);
    expect(props.onEventChange).toHaveBeenCalledTimes(1);
  });

  it('on touch, picks an event up after a press and hold (the page then does not scroll); a swipe before it scrolls', () => {
    vi.useFakeTimers();
    try {
      const { props } = setup();
      const dentist = eventElement('Dentist');
      document.elementFromPoint = () => cell('2025-03-13');
      pointer('pointerdown', dentist, 10, 10, 'touch');
      pointer('pointermove', window, 10, 40, 'touch'); // a swipe: the page scrolls
      vi.advanceTimersByTime(500);
      expect(document.querySelector('.cal-m-mirror')).toBeNull();
      pointer('pointerup', window, 10, 40, 'touch');

      pointer('pointerdown', dentist, 10, 10, 'touch');
      vi.advanceTimersByTime(350);
      expect(document.querySelector('.cal-m-mirror')).not.toBeNull();
      const scroll = new Event('touchmove', { bubbles: true, cancelable: true });
      dentist.dispatchEvent(scroll);
      expect(scroll.defaultPrevented).toBe(true);
      pointer('pointermove', window, 60, 12, 'touch');
      pointer('pointerup', window, 60, 12, 'touch');
      expect(props.onEventChange).toHaveBeenCalledTimes(1);
      expect(props.onEventChange).toHaveBeenCalledWith(entry('Dentist'), { start: '2025-03-13T14:30:00+01:00', end: '2025-03-13T15:30:00+01:00', allDay: false }, expect.any(Function));
      // Without a drag, a touch's move is the page's.
      const after = new Event('touchmove', { bubbles: true, cancelable: true });
      eventElement('Dentist').dispatchEvent(after);
      expect(after.defaultPrevented).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('resize of all-day bars', () => {
    const RESIZE: EventInput[] = [
      input('Conference', '2025-03-06', '2025-03-11'), // Thu 6 – Mon 10, two pieces
      input('Holiday', '2025-03-20', '2025-03-21'),
      input('Imported', '2025-03-24', '2025-03-25', { editable: false, startEditable: true, durationEditable: false }),
      input('Task', '2025-03-25', '2025-03-26', { editable: false, interactive: false }),
      input('Dentist', '2025-03-12T14:30:00', '2025-03-12T15:30:00'),
      input('Overnight', '2025-03-13T22:00:00', '2025-03-14T02:00:00'),
    ];
    const handle = (id: string, edge: 'start' | 'end') => document.querySelector<HTMLElement>(`[data-event-id="${id}"] > .cal-m-resizer[data-edge="${edge}"]`);
    const marked = () => [...document.querySelectorAll<HTMLElement>('[role="gridcell"].cal-m-target')].map((c) => c.dataset.date);
    /** Holds the handle, moves it over `over` (marks checked by the caller), releases it on `to`. */
    function resize(id: string, edge: 'start' | 'end', over: string, to = over) {
      const h = handle(id, edge)!;
      document.elementFromPoint = () => cell(over);
      pointer('pointerdown', h, 100, 5);
      pointer('pointermove', window, 140, 8);
      const during = marked();
      document.elementFromPoint = () => cell(to);
      pointer('pointerup', window, 140, 8);
      return during;
    }

    it('has handles at the event’s own start and end only, none on read-only, task or timed entries', () => {
      setup({ inputs: RESIZE });
      const pieces = [...document.querySelectorAll<HTMLElement>('[data-event-id="Conference"]')];
      expect(pieces.map((p) => [...p.querySelectorAll<HTMLElement>('.cal-m-resizer')].map((h) => h.dataset.edge))).toEqual([['start'], ['end']]);
      expect(handle('Holiday', 'start')).not.toBeNull();
      expect(handle('Holiday', 'end')).not.toBeNull();
      for (const id of ['Imported', 'Task', 'Dentist', 'Overnight']) expect(eventElement(id).querySelector('.cal-m-resizer'), id).toBeNull();
    });

    it('drags the end handle to a later day: the days marked, shown at once, reported with the new exclusive end', () => {
      const { props } = setup({ inputs: RESIZE });
      const during = resize('Conference', 'end', '2025-03-12');
      expect(during).toEqual(['2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10', '2025-03-11', '2025-03-12']);
      expect(marked()).toEqual([]);
      expect(props.onEventChange).toHaveBeenCalledTimes(1);
      expect(props.onEventChange).toHaveBeenCalledWith(entry('Conference'), { start: '2025-03-06', end: '2025-03-13', allDay: true }, expect.any(Function));
      expect([...document.querySelectorAll<HTMLElement>('[data-event-id="Conference"]')].map((p) => [p.dataset.segStart, p.dataset.span])).toEqual([
        ['2025-03-06', '3'],
        ['2025-03-09', '4'],
      ]);
      // The click after the release does not create an event on the day.
      fireEvent.click(cell('2025-03-12'));
      expect(props.onEventClick).not.toHaveBeenCalled();
      expect(props.onDateClick).not.toHaveBeenCalled();
      const revert = vi.mocked(props.onEventChange).mock.calls[0]![2];
      act(() => revert());
      expect(document.querySelector<HTMLElement>('[data-event-id="Conference"][data-seg-start="2025-03-09"]')!.dataset.span).toBe('2');
    });

    it('drags the start handle: a new start, the end kept', () => {
      const { props } = setup({ inputs: RESIZE });
      expect(resize('Conference', 'start', '2025-03-04')).toEqual(['2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10']);
      expect(props.onEventChange).toHaveBeenCalledWith(entry('Conference'), { start: '2025-03-04', end: '2025-03-11', allDay: true }, expect.any(Function));
      expect(document.querySelector<HTMLElement>('[data-event-id="Conference"]')!.dataset.segStart).toBe('2025-03-04');
    });

    it('never past the other end: at least one day; back on its own day, no change', () => {
      const { props } = setup({ inputs: RESIZE });
      expect(resize('Conference', 'end', '2025-03-02')).toEqual(['2025-03-06']);
      expect(props.onEventChange).toHaveBeenLastCalledWith(entry('Conference'), { start: '2025-03-06', end: '2025-03-07', allDay: true }, expect.any(Function));
      expect(resize('Holiday', 'start', '2025-03-27')).toEqual(['2025-03-20']);
      expect(resize('Holiday', 'end', '2025-03-20')).toEqual(['2025-03-20']);
      expect(props.onEventChange).toHaveBeenCalledTimes(1);
    });

    it('Esc cancels; a click on a handle neither opens nor moves the event', () => {
      const { props } = setup({ inputs: RESIZE });
      const h = handle('Holiday', 'end')!;
      document.elementFromPoint = () => cell('2025-03-22');
      pointer('pointerdown', h, 100, 5);
      pointer('pointermove', window, 160, 8);
      expect(marked()).toEqual(['2025-03-20', '2025-03-21', '2025-03-22']);
      expect(document.querySelector('.cal-m-mirror')).toBeNull(); // not a move
      fireEvent.keyDown(window, { key: 'Escape' });
      expect(marked()).toEqual([]);
      pointer('pointerup', window, 160, 8);
      expect(props.onEventChange).not.toHaveBeenCalled();
      expect(document.querySelector('.cal-m-mirror')).toBeNull();

      pointer('pointerdown', h, 100, 5);
      pointer('pointerup', window, 100, 5);
      fireEvent.click(h);
      expect(props.onEventClick).not.toHaveBeenCalled();
      expect(props.onEventChange).not.toHaveBeenCalled();
      // The event itself still opens.
      fireEvent.click(eventElement('Holiday'));
      expect(props.onEventClick).toHaveBeenCalledWith(entry('Holiday'));
    });
  });
});
