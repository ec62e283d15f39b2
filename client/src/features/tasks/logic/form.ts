import type { MutationCall } from '@adhd/shared/sync/registry';
import type { TaskPriority } from '@adhd/shared/tasks/schema';
import { calendarDateOf } from '@adhd/shared/time';
import type { TaskItem } from './types';

/** What the task form edits. Dates are `YYYY-MM-DD` or '' (no date), the time `HH:mm` or ''. */
export interface TaskFormValues {
  title: string;
  description: string;
  startDate: string;
  dueDate: string;
  time: string;
  priority: TaskPriority;
  parent: string | null;
  tags: string[];
}

/**
 * The child-tasks section's staged changes (applied on save): existing children marked for removal, existing
 * tasks added as children, and new children typed into the quick-add field. A staged entry can be struck
 * through (`removed`) and restored.
 */
export interface ChildStaging {
  removedExisting: string[];
  added: { id: string; removed: boolean }[];
  created: { key: string; title: string; removed: boolean }[];
}

export const EMPTY_STAGING: ChildStaging = { removedExisting: [], added: [], created: [] };

export function defaultValues(parent: string | null = null): TaskFormValues {
  return { title: '', description: '', startDate: '', dueDate: '', time: '', priority: 'medium', parent, tags: [] };
}

export function valuesFromTask(task: TaskItem, timeZone: string): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    startDate: calendarDateOf(task.startDate, timeZone) ?? '',
    dueDate: calendarDateOf(task.dueDate, timeZone) ?? '',
    time: task.time ?? '',
    priority: task.priority,
    parent: task.parent,
    tags: [...task.tags],
  };
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** Fields whose value differs from the initial values. */
export function changedFields(initial: TaskFormValues, values: TaskFormValues): (keyof TaskFormValues)[] {
  return (Object.keys(initial) as (keyof TaskFormValues)[]).filter((k) =>
    k === 'tags' ? !sameTags(initial.tags, values.tags) : initial[k] !== values[k],
  );
}

export function stagingChanged(s: ChildStaging): boolean {
  return s.removedExisting.length > 0 || s.added.some((a) => !a.removed) || s.created.some((c) => !c.removed);
}

/** Unsaved changes (SPEC section 4): any change from the initial values, child staging included. */
export function isDirty(initial: TaskFormValues, values: TaskFormValues, staging: ChildStaging = EMPTY_STAGING): boolean {
  return changedFields(initial, values).length > 0 || stagingChanged(staging);
}

export type TaskFormErrors = Partial<Record<'title', 'tasks.titleRequired'>>;

/** SPEC section 5: the title must not be blank after trimming; the save is blocked otherwise. */
export function validate(values: TaskFormValues): TaskFormErrors {
  return values.title.trim() === '' ? { title: 'tasks.titleRequired' } : {};
}

export type PlannedMutation = MutationCall<'task.create' | 'task.update' | 'task.move' | 'task.delete' | 'task.restore'>;

const orNull = (v: string) => (v === '' ? null : v);

/** The mutations that save a new task. */
export function planCreate(id: string, values: TaskFormValues): PlannedMutation[] {
  return [
    {
      name: 'task.create',
      args: {
        id,
        title: values.title.trim(),
        description: values.description,
        completed: false,
        startDate: orNull(values.startDate),
        dueDate: orNull(values.dueDate),
        time: orNull(values.time),
        priority: values.priority,
        tags: values.tags,
        parent: values.parent,
      },
    },
  ];
}

/** A quick-added child (SPEC section 7): title, empty description, not completed, medium priority, no tags. */
export function quickChild(id: string, title: string, parent: string): PlannedMutation {
  return { name: 'task.create', args: { id, title: title.trim(), description: '', completed: false, priority: 'medium', tags: [], parent } };
}

/**
 * The mutations that save an edited task (SPEC section 4): an update with the changed fields, a move when the
 * parent changed, the staged new children created under the task, removed children detached (parent null) and
 * added children attached (parent set to the task).
 */
export function planEdit(
  id: string,
  initial: TaskFormValues,
  values: TaskFormValues,
  staging: ChildStaging,
  newId: () => string,
): PlannedMutation[] {
  const ops: PlannedMutation[] = [];
  const patch: Record<string, unknown> = {};
  for (const field of changedFields(initial, values)) {
    if (field === 'parent') continue;
    if (field === 'title') patch.title = values.title.trim();
    else if (field === 'startDate' || field === 'dueDate' || field === 'time') patch[field] = orNull(values[field]);
    else patch[field] = values[field];
  }
  if (Object.keys(patch).length > 0) ops.push({ name: 'task.update', args: { id, ...patch } });
  if (initial.parent !== values.parent) ops.push({ name: 'task.move', args: { id, parent: values.parent } });
  for (const c of staging.created) if (!c.removed && c.title.trim()) ops.push(quickChild(newId(), c.title, id));
  for (const childId of staging.removedExisting) ops.push({ name: 'task.move', args: { id: childId, parent: null } });
  for (const a of staging.added) if (!a.removed) ops.push({ name: 'task.move', args: { id: a.id, parent: id } });
  return ops;
}
