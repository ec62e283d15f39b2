import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { mdiAlertCircleOutline, mdiCheckboxMarkedCircleOutline, mdiClockOutline } from '@mdi/js';
import { postponeAnchor, postponeTask } from '@adhd/shared/tasks/postpone';
import { memo, useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { formatTimeOfDay } from '../../../lib/dates';
import type { UserPrefs } from '../../../lib/use-prefs';
import { useDateLabel, useOptimisticToggle, useTaskActions, useTitleOf, type TaskActions, type TaskItem } from '../../tasks';
import { actualTasksCached, NO_IDS, type ActualTask } from '../data/select';
import { DashboardSection } from './section';
import { PostponeMenu } from './postpone-menu';

/** Rows shown at most; the rest are one link away ("Show all N in Tasks"). */
export const TASKS_SHOWN = 10;

interface RowProps {
  item: ActualTask;
  today: string;
  prefs: UserPrefs;
  actions: TaskActions;
  onCompleted(id: string): void;
}

/** Moves the task to `date` through `task.update` (synced like any edit): due to the day, start by as many days. */
export function postponeWrite(actions: TaskActions, task: TaskItem, date: string, timeZone: string): Promise<void> {
  const patch = postponeTask(task, date, timeZone);
  if (!patch) return Promise.resolve();
  return actions.apply([{ name: 'task.update', args: { id: task.id, ...patch } }]);
}

const TaskRow = memo(function TaskRow({ item, today, prefs, actions, onCompleted }: RowProps) {
  const { t } = useLingui();
  const label = useDateLabel();
  const titleOf = useTitleOf();
  const { task } = item;
  const write = useCallback(
    (next: boolean) => {
      if (next) onCompleted(task.id);
      return actions.setCompleted(task.id, next);
    },
    [actions, onCompleted, task.id],
  );
  const { checked, toggle, failed } = useOptimisticToggle(task.completed, write);
  const title = titleOf(task.title);
  const anchor = postponeAnchor(task, prefs.timeZone) ?? today;
  const overdue = !checked && item.overdueDays > 0;
  const start = item.start && label(item.start, today);
  const due = item.due && label(item.due, today);
  return (
    <li data-dashboard-task={item.kind} data-task-id={task.id} className="flex items-start gap-1">
      <Checkbox shape="round" checked={checked} onCheckedChange={toggle} label={checked ? t`Mark as not done: ${title}` : t`Mark as done: ${title}`} />
      <div className="min-w-0 flex-1 py-2 pr-1">
        <Link
          href={`/tasks?id=${encodeURIComponent(task.id)}`}
          className={cn('rounded break-words leading-snug hover:underline', focusRing, checked ? 'text-muted line-through' : 'text-ink', !task.title.trim() && 'italic text-muted')}
        >
          {title}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted">
          {overdue && (
            <span data-testid="days-overdue" className="inline-flex items-center gap-1 rounded-full bg-danger/10 px-2 py-0.5 font-semibold text-danger">
              <Icon path={mdiAlertCircleOutline} size={13} />
              <Plural value={item.overdueDays} one="# day overdue" other="# days overdue" />
            </span>
          )}
          {start && (
            <span>
              <Trans>Starts {start}</Trans>
            </span>
          )}
          {due && (
            <span className={overdue ? 'font-medium text-danger' : undefined}>
              <Trans>Due {due}</Trans>
            </span>
          )}
          {task.time && (
            <span className="inline-flex items-center gap-0.5">
              <Icon path={mdiClockOutline} size={13} />
              {formatTimeOfDay(task.time, prefs.clockMode, prefs.locale)}
            </span>
          )}
        </div>
        {failed && (
          <p role="alert" className="mt-1 text-xs text-danger">
            <Trans>Couldn’t save that change. Please try again.</Trans>
          </p>
        )}
      </div>
      {!checked && (
        <PostponeMenu
          title={title}
          anchor={anchor}
          today={today}
          weekStartDay={prefs.weekStartDay}
          locale={prefs.locale}
          onPostpone={(date) => void postponeWrite(actions, task, date, prefs.timeZone).catch((err: unknown) => console.error('Postpone failed', err))}
        />
      )}
    </li>
  );
});

/** Tasks actual today: overdue first (with the day count), then due today, then started and not finished. */
export const TasksSection = memo(function TasksSection({ tasks, today, prefs }: { tasks: TaskItem[]; today: string; prefs: UserPrefs }) {
  const { t } = useLingui();
  const actions = useTaskActions();
  // Ticked here: they stay in place, struck through, until the next visit (a row never jumps away under the pointer).
  // It starts as the shared empty set: a new visit then finds the rows of the last one in the cache (no 10k scan).
  const [keep, setKeep] = useState<ReadonlySet<string>>(NO_IDS);
  const onCompleted = useCallback((id: string) => setKeep((k) => (k.has(id) ? k : new Set(k).add(id))), []);
  // The rows shown and the list's counts, without sorting the whole list (select.ts).
  const { rows, open, total } = useMemo(() => actualTasksCached(tasks, today, prefs.timeZone, keep, TASKS_SHOWN), [tasks, today, prefs.timeZone, keep]);
  return (
    <DashboardSection
      id="dashboard-tasks"
      title={<Trans>Tasks for today</Trans>}
      href="/tasks"
      color="var(--color-section-tasks)"
      icon={mdiCheckboxMarkedCircleOutline}
      count={open}
      emptyLine={<Trans>Nothing due or started today. Enjoy the space.</Trans>}
      className="lg:row-span-2"
    >
      {total === 0 ? null : (
        <>
          <ul className="flex flex-col" aria-label={t`Tasks for today`}>
            {rows.map((item) => (
              <TaskRow key={item.task.id} item={item} today={today} prefs={prefs} actions={actions} onCompleted={onCompleted} />
            ))}
          </ul>
          {total > TASKS_SHOWN && (
            <Link href="/tasks" className={cn('self-start rounded px-1 text-sm font-medium text-primary hover:underline', focusRing)}>
              <Trans>Show all {total} in Tasks</Trans>
            </Link>
          )}
        </>
      )}
    </DashboardSection>
  );
});
