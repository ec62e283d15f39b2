import { Trans, useLingui } from '@lingui/react/macro';
import { mdiChevronDown, mdiChevronRight, mdiSubdirectoryArrowRight } from '@mdi/js';
import { memo, useCallback, type KeyboardEvent } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import type { ClockMode } from '../../../lib/dates';
import { useOptimisticToggle } from '../hooks/use-optimistic-toggle';
import { taskDates } from '../logic/task-dates';
import type { TaskItem } from '../logic/types';
import { useTitleOf } from './labels';
import { PriorityChip } from './priority-chip';
import { TaskTagChips } from './tags-bridge';
import { SubtaskCount, TaskDateLine } from './task-meta';

export interface TaskRowProps {
  task: TaskItem;
  today: string;
  timeZone: string;
  clockMode: ClockMode;
  locale: string;
  childCount: number;
  doneCount: number;
  /** The parent's title, shown in the flat list. */
  parentTitle?: string | null;
  /** Tree view: indentation level and the expand/collapse state. */
  depth?: number;
  expanded?: boolean;
  onToggleExpanded?(id: string, expanded: boolean): void;
  /** Shown only as the ancestor of a match. */
  dimmed?: boolean;
  onOpen(id: string): void;
  onSetCompleted(id: string, completed: boolean): Promise<void>;
}

const INDENT_REM = 1.5;
const MAX_INDENT = 6;

/** Move the focus to the next or previous task row of the same list. */
function focusSibling(row: HTMLElement, step: 1 | -1) {
  const rows = [...(row.closest('[data-task-list]')?.querySelectorAll<HTMLElement>('[data-task-row]') ?? [])];
  rows[rows.indexOf(row) + step]?.focus();
}

function TaskRowView(props: TaskRowProps) {
  const { task, today, timeZone, clockMode, locale, childCount, doneCount, parentTitle, depth, expanded, onToggleExpanded, dimmed, onOpen, onSetCompleted } = props;
  const { t } = useLingui();
  const titleOf = useTitleOf();
  const write = useCallback((next: boolean) => onSetCompleted(task.id, next), [onSetCompleted, task.id]);
  const { checked, toggle, failed } = useOptimisticToggle(task.completed, write);
  const dates = taskDates({ ...task, completed: checked }, today, timeZone);
  const title = titleOf(task.title);
  const tree = depth !== undefined;
  const canExpand = tree && childCount > 0;

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter') onOpen(task.id);
    else if (e.key === ' ') toggle();
    else if (e.key === 'ArrowDown') focusSibling(e.currentTarget, 1);
    else if (e.key === 'ArrowUp') focusSibling(e.currentTarget, -1);
    else if (e.key === 'ArrowRight' && canExpand && !expanded) onToggleExpanded?.(task.id, true);
    else if (e.key === 'ArrowLeft' && canExpand && expanded) onToggleExpanded?.(task.id, false);
    else return;
    e.preventDefault();
  };

  return (
    <li
      data-task-row
      data-task-id={task.id}
      tabIndex={0}
      aria-expanded={canExpand ? expanded : undefined}
      onClick={() => onOpen(task.id)}
      onKeyDown={onKeyDown}
      style={tree ? { paddingLeft: `${Math.min(depth, MAX_INDENT) * INDENT_REM}rem` } : undefined}
      className={cn(
        'group flex cursor-pointer items-start gap-1 rounded-xl px-1 py-1 outline-none [content-visibility:auto] [contain-intrinsic-size:auto_3.5rem]',
        'hover:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
        dimmed && 'opacity-60',
      )}
    >
      {tree && (
        <span className="flex w-7 shrink-0 justify-center self-stretch">
          {canExpand && (
            <button
              type="button"
              tabIndex={-1}
              aria-label={expanded ? t`Collapse subtasks` : t`Expand subtasks`}
              onClick={(e) => {
                e.stopPropagation();
                onToggleExpanded?.(task.id, !expanded);
              }}
              className="mt-1 flex size-9 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-ink"
            >
              <Icon path={expanded ? mdiChevronDown : mdiChevronRight} size={20} />
            </button>
          )}
        </span>
      )}
      <Checkbox shape="round" checked={checked} onCheckedChange={toggle} label={checked ? t`Mark ${title} as not done` : t`Mark ${title} as done`} tabIndex={-1} />
      <div className="min-w-0 flex-1 py-2 pr-1">
        <div data-task-title className={cn('break-words leading-snug', checked ? 'text-muted line-through' : 'text-ink', !task.title.trim() && 'italic text-muted')}>{title}</div>
        {parentTitle && (
          <div className="mt-0.5 flex items-center gap-1 truncate text-xs text-muted">
            <Icon path={mdiSubdirectoryArrowRight} size={13} />
            <span className="truncate">{parentTitle}</span>
          </div>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-1 empty:hidden">
          <PriorityChip priority={task.priority} />
          <TaskDateLine dates={dates} time={task.time} today={today} clockMode={clockMode} locale={locale} />
          <SubtaskCount done={doneCount} total={childCount} />
          {task.tags.length > 0 && <TaskTagChips ids={task.tags} />}
        </div>
        {failed && (
          <p role="alert" className="mt-1 text-xs text-danger">
            <Trans>Couldn’t save that change. Please try again.</Trans>
          </p>
        )}
      </div>
    </li>
  );
}

const sameTask = (a: TaskItem, b: TaskItem) =>
  a === b ||
  (a.id === b.id &&
    a.updatedAt === b.updatedAt &&
    a.title === b.title &&
    a.completed === b.completed &&
    a.startDate === b.startDate &&
    a.dueDate === b.dueDate &&
    a.time === b.time &&
    a.priority === b.priority &&
    a.parent === b.parent &&
    a.tags.join() === b.tags.join());

/** A task in the list or the tree; re-renders only when its own task or derived counts change. */
export const TaskRow = memo(TaskRowView, (prev, next) => {
  for (const key of Object.keys(next) as (keyof TaskRowProps)[]) {
    if (key === 'task') continue;
    if (prev[key] !== next[key]) return false;
  }
  return sameTask(prev.task, next.task);
});
