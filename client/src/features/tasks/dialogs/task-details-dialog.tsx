import { Trans, useLingui } from '@lingui/react/macro';
import { mdiArrowULeftTop, mdiCheck, mdiPlus, mdiUndo } from '@mdi/js';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../components/ui/cn';
import { AppDialog } from '../../../components/ui/dialog';
import { DescriptionSection, DetailField, DetailsFooter, NoValue } from '../../../components/ui/details';
import { Icon } from '../../../components/ui/icon';
import { formatTimeOfDay } from '../../../lib/dates';
import { useDateLabel, useTitleOf } from '../components/labels';
import { PriorityChip } from '../components/priority-chip';
import { QuickAdd } from '../components/quick-add';
import { TaskTagChips } from '../components/tags-bridge';
import { OverdueBadge } from '../components/task-meta';
import { useTaskActions } from '../data/mutations';
import type { UserPrefs } from '../../../lib/use-prefs';
import { useOptimisticToggle } from '../hooks/use-optimistic-toggle';
import { compareTasks } from '../logic/filters';
import { taskDates } from '../logic/task-dates';
import { descendantIds, type TaskIndex } from '../logic/tree';
import type { TaskItem } from '../logic/types';
import { DeleteTaskDialog } from './delete-task-dialog';

export interface TaskDetailsDialogProps {
  task: TaskItem;
  index: TaskIndex;
  prefs: UserPrefs;
  today: string;
  onClose(): void;
  onOpenTask(id: string): void;
  onEdit(): void;
  onCreateSubtask(): void;
  /** After a delete: the screen offers Undo. */
  onDeleted(title: string, undo: () => Promise<void>): void;
}

/** SPEC section 2: task details, 700 px wide. */
export function TaskDetailsDialog({ task, index, prefs, today, onClose, onOpenTask, onEdit, onCreateSubtask, onDeleted }: TaskDetailsDialogProps) {
  const { t } = useLingui();
  const titleOf = useTitleOf();
  const dateLabel = useDateLabel();
  const actions = useTaskActions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const write = useCallback((next: boolean) => actions.setCompleted(task.id, next), [actions, task.id]);
  const { checked, toggle, failed } = useOptimisticToggle(task.completed, write);
  const dates = taskDates({ ...task, completed: checked }, today, prefs.timeZone);
  const parent = task.parent ? index.byId.get(task.parent) : undefined;
  const subtasks = (index.children.get(task.id) ?? []).map((id) => index.byId.get(id)!).sort(compareTasks);
  const none = <NoValue />;

  const remove = async () => {
    setDeleteFailed(false);
    try {
      const undo = await actions.remove(task.id);
      onDeleted(task.title, undo);
    } catch (err) {
      console.error('Task delete failed', err);
      setDeleteFailed(true);
    }
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={<span className={cn(checked && 'text-muted line-through', !task.title.trim() && 'italic text-muted')}>{titleOf(task.title)}</span>}
      width={700}
      fullScreenOnNarrow
      data-testid="task-details"
      footer={
        <DetailsFooter onDelete={() => setConfirmDelete(true)} onClose={onClose} onEdit={onEdit}>
          <Button variant="secondary" icon={checked ? mdiUndo : mdiCheck} onClick={toggle} className="max-sm:px-3">
            {checked ? <Trans>Uncomplete</Trans> : <Trans>Complete</Trans>}
          </Button>
        </DetailsFooter>
      }
    >
      <div className="flex flex-col gap-5">
        {parent && (
          <button
            type="button"
            onClick={() => onOpenTask(parent.id)}
            className="inline-flex max-w-full items-center gap-1 self-start rounded-full bg-surface-2 px-3 py-1 text-sm text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Icon path={mdiArrowULeftTop} size={16} />
            <span className="sr-only">
              <Trans>Parent task:</Trans>
            </span>
            <span className="truncate">{titleOf(parent.title)}</span>
          </button>
        )}
        {(failed || deleteFailed) && (
          <p role="alert" className="text-sm text-danger">
            <Trans>Couldn’t save that change. Please try again.</Trans>
          </p>
        )}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
          <DetailField label={<Trans>Status</Trans>}>
            <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', checked ? 'bg-success/15 text-success' : 'bg-surface-2 text-ink')}>
              {checked ? <Trans>Completed</Trans> : <Trans>Not completed</Trans>}
            </span>
          </DetailField>
          <DetailField label={<Trans>Priority</Trans>}>
            <PriorityChip priority={task.priority} />
          </DetailField>
          <DetailField label={<Trans>Time</Trans>}>{task.time ? formatTimeOfDay(task.time, prefs.clockMode, prefs.locale) : none}</DetailField>
          <DetailField label={<Trans>Start date</Trans>}>{dates.start ? dateLabel(dates.start, today) : none}</DetailField>
          <DetailField label={<Trans>Due date</Trans>}>
            {dates.due ? <span className={cn(dates.overdueDays > 0 && 'text-danger')}>{dateLabel(dates.due, today)}</span> : none}
            <OverdueBadge days={dates.overdueDays} />
          </DetailField>
          <DetailField label={<Trans>Tags</Trans>}>{task.tags.length > 0 ? <TaskTagChips ids={task.tags} /> : none}</DetailField>
        </dl>
        <DescriptionSection text={task.description} />
        <section aria-labelledby={`subtasks-${task.id}`} className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <h3 id={`subtasks-${task.id}`} className="min-w-0 text-xs font-medium uppercase tracking-wide text-muted">
              <Trans>Subtasks</Trans> {subtasks.length > 0 && `· ${subtasks.filter((s) => s.completed).length}/${subtasks.length}`}
            </h3>
            <Button size="sm" variant="ghost" icon={mdiPlus} className="shrink-0 whitespace-nowrap text-primary" onClick={onCreateSubtask}>
              <Trans>Create subtask</Trans>
            </Button>
          </div>
          {subtasks.length > 0 && (
            <ul className="flex flex-col">
              {subtasks.map((s) => (
                <SubtaskItem key={s.id} task={s} onOpen={onOpenTask} />
              ))}
            </ul>
          )}
          <QuickAdd label={t`New subtask`} placeholder={t`Add a subtask…`} onAdd={(title) => actions.quickAdd(title, task.id)} />
        </section>
      </div>
      <DeleteTaskDialog open={confirmDelete} onOpenChange={setConfirmDelete} onConfirm={() => void remove()} subtaskCount={descendantIds(index, task.id).size} />
    </AppDialog>
  );
}

function SubtaskItem({ task, onOpen }: { task: TaskItem; onOpen(id: string): void }) {
  const { t } = useLingui();
  const titleOf = useTitleOf();
  const actions = useTaskActions();
  const write = useCallback((next: boolean) => actions.setCompleted(task.id, next), [actions, task.id]);
  const { checked, toggle, failed } = useOptimisticToggle(task.completed, write);
  const title = titleOf(task.title);
  return (
    <li className="flex items-center gap-1">
      <Checkbox shape="round" checked={checked} onCheckedChange={toggle} label={checked ? t`Mark ${title} as not done` : t`Mark ${title} as done`} />
      <button
        type="button"
        onClick={() => onOpen(task.id)}
        className={cn('min-h-11 min-w-0 flex-1 truncate rounded-md px-1 text-left text-sm hover:underline focus-visible:outline-2 focus-visible:outline-primary sm:min-h-9', checked && 'text-muted line-through')}
      >
        {title}
      </button>
      {failed && (
        <span role="alert" className="text-xs text-danger">
          <Trans>Not saved</Trans>
        </span>
      )}
    </li>
  );
}
