import { Trans, useLingui } from '@lingui/react/macro';
import { daysBetween } from '@adhd/shared/time';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { mdiPlus } from '@mdi/js';
import { Button } from '../../components/ui/button';
import { EmptyState, ListSkeleton, ScreenHeader } from '../../components/ui/screen';
import { useMediaQuery } from '../../components/ui/use-media-query';
import type { AppDatabase } from '../../db/database';
import { useOpenById } from '../../lib/use-open-by-id';
import { usePrefs, useToday } from '../../lib/use-prefs';
import { useHabitActions, useHabits } from '../habits';
import { useTaskActions, useTasks } from '../tasks';
import { CalendarToolbar } from './components/calendar-toolbar';
import { CalendarViewPane } from './components/calendar-view';
import { useCalendarActions } from './data/actions';
import { EventDialog, type EventDialogTarget } from './dialog';
import { habitsDueOn, liveEvents, useEvents, useOccurrences, useTaskEvents } from './data/queries';
import { createInputCache, type EntryProps } from './data/to-fc';
import { GoogleCalendarPanel, GoogleToolbarButton, useGoogleConnection } from './google';
import { useMoveHandler } from './hooks/use-move-handler';
import { useStoredCalendarView } from './logic/stored-view';
import { anchorFor, rangeTitle, stepAnchor, visibleRange, type CalendarView } from './logic/views';

/** Start reading the local events into memory before the screen renders. */
export function warmCalendar(db: AppDatabase): void {
  liveEvents(db);
}

const inRange = (date: string, from: string, to: string) => daysBetween(from, date) >= 0 && daysBetween(date, to) >= 0;
const hourLater = (time: string) => `${String(Math.min(23, Number(time.slice(0, 2)) + 1)).padStart(2, '0')}:${time.slice(3, 5)}`;

/**
 * The calendar (SPEC section 2): month, week, day and days views of the local events, tasks with a due date and
 * today's habits; click a day or a slot to create, an event to open it, drag or resize to move it.
 * /calendar?id={id} opens that event at its date.
 */
export function CalendarScreen() {
  const { t } = useLingui();
  const prefs = usePrefs();
  const today = useToday(prefs.timeZone);
  const narrow = useMediaQuery('(max-width: 599px)');
  const stored = useStoredCalendarView(narrow);
  const { view, days } = stored;
  const [anchor, setAnchor] = useState(() => anchorFor(stored.view, today));
  const [target, setTarget] = useState<EventDialogTarget | null>(null);
  const [params, setParams] = useSearchParams();
  const [, navigate] = useLocation();
  const [googleOpen, setGoogleOpen] = useState(false);
  const googlePanelId = useId();
  useGoogleConnection();

  const events = useEvents();
  const tasks = useTasks();
  const habits = useHabits();
  const taskEvents = useTaskEvents(tasks, prefs.timeZone);
  const actions = useCalendarActions();
  const taskActions = useTaskActions();
  const habitActions = useHabitActions();

  const range = useMemo(() => visibleRange(view, anchor, prefs.weekStartDay, days), [view, anchor, prefs.weekStartDay, days]);
  const ahead = useMemo(() => ([1, -1] as const).map((d) => visibleRange(view, stepAnchor(view, anchor, d, days), prefs.weekStartDay, days)), [view, anchor, prefs.weekStartDay, days]);
  const occurrences = useOccurrences(events, taskEvents, range, ahead, prefs.timeZone);
  const showHabits = (view === 'day' || view === 'days') && inRange(today, range.from, range.to);
  const habitsToday = useMemo(() => (showHabits ? habitsDueOn(habits, today) : []), [showHabits, habits, today]);
  const [toInputs] = useState(createInputCache);
  const inputs = useMemo(() => toInputs(occurrences ?? [], habitsToday, showHabits ? today : null), [toInputs, occurrences, habitsToday, showHabits, today]);

  // /calendar?id={id}: show that event's date and open it.
  const openId = params.get('id');
  const opened = openId ? events?.find((e) => e._id === openId) : undefined;
  useOpenById(openId, events && !!opened);
  useEffect(() => {
    if (!opened) return;
    setAnchor(anchorFor(view, opened.startDate));
    setTarget({ mode: 'view', eventId: opened._id });
    // Only when another event is asked for: switching views afterwards keeps the date the user moved to.
  }, [opened?._id]);

  const closeDialog = useCallback(() => {
    setTarget(null);
    if (params.has('id')) setParams({}, { replace: true });
  }, [params, setParams]);

  const changeView = (v: CalendarView) => {
    stored.setView(v);
    setAnchor(anchorFor(v, inRange(today, range.from, range.to) ? today : range.from));
  };

  const onEventChange = useMoveHandler(actions, prefs.timeZone);
  const onEventClick = useCallback(
    (entry: EntryProps) => {
      if (entry.kind === 'task') navigate(`/tasks?id=${encodeURIComponent(entry.taskId)}`);
      else if (entry.kind === 'habit') navigate(`/habits?id=${encodeURIComponent(entry.habitId)}`);
      else {
        const o = entry.occurrence;
        setTarget(o.seriesId && o.originalStart && !o.event.seriesId ? { mode: 'view', eventId: o.eventId, occurrence: { seriesId: o.seriesId, originalStart: o.originalStart } } : { mode: 'view', eventId: o.eventId });
      }
    },
    [navigate],
  );

  const loading = events === undefined;
  const empty = !loading && view === 'month' && occurrences?.length === 0;
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-3" aria-labelledby="calendar-title">
      <ScreenHeader titleId="calendar-title" title={<Trans>Calendar</Trans>} titleClassName="text-section-events dark:text-primary">
        {/* The keyboard's way to add an event (a day cell is reached by the mouse only). */}
        <Button variant="primary" icon={mdiPlus} onClick={() => setTarget({ mode: 'create' })} className="max-sm:w-11 max-sm:px-0">
          <span className="max-sm:sr-only">
            <Trans>New event</Trans>
          </span>
        </Button>
      </ScreenHeader>
      <CalendarToolbar
        view={view}
        days={days}
        title={rangeTitle(view, anchor, range, prefs.locale, today)}
        onToday={() => setAnchor(anchorFor(view, today))}
        onStep={(d) => setAnchor(stepAnchor(view, anchor, d, days))}
        onView={changeView}
        onDays={stored.setDays}
        extra={<GoogleToolbarButton open={googleOpen} onToggle={() => setGoogleOpen((o) => !o)} panelId={googlePanelId} />}
      />
      <GoogleCalendarPanel open={googleOpen} id={googlePanelId} onClose={() => setGoogleOpen(false)} />
      {empty && (
        <EmptyState title={<Trans>Nothing planned this month</Trans>} hint={<Trans>Click a day to add an event. Tasks with a due date show up here too.</Trans>} />
      )}
      {loading ? (
        <div role="status" aria-label={t`Loading events`}>
          <ListSkeleton rowClassName="h-24" />
        </div>
      ) : (
        <CalendarViewPane
          view={view}
          days={days}
          anchor={anchor}
          inputs={inputs}
          timeZone={prefs.timeZone}
          weekStartDay={prefs.weekStartDay}
          clockMode={prefs.clockMode}
          locale={prefs.locale}
          onDateClick={({ date, time, allDay }) =>
            setTarget({ mode: 'create', initial: { startDate: date, startTime: time, endTime: time ? hourLater(time) : null, allDay } })
          }
          onEventClick={onEventClick}
          onEventChange={onEventChange}
          onToggleTask={(id, completed) => void taskActions.setCompleted(id, completed)}
          onToggleHabit={(id, date, done) => void habitActions.setDay(id, date, done ? 'complete' : 'empty')}
        />
      )}
      {/* Kept mounted while closed: it also asks the occurrence scope of a dragged occurrence of a series. */}
      <EventDialog target={target} onClose={closeDialog} />
    </section>
  );
}
