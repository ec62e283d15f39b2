import FullCalendar, { CalendarController, type CalendarApi, type EventChangeInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import ruLocale from '@fullcalendar/react/locales/ru';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import '../calendar.css';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ClockMode } from '../../../lib/dates';
import type { EntryProps } from '../data/to-fc';
import { FC_VIEW } from '../logic/views';
import { applyInputs } from './apply-inputs';
import { batchDropRenders } from './batch-drop';
import { EventContent } from './event-content';
import { MonthGrid } from './month-grid';
import type { CalendarViewProps } from './view-props';

export type { CalendarViewProps } from './view-props';

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, classicTheme];

type FcEvent = { id: string; extendedProps: Record<string, unknown> };

/**
 * FullCalendar's API, caught through its `controller` option instead of a `ref`: React 19 gives a forwardRef
 * component that is passed a ref a new props object on every render, and FullCalendar takes a new props object for
 * changed options: it then refines its ~300 options again on each of its own renders (a drop brings three).
 */
export class ApiHolder extends CalendarController {
  api: CalendarApi | undefined;
  constructor() {
    super(() => undefined);
  }
  override _setApi(api: CalendarApi | undefined) {
    this.api = api;
  }
}

const timeFormat = (clock: ClockMode) =>
  clock === '24h' ? ({ hour: '2-digit', minute: '2-digit', hour12: false } as const) : ({ hour: 'numeric', minute: '2-digit', meridiem: 'short', hour12: true } as const);

/** The month on the grid of our own (month-grid.tsx); the week, day and days views on FullCalendar. */
export function CalendarViewPane(props: CalendarViewProps) {
  return props.view === 'month' ? <MonthGrid {...props} /> : <TimeGridPane {...props} />;
}

/**
 * FullCalendar 7 (this lazy chunk only) driven by the screen's state: the view and the date go to its API,
 * the events are the visible range's inputs. FullCalendar's own toolbar is off (the screen has its own).
 */
function TimeGridPane(props: CalendarViewProps) {
  const { view, days, anchor, inputs, timeZone, weekStartDay, clockMode, locale } = props;
  const [holder] = useState(() => new ApiHolder());
  // The handlers change with the screen's state; FullCalendar gets stable functions that call the latest.
  const latest = useRef(props);
  latest.current = props;

  // The events go to FullCalendar's API, not its `events` option: a new array there re-parses and re-renders every
  // event (applyInputs: a few changed inputs alone, a drag's echo not at all, a new range as one source).
  const shown = useRef(new Map<string, EventInput>());
  // The latest entry of an event: a drag's echo leaves FullCalendar's copy (extendedProps) as it was.
  const entryOf = (event: FcEvent) => ((shown.current.get(event.id)?.extendedProps ?? event.extendedProps) as EntryProps);
  const at = useRef({ view, anchor, days });
  useLayoutEffect(() => {
    const api = holder.api;
    if (!api) return;
    // The view and the date first, in the same commit as the range's events (one render of the new range).
    if (at.current.view !== view || at.current.anchor !== anchor || at.current.days !== days) {
      at.current = { view, anchor, days };
      if (api.view.type !== FC_VIEW[view]) api.changeView(FC_VIEW[view], anchor);
      else api.gotoDate(anchor);
    }
    shown.current = applyInputs(api, shown.current, inputs);
  }, [holder, inputs, view, anchor, days]);

  // A drop renders the calendar once, not three times (batch-drop.ts).
  useLayoutEffect(() => (holder.api ? batchDropRenders(holder.api) : undefined), [holder]);

  const views = useMemo(() => ({ timeGridDays: { type: 'timeGrid', duration: { days } } }), [days]);
  // Stable option objects: a new one is an option change, and FullCalendar rebuilds the view for it.
  const format = useMemo(() => timeFormat(clockMode), [clockMode]);
  // The event content's callbacks, stable: EventContent is drawn again only when what it shows changes.
  const content = useMemo(
    () => ({
      onToggleTask: (id: string, completed: boolean) => latest.current.onToggleTask(id, completed),
      onToggleHabit: (id: string, date: string, done: boolean) => latest.current.onToggleHabit(id, date, done),
      onOpen: (id: string, entry: EntryProps) => latest.current.onEventClick(entryOf({ id, extendedProps: entry })),
    }),
    [],
  );
  const handlers = useMemo(
    () => ({
      dateClick(info: { dateStr: string; allDay: boolean }) {
        latest.current.onDateClick({ date: info.dateStr.slice(0, 10), time: info.allDay ? null : info.dateStr.slice(11, 16), allDay: info.allDay });
      },
      eventClick(info: { event: FcEvent; jsEvent: MouseEvent }) {
        info.jsEvent.preventDefault();
        latest.current.onEventClick(entryOf(info.event));
      },
      eventChange(info: EventChangeInfo) {
        const e = info.event;
        latest.current.onEventChange(entryOf(e), { start: e.startStr, end: e.endStr || null, allDay: e.allDay }, info.revert);
      },
      eventContent(arg: { event: FcEvent & { title: string }; timeText: string }) {
        return (
          <EventContent
            id={arg.event.id}
            entry={arg.event.extendedProps as EntryProps}
            title={arg.event.title}
            timeText={arg.timeText}
            onToggleTask={content.onToggleTask}
            onToggleHabit={content.onToggleHabit}
            onOpen={content.onOpen}
          />
        );
      },
    }),
    [content],
  );

  // FullCalendar re-renders all its rows on a render of its own; the screen renders on every live change (a write,
  // a pull, a tick), so the element is kept while its options stay (the view and date go through the API above).
  const [initial] = useState(() => ({ view: FC_VIEW[view], date: anchor }));
  const month = view === 'month';
  const calendar = useMemo(
    () => (
      <FullCalendar
        controller={holder}
        plugins={PLUGINS}
        initialView={initial.view}
        initialDate={initial.date}
        headerToolbar={false}
        views={views}
        locale={locale === 'ru' ? ruLocale : 'en'}
        firstDay={weekStartDay}
        timeZone={timeZone}
        eventTimeFormat={format}
        slotHeaderFormat={format}
        editable
        eventResizableFromStart
        nowIndicator
        dayMaxEvents={4}
        // The month grows with its weeks; a time grid scrolls inside a window-high box, opened at 08:00.
        height={month ? 'auto' : 'max(420px, calc(100dvh - 240px))'}
        scrollTime="08:00:00"
        dateClick={handlers.dateClick}
        eventClick={handlers.eventClick}
        eventDrop={handlers.eventChange}
        eventResize={handlers.eventChange}
        eventContent={handlers.eventContent}
      />
    ),
    [holder, initial, views, locale, weekStartDay, timeZone, format, month, handlers],
  );

  return (
    <div className="cal-root" data-view={view}>
      {calendar}
    </div>
  );
}
