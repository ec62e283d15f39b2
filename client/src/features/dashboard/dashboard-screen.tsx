import { Trans } from '@lingui/react/macro';
import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { AppDatabase } from '../../db/database';
import { liveEntity } from '../../db/live-entities';
import { ListSkeleton, ScreenHeader } from '../../components/ui/screen';
import { formatLongDate } from '../../lib/dates';
import { afterPaint } from '../../lib/idle';
import { usePrefs, useToday, type UserPrefs } from '../../lib/use-prefs';
import { useEvents } from '../calendar';
import { useHabits, type HabitItem } from '../habits';
import { useNotes, type NoteItem } from '../notes';
import { useTasks, type TaskItem } from '../tasks';
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

/**
 * The rows' first render at start-up goes in stages, each a transition (React renders it in slices of a few ms
 * and commits it in its own task): 0 the skeleton, 1 the sections at the top of the screen (tasks and habits),
 * 2 all four, once stage 1 has painted. Rendered at once, the four sections with their rows were one task of
 * ~100 ms (400 ms on Lighthouse's 4× slower CPU): the tables' arrival renders at a blocking priority
 * (`useSyncExternalStore`), and so did the whole dashboard with it. A later visit (the tables are in memory)
 * renders everything at once, in the click's frame (docs/bench-notes/dashboard-nav.md).
 */
type Stage = 0 | 1 | 2;
/** Whether the dashboard has shown its rows once in this page: a later mount needs no stages. */
let shownOnce = false;

/**
 * The stage to render: it moves on by itself as a transition, one stage per painted frame. `inFirstRender`: the
 * rows were in memory when the screen mounted (a later visit): after a first showing, no stages then.
 */
function useStage(inFirstRender: boolean): Stage {
  const [stage, setStage] = useState<Stage>(() => (inFirstRender && shownOnce ? 2 : 0));
  useEffect(() => {
    if (stage === 2) {
      shownOnce = true;
      return;
    }
    if (stage === 0) {
      startTransition(() => setStage(1));
      return;
    }
    let live = true;
    void afterPaint().then(() => live && startTransition(() => setStage(2)));
    return () => {
      live = false;
    };
  }, [stage]);
  return stage;
}

const skeleton = (key: string) => (
  <div key={key} className="rounded-2xl border border-line bg-surface p-4">
    <div className="mb-3 h-6 w-40 rounded bg-surface-2" />
    <ListSkeleton rowClassName="h-10" />
  </div>
);
const skeletonGrid = (
  <div aria-hidden className="grid gap-4 md:grid-cols-2">
    {skeleton('a')}
    {skeleton('b')}
  </div>
);

interface SectionsProps {
  tasks: TaskItem[];
  habits: HabitItem[];
  notes: NoteItem[];
  today: string;
  prefs: UserPrefs;
  /** The rows were in memory as the screen mounted. */
  inFirstRender: boolean;
  /** Called as every section is rendered (in the commit's layout phase: before that frame paints). */
  onShown(): void;
}

/**
 * The four sections, rendered in stages (above). A component of its own, fed by props: a stage's transition
 * renders it and the sections only, not the screen that reads the live tables. React renders a transition that
 * read a `useSyncExternalStore` store again synchronously, in one task, when that store changed while it was
 * rendering (a table published meanwhile: the habits' days arrive about then).
 */
const DashboardSections = memo(function DashboardSections({ tasks, habits, notes, today, prefs, inFirstRender, onShown }: SectionsProps) {
  const stage = useStage(inFirstRender);
  useLayoutEffect(() => {
    if (stage === 2) onShown();
  }, [stage, onShown]);
  if (stage === 0) return skeletonGrid;
  return (
    <div className="flex flex-col gap-4 md:grid md:grid-cols-2 md:items-start">
      <div className="contents md:flex md:flex-col md:gap-4">
        <div className="order-1">
          <TasksSection tasks={tasks} today={today} prefs={prefs} />
        </div>
        {stage === 2 && (
          <div className="order-4 [contain-intrinsic-size:auto_16rem] [content-visibility:auto]">
            <EventsSection today={today} prefs={prefs} />
          </div>
        )}
      </div>
      <div className="contents md:flex md:flex-col md:gap-4">
        <div className="order-2">
          <HabitsSection habits={habits} today={today} prefs={prefs} />
        </div>
        {stage === 2 && (
          <div className="order-3 [contain-intrinsic-size:auto_16rem] [content-visibility:auto]">
            <NotesSection notes={notes} />
          </div>
        )}
      </div>
    </div>
  );
});

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
  const [readyAtMount] = useState(ready);
  const [sectionsShown, setSectionsShown] = useState(false);
  const onShown = useCallback(() => setSectionsShown(true), []);
  // "Ready" once every section is in the page (the empty dashboard has none to wait for).
  const shown = empty || (ready && sectionsShown);

  useEffect(() => {
    if (shown) performance.mark('dashboard:ready');
  }, [shown]);
  // When each table arrived (for the bench's verbose output and the browser's performance panel).
  const arrived = [tasks, habits, notes, events].map((rows) => rows !== undefined).join();
  useEffect(() => {
    const names = ['tasks', 'habits', 'notes', 'events'];
    arrived.split(',').forEach((has, i) => has === 'true' && !performance.getEntriesByName(`dashboard:${names[i]}`).length && performance.mark(`dashboard:${names[i]}`));
  }, [arrived]);

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4" aria-labelledby="dashboard-title" data-testid="dashboard" data-ready={shown || undefined}>
      <ScreenHeader
        titleId="dashboard-title"
        title={<Trans>Dashboard</Trans>}
        titleClassName="text-[var(--color-section-dashboard)] dark:text-primary"
        subtitle={formatLongDate(today, prefs.locale)}
      />
      <CaptureField />
      {empty ? (
        <EmptyDashboard />
      ) : !ready ? (
        skeletonGrid
      ) : (
        <DashboardSections tasks={tasks} habits={habits} notes={notes} today={today} prefs={prefs} inFirstRender={readyAtMount} onShown={onShown} />
      )}
    </section>
  );
}
