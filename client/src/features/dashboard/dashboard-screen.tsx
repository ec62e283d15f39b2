import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import type { AppDatabase } from '../../db/database';
import { liveEntity } from '../../db/live-entities';
import { ListSkeleton, ScreenHeader } from '../../components/ui/screen';
import { formatLongDate } from '../../lib/dates';
import { usePrefs, useToday } from '../../lib/use-prefs';
import { useEvents } from '../calendar';
import { useHabits } from '../habits';
import { useNotes } from '../notes';
import { useTasks } from '../tasks';
import { CaptureField } from './components/capture-field';
import { EmptyDashboard } from './components/empty-dashboard';
import { EventsSection } from './components/events-section';
import { HabitsSection } from './components/habits-section';
import { NotesSection } from './components/notes-section';
import { TasksSection } from './components/tasks-section';

/**
 * Start reading what the dashboard shows into memory before it mounts (the route preloader, and the prefetch
 * after another screen's first paint): tasks, habits (their days follow after the first paint), notes, events.
 * The live tables are shared with the other screens, so a visit to /tasks afterwards reads nothing again.
 */
export function warmDashboard(db: AppDatabase): void {
  liveEntity(db, 'task');
  liveEntity(db, 'habit');
  liveEntity(db, 'note');
  liveEntity(db, 'event');
}

const skeleton = (key: string) => (
  <div key={key} className="rounded-2xl border border-line bg-surface p-4">
    <div className="mb-3 h-6 w-40 rounded bg-surface-2" />
    <ListSkeleton rowClassName="h-10" />
  </div>
);

/**
 * The dashboard (SPEC section 2), the start screen after sign-in: the capture field, then today's tasks,
 * today's habits, pinned notes and the next 7 days of events, all read from the local database (live,
 * offline). One column on a phone, two on a wider screen. docs/dashboard.md says what each part shows and why.
 */
export function DashboardScreen() {
  const raw = usePrefs();
  // One object while the preferences stay, so the memoised sections and rows skip renders as the tables arrive.
  const prefs = useMemo(() => raw, [raw.timeZone, raw.weekStartDay, raw.clockMode, raw.locale]);
  const today = useToday(prefs.timeZone);
  const tasks = useTasks();
  const habits = useHabits();
  const notes = useNotes();
  const events = useEvents();
  const ready = tasks !== undefined && habits !== undefined && notes !== undefined && events !== undefined;
  const empty = ready && tasks.length === 0 && habits.length === 0 && notes.length === 0 && events.length === 0;

  useEffect(() => {
    if (ready) performance.mark('dashboard:ready');
  }, [ready]);
  // When each table arrived (for the bench's verbose output and the browser's performance panel).
  const arrived = [tasks, habits, notes, events].map((rows) => rows !== undefined).join();
  useEffect(() => {
    const names = ['tasks', 'habits', 'notes', 'events'];
    arrived.split(',').forEach((has, i) => has === 'true' && !performance.getEntriesByName(`dashboard:${names[i]}`).length && performance.mark(`dashboard:${names[i]}`));
  }, [arrived]);

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4" aria-labelledby="dashboard-title" data-testid="dashboard" data-ready={ready || undefined}>
      <ScreenHeader
        titleId="dashboard-title"
        title={<Trans>Dashboard</Trans>}
        titleClassName="text-[var(--color-section-dashboard)] dark:text-primary"
        subtitle={formatLongDate(today, prefs.locale)}
      />
      <CaptureField />
      {!ready ? (
        <div aria-hidden className="grid gap-4 md:grid-cols-2">
          {skeleton('a')}
          {skeleton('b')}
        </div>
      ) : empty ? (
        <EmptyDashboard />
      ) : (
        <div className="flex flex-col gap-4 md:grid md:grid-cols-2 md:items-start">
          <div className="contents md:flex md:flex-col md:gap-4">
            <div className="order-1">
              <TasksSection tasks={tasks} today={today} prefs={prefs} />
            </div>
            <div className="order-4">
              <EventsSection today={today} prefs={prefs} />
            </div>
          </div>
          <div className="contents md:flex md:flex-col md:gap-4">
            <div className="order-2">
              <HabitsSection habits={habits} today={today} prefs={prefs} />
            </div>
            <div className="order-3">
              <NotesSection notes={notes} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
