import { Trans, useLingui } from '@lingui/react/macro';
import { mdiFileTreeOutline, mdiFormatListBulleted, mdiPlus } from '@mdi/js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { cn, focusRing } from '../../components/ui/cn';
import { Icon } from '../../components/ui/icon';
import { Toast } from '../../components/ui/toast';
import { QuickAdd } from './components/quick-add';
import { TaskFiltersBar } from './components/task-filters';
import { TaskList } from './components/task-list';
import { useTaskActions } from './data/mutations';
import { liveTasks, useTaskIndex, useTasks } from './data/queries';
import type { AppDatabase } from '../../db/database';
import { TaskDetailsDialog } from './dialogs/task-details-dialog';
import { TaskFormDialog, type TaskFormTarget } from './dialogs/task-form-dialog';
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
  const openDetails = useCallback((id: string | null) => setParams(id ? { id } : {}, { replace: true }), [setParams]);
  const setCompleted = useCallback((id: string, completed: boolean) => actions.setCompleted(id, completed), [actions]);

  const empty = tasks !== undefined && tasks.length === 0;
  useEffect(() => {
    if (empty) quickAddRef.current?.focus();
  }, [empty]);
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-4" aria-labelledby="tasks-title">
      <header className="flex flex-wrap items-center gap-2">
        <h1 id="tasks-title" className="mr-auto text-2xl font-semibold text-section-tasks dark:text-primary">
          <Trans>Tasks</Trans>
        </h1>
        <div role="group" aria-label={t`View`} className="flex rounded-lg border border-line p-0.5">
          {(['list', 'tree'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={cn(
                'flex min-h-10 min-w-10 items-center justify-center gap-1.5 rounded-md px-2.5 text-sm sm:min-h-8 sm:px-3',
                focusRing,
                view === v ? 'bg-primary/10 font-medium text-primary' : 'text-muted hover:text-ink',
              )}
            >
              <Icon path={v === 'list' ? mdiFormatListBulleted : mdiFileTreeOutline} size={18} />
              <span className="max-sm:sr-only">{v === 'list' ? <Trans>List</Trans> : <Trans>Tree</Trans>}</span>
            </button>
          ))}
        </div>
        <Button variant="primary" icon={mdiPlus} onClick={() => setForm({ mode: 'create', parent: null })} disabled={!tasks} className="max-sm:hidden">
          <Trans>New task</Trans>
        </Button>
        <Button
          variant="primary"
          icon={mdiPlus}
          aria-label={t`New task`}
          title={t`New task`}
          onClick={() => setForm({ mode: 'create', parent: null })}
          disabled={!tasks}
          className="w-11 px-0 sm:hidden"
        />
      </header>

      <QuickAdd ref={quickAddRef} label={t`New task`} placeholder={t`Add a task…`} onAdd={(title) => actions.quickAdd(title)} disabled={!tasks} />

      {tasks === undefined ? (
        <div aria-hidden className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-12 rounded-xl bg-surface-2" />
          ))}
        </div>
      ) : empty ? (
        <div className="rounded-2xl border border-dashed border-line bg-surface-2 px-6 py-10 text-center">
          <p className="text-lg font-medium">
            <Trans>A clear list. Nice.</Trans>
          </p>
          <p className="mt-1 text-sm text-muted">
            <Trans>Type one small thing above and press Enter. A few words are enough.</Trans>
          </p>
        </div>
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
