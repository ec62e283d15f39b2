import { Trans, useLingui } from '@lingui/react/macro';
import { mdiFileTreeOutline, mdiFormatListBulleted, mdiPlus } from '@mdi/js';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { SegmentedControl } from '../../components/ui/choice';
import { EmptyState, ListSkeleton, ScreenHeader } from '../../components/ui/screen';
import { Toast } from '../../components/ui/toast';
import { QuickAdd } from './components/quick-add';
import { TaskFiltersBar } from './components/task-filters';
import { TaskList } from './components/task-list';
import { useTaskActions } from './data/mutations';
import { liveTasks, useTaskIndex, useTasks } from './data/queries';
import type { AppDatabase } from '../../db/database';
import { TaskDetailsDialog } from './dialogs/task-details-dialog';
import { TaskFormDialog, type TaskFormTarget } from './dialogs/task-form-dialog';
import { useOpenById } from '../../lib/use-open-by-id';
import { usePrefs, useToday } from '../../lib/use-prefs';
import { useStoredView } from './hooks/use-stored-view';
import { DEFAULT_FILTERS, type TaskFilters } from './logic/filters';

/** Start reading the local tasks into memory before the screen renders (start-up on /tasks). */
export function warmTasks(db: AppDatabase): void {
  liveTasks(db);
}

/**
 * The tasks screen (SPEC sections 2-5): quick add, list or tree, filters, and the details and form dialogs.
 * Everything renders from the local database; /tasks?id={id} opens that task's details.
 */
export function TasksScreen() {
  const { t } = useLingui();
  const prefs = usePrefs();
  const today = useToday(prefs.timeZone);
  const tasks = useTasks();
  const index = useTaskIndex(tasks);
  const actions = useTaskActions();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useStoredView();
  const [filters, setFilters] = useState<TaskFilters>(DEFAULT_FILTERS);
  const [form, setForm] = useState<TaskFormTarget | null>(null);
  const [toast, setToast] = useState<{ title: string; undo: () => Promise<void> } | null>(null);
  const quickAddRef = useRef<HTMLInputElement>(null);

  const detailsId = params.get('id');
  const detailsTask = detailsId ? index.byId.get(detailsId) : undefined;
  useOpenById(detailsId, tasks && !!detailsTask);
  const openDetails = useCallback((id: string | null) => setParams(id ? { id } : {}, { replace: true }), [setParams]);
  const setCompleted = useCallback((id: string, completed: boolean) => actions.setCompleted(id, completed), [actions]);

  const newTask = useCallback(() => setForm({ mode: 'create', parent: null }), []);

  const empty = tasks !== undefined && tasks.length === 0;
  useEffect(() => {
    if (empty) quickAddRef.current?.focus();
  }, [empty]);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4" aria-labelledby="tasks-title">
      <TasksHeader view={view} onView={setView} ready={!!tasks} onNew={newTask} />

      <QuickAdd ref={quickAddRef} label={t`New task`} placeholder={t`Add a task…`} onAdd={(title) => actions.quickAdd(title)} disabled={!tasks} />

      {tasks === undefined ? (
        <ListSkeleton rowClassName="h-12" />
      ) : empty ? (
        <EmptyState title={<Trans>A clear list. Nice.</Trans>} hint={<Trans>Type one small thing above and press Enter. A few words are enough.</Trans>} />
      ) : (
        <>
          <TaskFiltersBar value={filters} onChange={setFilters} />
          <TaskList
            tasks={tasks}
            index={index}
            filters={filters}
            view={view}
            prefs={prefs}
            today={today}
            onOpen={openDetails}
            onSetCompleted={setCompleted}
          />
        </>
      )}

      {detailsTask && !form && (
        <TaskDetailsDialog
          key={detailsTask.id}
          task={detailsTask}
          index={index}
          prefs={prefs}
          today={today}
          onClose={() => openDetails(null)}
          onOpenTask={openDetails}
          onEdit={() => setForm({ mode: 'edit', id: detailsTask.id })}
          onCreateSubtask={() => setForm({ mode: 'create', parent: detailsTask.id })}
          onDeleted={(title, undo) => {
            openDetails(null);
            setToast({ title, undo });
          }}
        />
      )}
      {form && tasks && (
        <TaskFormDialog
          key={form.mode === 'edit' ? `edit-${form.id}` : `create-${form.parent ?? ''}`}
          target={form}
          index={index}
          prefs={prefs}
          today={today}
          onClose={() => setForm(null)}
        />
      )}
      {toast && (
        <Toast
          message={<Trans>Task deleted</Trans>}
          actionLabel={<Trans>Undo</Trans>}
          onAction={() => void toast.undo().catch((err: unknown) => console.error('Undo failed', err))}
          onDismiss={() => setToast(null)}
          durationMs={6000}
        />
      )}
    </section>
  );
}

/** The screen's title, the list/tree switch and New task; memoised (the screen renders at every task change). */
const TasksHeader = memo(function TasksHeader({ view, onView, ready, onNew }: { view: 'list' | 'tree'; onView(v: 'list' | 'tree'): void; ready: boolean; onNew(): void }) {
  const { t } = useLingui();
  return (
    <ScreenHeader titleId="tasks-title" title={<Trans>Tasks</Trans>} titleClassName="text-section-tasks dark:text-primary">
      <SegmentedControl
        label={t`View`}
        value={view}
        onChange={onView}
        buttonClassName="flex min-w-10 items-center justify-center gap-1.5 px-2.5 sm:px-3"
        options={[
          { value: 'list', label: <Trans>List</Trans>, icon: mdiFormatListBulleted },
          { value: 'tree', label: <Trans>Tree</Trans>, icon: mdiFileTreeOutline },
        ]}
      />
      <Button variant="primary" icon={mdiPlus} onClick={onNew} disabled={!ready} className="max-sm:hidden">
        <Trans>New task</Trans>
      </Button>
      <Button
        variant="primary"
        icon={mdiPlus}
        aria-label={t`New task`}
        title={t`New task`}
        onClick={onNew}
        disabled={!ready}
        className="w-11 px-0 sm:hidden"
      />
    </ScreenHeader>
  );
});
