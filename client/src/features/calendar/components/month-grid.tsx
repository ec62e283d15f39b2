import { useLingui } from '@lingui/react/macro';
import { Popover } from 'radix-ui';
import { memo, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { PopoverPanel } from '../../../components/ui/popover-field';
import { formatLongDate, weekdayNames, type ClockMode } from '../../../lib/dates';
import { useToday } from '../../../lib/use-prefs';
import type { EntryProps } from '../data/to-fc';
import { dayNumber, dayString, droppedAt, gridEventOf, layoutWeeks, resizedAt, resizedDays, resizeEvent, shiftEvent, timeText, type GridEvent, type Segment, type WeekLayout } from '../logic/month-layout';
import type { DroppedAt } from '../logic/move';
import { visibleRange } from '../logic/views';
import type { CalendarViewProps } from './view-props';
import { EventContent } from './event-content';
import { attachMonthDrag } from './month-drag';
import '../calendar.css';

const WEEKS = 6;

interface Day {
  date: string;
  day: number;
  /** The full date ('Sunday, November 29, 2026'): the cell's first text for assistive technology. */
  label: string;
  outside: boolean;
}

/** The grid's callbacks, one stable object (the rows and entries are memoised). */
interface Handlers {
  onToggleTask(taskId: string, completed: boolean): void;
  onToggleHabit(habitId: string, date: string, done: boolean): void;
  onOpen(id: string, entry: EntryProps): void;
}

const EMPTY = new Map<string, GridEvent>();

/**
 * The month view (issue 15): a six-week grid of our own instead of FullCalendar's (which re-slices every visible
 * event into its day table on any change: several frames per drop). The rows are computed from the inputs per week
 * and memoised: a drop re-renders the rows whose events changed, in the pointerup's task (`flushSync`), and the
 * event is shown moved until the local write's echo brings its new input (or `revert` puts it back).
 */
export function MonthGrid(props: CalendarViewProps) {
  const { anchor, inputs, timeZone, weekStartDay, clockMode, locale } = props;
  const latest = useRef(props);
  latest.current = props;
  const today = useToday(timeZone);
  const first = useMemo(() => dayNumber(visibleRange('month', anchor, weekStartDay, 0).from), [anchor, weekStartDay]);
  const month = anchor.slice(0, 7);

  // The dates are formatted once per range.
  const weeks = useMemo(
    () =>
      Array.from({ length: WEEKS }, (_, w) =>
        Array.from({ length: 7 }, (_, c): Day => {
          const date = dayString(first + w * 7 + c);
          return { date, day: Number(date.slice(8)), label: formatLongDate(date, locale), outside: !date.startsWith(month) };
        }),
      ),
    [first, locale, month],
  );
  const weekdays = useMemo(() => ({ short: weekdayNames(locale, weekStartDay, 'short'), narrow: weekdayNames(locale, weekStartDay, 'narrow'), long: weekdayNames(locale, weekStartDay, 'long') }), [locale, weekStartDay]);

  // Events moved by a drop, shown so until their input changes (the local write's echo) or the move is put back.
  const [moved, setMoved] = useState<ReadonlyMap<string, GridEvent>>(EMPTY);
  const base = useMemo(() => inputs.map(gridEventOf), [inputs]);
  // (Which moves still stand, noted while they are applied: a drop keeps only those, with no pass over the inputs.)
  const standing = useRef<ReadonlySet<string>>(new Set());
  const events = useMemo(() => {
    const live = new Set<string>();
    const out =
      moved.size === 0
        ? base
        : base.map((e) => {
            const m = moved.get(e.id);
            if (!m || m.input !== e.input) return e;
            live.add(e.id);
            return m;
          });
    standing.current = live;
    return out;
  }, [base, moved]);
  const current = useRef({ events });
  current.current = { events };
  const cache = useRef<ReturnType<typeof layoutWeeks>>([]);
  const rows = useMemo(() => (cache.current = layoutWeeks(events, first, WEEKS, cache.current)), [events, first]);

  // The "+N more" list open: its day and its button (one popover for the grid, anchored on that button).
  const [more, setMore] = useState<{ date: string; button: HTMLElement } | null>(null);
  const handlers = useMemo<Handlers>(
    () => ({
      onToggleTask: (id, completed) => latest.current.onToggleTask(id, completed),
      onToggleHabit: (id, date, done) => latest.current.onToggleHabit(id, date, done),
      onOpen: (_id, entry) => latest.current.onEventClick(entry),
    }),
    [],
  );

  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const find = (id: string) => current.current.events.find((e) => e.id === id);
    /** The event `id` shown as `changed` in this task (the next frame), then reported; `revert` puts it back. */
    const change = (id: string, ev: GridEvent, changed: GridEvent, at: DroppedAt) => {
      // Shown changed before the write and its echo.
      flushSync(() =>
        setMoved((prev) => {
          const next = new Map<string, GridEvent>();
          for (const [k, v] of prev) if (standing.current.has(k)) next.set(k, v);
          return next.set(id, changed);
        }),
      );
      latest.current.onEventChange(ev.entry, at, () =>
        setMoved((prev) => {
          if (prev.get(id) !== changed) return prev;
          const next = new Map(prev);
          next.delete(id);
          return next;
        }),
      );
    };
    return attachMonthDrag(root.current!, {
      canDrag: (id) => find(id)?.draggable === true,
      drop(id, from, to) {
        const ev = find(id);
        if (!ev) return;
        const days = dayNumber(to) - dayNumber(from);
        change(id, ev, shiftEvent(ev, days), droppedAt(ev, days, latest.current.timeZone));
      },
      resizable(id) {
        const ev = find(id);
        return ev?.resizable ? { first: dayString(ev.first), last: dayString(ev.last) } : null;
      },
      resize(id, edge, to) {
        const ev = find(id);
        const days = ev?.resizable ? resizedDays(ev, edge, dayNumber(to)) : null;
        if (ev && days) change(id, ev, resizeEvent(ev, days.first, days.last), resizedAt(days.first, days.last));
      },
    });
  }, []);

  // One listener for the grid: a day's empty area creates, an event opens (its tick and title buttons act alone).
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as Element;
    const moreButton = target.closest<HTMLElement>('.cal-m-more');
    if (moreButton?.dataset.date) return setMore({ date: moreButton.dataset.date, button: moreButton });
    const ev = target.closest<HTMLElement>('[data-event-id]');
    if (ev) {
      // A tick or title button acts alone; a resize handle never opens the event.
      if (target.closest('button, .cal-m-resizer')) return;
      const found = current.current.events.find((x) => x.id === ev.dataset.eventId);
      if (found) latest.current.onEventClick(found.entry);
      return;
    }
    if (target.closest('button, [role="dialog"]')) return;
    const cell = target.closest<HTMLElement>('[data-date]');
    if (cell?.dataset.date && root.current?.contains(cell)) latest.current.onDateClick({ date: cell.dataset.date, time: null, allDay: true });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const el = e.target as HTMLElement;
    if (!el.dataset?.eventId || el.getAttribute('role') !== 'button') return;
    e.preventDefault();
    const found = current.current.events.find((x) => x.id === el.dataset.eventId);
    if (found) latest.current.onEventClick(found.entry);
  };

  const todayN = dayNumber(today);
  return (
    <div className="cal-root" data-view="month">
      <div ref={root} role="grid" aria-readonly="true" className="cal-month" onClick={onClick} onKeyDown={onKeyDown}>
        <div role="row" className="cal-m-head">
          {weekdays.short.map((name, i) => (
            <div role="columnheader" key={i} aria-label={weekdays.long[i]} className="cal-m-wd">
              <span className="cal-m-wd-short">{name}</span>
              <span className="cal-m-wd-narrow" aria-hidden="true">
                {weekdays.narrow[i]}
              </span>
            </div>
          ))}
        </div>
        {rows.map(({ layout }, w) => {
          const inRow = todayN >= layout.first && todayN < layout.first + 7;
          return <WeekRow key={w} days={weeks[w]!} layout={layout} today={inRow ? today : null} clockMode={clockMode} handlers={handlers} />;
        })}
        {more && <MoreList key={more.date} date={more.date} button={more.button} first={first} rows={rows} weeks={weeks} clockMode={clockMode} handlers={handlers} onClose={() => setMore(null)} />}
      </div>
    </div>
  );
}

interface WeekRowProps {
  days: Day[];
  layout: WeekLayout;
  /** Today, when it is in this row (null otherwise, so the other rows' props stay). */
  today: string | null;
  clockMode: ClockMode;
  handlers: Handlers;
}

/** A week: seven day cells, the events' pieces in lines (a bar drawn from its first day in the row). */
const WeekRow = memo(function WeekRow({ days, layout, today, clockMode, handlers }: WeekRowProps) {
  const extra = layout.hidden.some((n) => n > 0) ? 1 : 0;
  return (
    <div role="row" className="cal-m-row" style={{ '--lines': layout.lanes + extra } as CSSProperties}>
      {days.map((d, c) => (
        <div key={d.date} role="gridcell" data-date={d.date} className="cal-m-cell" data-today={d.date === today || undefined} data-outside={d.outside || undefined}>
          {/* The full date is the cell's text for assistive technology (a label would hide its events' titles). */}
          <div className="cal-m-num">
            <span aria-hidden="true">{d.day}</span>
            <span className="sr-only">{d.label}</span>
          </div>
          <div className="cal-m-events">
            {layout.starts[c]!.map((seg) => (
              <Entry key={seg.ev.id} seg={seg} segStart={d.date} clockMode={clockMode} handlers={handlers} />
            ))}
            {layout.hidden[c]! > 0 && <MoreButton date={d.date} n={layout.hidden[c]!} />}
          </div>
        </div>
      ))}
    </div>
  );
});

interface EntryViewProps {
  seg: Segment;
  /** The day the piece starts on (the grabbed day of a drag is counted from it). */
  segStart: string;
  clockMode: ClockMode;
  handlers: Handlers;
  /** In the "+N more" list: one line each, not placed in the row. */
  listed?: boolean;
}

/** One event's piece: a bar (all-day, several days) or a dot, the time and the title; its content is EventContent. */
const Entry = memo(EntryView, (a, b) => {
  // A row laid out again gives its pieces new objects: an unchanged piece does not render again.
  const s = a.seg;
  const t = b.seg;
  return (
    s.ev === t.ev && s.lane === t.lane && s.span === t.span && s.isStart === t.isStart && s.isEnd === t.isEnd && s.bar === t.bar &&
    a.segStart === b.segStart && a.clockMode === b.clockMode && a.handlers === b.handlers && a.listed === b.listed
  );
});

function EntryView({ seg, segStart, clockMode, handlers, listed }: EntryViewProps) {
  const { ev } = seg;
  const bar = seg.bar;
  const time = !ev.allDay && seg.isStart ? timeText(ev.start, clockMode) : '';
  const style: Record<string, string | number> = listed ? {} : { '--lane': seg.lane, '--span': seg.span };
  if (ev.color) style['--fc-event-color'] = ev.color;
  if (ev.textColor) style['--fc-event-contrast-color'] = ev.textColor;
  // Resize handles (all-day bars whose duration may change): at the event's own start and end, not at a week's edge.
  const resizable = ev.resizable && bar && !listed;
  const cls = ['cal-m-event', bar ? 'cal-m-bar' : 'cal-m-item', listed && 'cal-m-listed', (seg.isStart || listed) && 'cal-m-start', (seg.isEnd || listed) && 'cal-m-end', ev.draggable && !listed && 'cal-m-draggable', ev.className]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={cls}
      style={style as CSSProperties}
      data-event-id={ev.id}
      data-seg-start={segStart}
      data-span={seg.span}
      role={ev.interactive ? 'button' : undefined}
      tabIndex={ev.interactive ? 0 : undefined}
    >
      {!bar && <span className="cal-m-dot" aria-hidden="true" />}
      <EventContent id={ev.id} entry={ev.entry} title={ev.title} timeText={time} onToggleTask={handlers.onToggleTask} onToggleHabit={handlers.onToggleHabit} onOpen={handlers.onOpen} />
      {resizable && seg.isStart && <span className="cal-m-resizer" data-edge="start" aria-hidden="true" />}
      {resizable && seg.isEnd && <span className="cal-m-resizer" data-edge="end" aria-hidden="true" />}
    </div>
  );
}

/** "+N more" of a day: a plain button (the grid's click listener opens the day's list). */
const MoreButton = memo(function MoreButton({ date, n }: { date: string; n: number }) {
  const { t } = useLingui();
  return (
    <button type="button" className="cal-m-more" data-date={date} aria-haspopup="dialog">
      {t`+${n} more`}
    </button>
  );
});

interface MoreListProps {
  date: string;
  button: HTMLElement;
  first: number;
  rows: readonly { layout: WeekLayout }[];
  weeks: readonly Day[][];
  clockMode: ClockMode;
  handlers: Handlers;
  onClose(): void;
}

/** A day's whole list in a popover on its "+N more" (Esc or a click outside closes it; the focus goes back). */
function MoreList({ date, button, first, rows, weeks, clockMode, handlers, onClose }: MoreListProps) {
  const n = dayNumber(date) - first;
  const w = Math.floor(n / 7);
  const layout = rows[w]?.layout;
  const day = weeks[w]?.[n % 7];
  const anchor = useMemo(() => ({ current: button }), [button]);
  if (!layout || !day) return null;
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={anchor} />
      <PopoverPanel
        className="cal-root cal-m-popover"
        aria-label={day.label}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          if (button.isConnected) button.focus();
        }}
      >
        <div className="cal-m-popover-title">{day.label}</div>
        <div className="cal-m-popover-list">
          {layout.byDay[n % 7]!.map((seg) => (
            <Entry key={seg.ev.id} seg={seg} segStart={date} clockMode={clockMode} handlers={handlers} listed />
          ))}
        </div>
      </PopoverPanel>
    </Popover.Root>
  );
}
