import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { whenSyncQuiet } from '../../../db/sync-state';
import { whenIdle } from '../../../lib/idle';
import type { UserPrefs } from '../../../lib/use-prefs';
import { filterTasks, filterTree, type TaskFilters } from '../logic/filters';
import { childCounts, flattenForest, type TaskIndex } from '../logic/tree';
import type { TaskItem } from '../logic/types';
import { useTitleOf } from './labels';
import { TaskRow } from './task-row';

/** Rows rendered at first; more on request, so a huge list never slows a click down. */
const PAGE = 200;
/**
 * Rows in the first frame: as many as the window can show below the app bar and the toolbar (200 px at the
 * least) when every row is as short as a row can be (52 px: the checkbox and its padding), plus two; 8 to 30.
 */
const firstPaint = () => Math.min(30, Math.max(8, Math.ceil(((globalThis.innerHeight || 900) - 200) / 52) + 2));

/** A shown row: its task, and in the tree view its depth and whether it shows only as a match's ancestor. */
interface TreeRow {
  task: TaskItem;
  depth: number | undefined;
  dimmed: boolean;
}

export interface TaskListProps {
  tasks: readonly TaskItem[];
  index: TaskIndex;
  filters: TaskFilters;
  view: 'list' | 'tree';
  prefs: UserPrefs;
  today: string;
  onOpen(id: string): void;
  onSetCompleted(id: string, completed: boolean): Promise<void>;
}

/** The tasks as a flat list or as a tree with expand/collapse (SPEC section 2). */
export function TaskList({ tasks, index, filters, view, prefs, today, onOpen, onSetCompleted }: TaskListProps) {
  const { t } = useLingui();
  const titleOf = useTitleOf();
  // The first screenful paints first; the rest of the page follows as a transition at the first scroll, or
  // once no sync is storing pages (a first sync stores its pages on this thread) and the browser is idle.
  const [limit, setLimit] = useState(firstPaint);
  useEffect(() => {
    let cancelIdle = () => {};
    let done = false;
    const grow = () => {
      if (done) return;
      done = true;
      removeEventListener('scroll', grow);
      startTransition(() => setLimit((l) => Math.max(l, PAGE)));
    };
    addEventListener('scroll', grow, { passive: true });
    void whenSyncQuiet(3000).then(() => {
      if (!done) cancelIdle = whenIdle(grow, 1000);
    });
    return () => {
      done = true;
      removeEventListener('scroll', grow);
      cancelIdle();
    };
  }, []);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const counts = useMemo(() => childCounts(index), [index]);

  // The list view's rows are the sorted tasks themselves (a row object is made for the shown ones only: 10k of
  // them at every quick add cost half a millisecond).
  const rows = useMemo((): { list: readonly TaskItem[] } | { tree: readonly TreeRow[] } => {
    if (view === 'list') return { list: filterTasks(tasks, filters) };
    const { roots, dimmed } = filterTree(tasks, index, filters);
    return { tree: flattenForest(roots, collapsed).map((n) => ({ task: n.item, depth: n.depth, dimmed: dimmed.has(n.item.id) })) };
  }, [tasks, index, filters, view, collapsed]);

  const onToggleExpanded = useCallback((id: string, expanded: boolean) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (expanded) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const all = 'list' in rows ? rows.list : rows.tree;
  const shown = 'list' in rows ? rows.list.slice(0, limit).map((task): TreeRow => ({ task, depth: undefined, dimmed: false })) : rows.tree.slice(0, limit);
  const rest = all.length - shown.length;
  return (
    <>
      <ul data-task-list aria-label={view === 'tree' ? t`Task tree` : t`Task list`} className="flex flex-col gap-0.5">
        {shown.map(({ task, depth, dimmed }) => {
          const c = counts.get(task.id);
          const parent = view === 'list' && task.parent ? index.byId.get(task.parent) : undefined;
          return (
            <TaskRow
              key={task.id}
              task={task}
              today={today}
              timeZone={prefs.timeZone}
              clockMode={prefs.clockMode}
              locale={prefs.locale}
              childCount={c?.total ?? 0}
              doneCount={c?.done ?? 0}
              parentTitle={parent ? titleOf(parent.title) : null}
              depth={depth}
              expanded={depth !== undefined ? !collapsed.has(task.id) : undefined}
              onToggleExpanded={depth !== undefined ? onToggleExpanded : undefined}
              dimmed={dimmed}
              onOpen={onOpen}
              onSetCompleted={onSetCompleted}
            />
          );
        })}
      </ul>
      {rest > 0 && (
        <div className="mt-3 flex justify-center">
          <Button variant="secondary" onClick={() => setLimit((l) => l + PAGE)}>
            <Plural value={rest} one="Show # more task" other="Show # more tasks" />
          </Button>
        </div>
      )}
      {all.length === 0 && (
        <p className="py-10 text-center text-sm text-muted">
          <Trans>No tasks match these filters.</Trans>
        </p>
      )}
    </>
  );
}
