import { useLingui } from '@lingui/react/macro';
import type { MutationArgs } from '@adhd/shared/sync/registry';
import { useId, useMemo, useRef, useState } from 'react';
import { DatePicker } from '../../../components/ui/date-picker';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { SelectField } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { TextArea } from '../../../components/ui/textarea';
import { TimePicker } from '../../../components/ui/time-picker';
import { usePriorityLabels } from '../components/labels';
import { TaskTagSelector } from '../components/tags-bridge';
import { newTaskId, useTaskActions } from '../data/mutations';
import type { UserPrefs } from '../../../lib/use-prefs';
import { defaultValues, EMPTY_STAGING, isDirty, planCreate, planEdit, validate, valuesFromTask, type ChildStaging, type TaskFormValues } from '../logic/form';
import { childChoices, parentChoices, type TaskIndex } from '../logic/tree';
import type { TaskPriority } from '../logic/types';
import { ChildTasksSection } from './child-tasks-section';
import { ParentField } from './parent-field';

export type TaskFormTarget = { mode: 'create'; parent: string | null } | { mode: 'edit'; id: string };

export interface TaskFormDialogProps {
  target: TaskFormTarget;
  index: TaskIndex;
  prefs: UserPrefs;
  today: string;
  onClose(): void;
  /** Create mode: values to start from (the inbox pre-fills title and description). */
  initial?: Partial<TaskFormValues>;
  /** Create mode: save through the owner instead of `task.create` (the inbox converts an item). */
  onSave?(fields: TaskCreateFields): Promise<void>;
}

/** What a new task is created with: the `task.create` args without the id. */
export type TaskCreateFields = Omit<MutationArgs<'task.create'>, 'id'>;

/**
 * The task form (SPEC section 2): 'New task' or 'Edit task', 600 px wide and full screen below 600 px. In edit
 * mode the child-tasks section stages changes that are applied with the save. Closing with unsaved changes asks
 * first; a failed save keeps the dialog open with the error.
 */
export function TaskFormDialog({ target, index, prefs, today, onClose, initial: start, onSave }: TaskFormDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const actions = useTaskActions();
  const priorityLabels = usePriorityLabels();
  const editing = target.mode === 'edit' ? index.byId.get(target.id) : undefined;
  const taskId = target.mode === 'edit' ? target.id : null;
  const [initial] = useState<TaskFormValues>(() =>
    editing ? valuesFromTask(editing, prefs.timeZone) : { ...defaultValues(target.mode === 'create' ? target.parent : null), ...start },
  );
  const [values, setValues] = useState(initial);
  const [staging, setStaging] = useState<ChildStaging>(EMPTY_STAGING);
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);

  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const errors = validate(values);
  const dirty = isDirty(initial, values, staging);
  const stagedChildren = staging.added.filter((a) => !a.removed).map((a) => a.id);

  const parentOptions = useMemo(() => parentChoices(index, taskId, stagedChildren), [index, taskId, stagedChildren.join()]);
  const childOptions = useMemo(
    () =>
      taskId
        ? childChoices(index, taskId, { currentChildren: [...(index.children.get(taskId) ?? []), ...stagedChildren], parent: values.parent })
        : [],
    [index, taskId, stagedChildren.join(), values.parent],
  );

  const save = async () => {
    if (errors.title) {
      setShowErrors(true);
      titleRef.current?.focus();
      return;
    }
    const ops = taskId ? planEdit(taskId, initial, values, staging, newTaskId) : planCreate(newTaskId(), values);
    setSaving(true);
    setSaveError(null);
    try {
      const created = ops[0];
      if (!taskId && onSave && created?.name === 'task.create') {
        const { id: _id, ...fields } = created.args as MutationArgs<'task.create'>;
        await onSave(fields);
      } else await actions.apply(ops);
      onClose();
    } catch (err) {
      console.error('Task save failed', err);
      const code = (err as { code?: unknown } | null)?.code;
      setSaveError(
        code === 'CYCLE'
          ? t`A task can’t be moved under itself or one of its subtasks.`
          : code === 'NOT_FOUND'
            ? t`This task or one of its related tasks no longer exists.`
            : t`Couldn’t save the task. Please try again.`,
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      dirty={dirty && !saving}
      onClose={onClose}
      title={taskId ? t`Edit task` : t`New task`}
      data-testid="task-form"
      formId={formId}
      saveDisabled={saving}
      saveError={saveError}
    >
      <DialogForm id={formId} onSubmit={() => void save()}>
        <TextField
          ref={titleRef}
          label={t`Title`}
          value={values.title}
          required
          maxLength={500}
          autoFocus
          autoComplete="off"
          onChange={(e) => set('title', e.target.value)}
          onBlur={() => values.title !== initial.title && setShowErrors(true)}
          error={showErrors && errors.title ? t({ id: 'tasks.titleRequired', message: 'Title is required' }) : undefined}
        />
        <TextArea label={t`Description`} rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <DatePicker label={t`Start date`} value={values.startDate} onChange={(v) => set('startDate', v)} today={today} weekStartDay={prefs.weekStartDay} locale={prefs.locale} />
          <DatePicker label={t`Due date`} value={values.dueDate} onChange={(v) => set('dueDate', v)} today={today} weekStartDay={prefs.weekStartDay} locale={prefs.locale} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TimePicker label={t`Time`} value={values.time} onChange={(v) => set('time', v)} clockMode={prefs.clockMode} locale={prefs.locale} />
          <SelectField<TaskPriority>
            label={t`Priority`}
            value={values.priority}
            onValueChange={(v) => set('priority', v)}
            options={(['high', 'medium', 'low'] as const).map((p) => ({ value: p, label: priorityLabels[p] }))}
          />
        </div>
        <ParentField value={values.parent} onChange={(p) => set('parent', p)} choices={parentOptions} index={index} />
        <TaskTagSelector value={values.tags} onChange={(ids) => set('tags', ids)} />
        {taskId && <ChildTasksSection taskId={taskId} index={index} staging={staging} onChange={setStaging} choices={childOptions} />}
      </DialogForm>
    </FormDialog>
  );
}
