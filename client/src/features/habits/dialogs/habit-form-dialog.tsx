import { Trans, useLingui } from '@lingui/react/macro';
import type { MutationArgs } from '@adhd/shared/sync/registry';
import { useId, useRef, useState } from 'react';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn, focusRing } from '../../../components/ui/cn';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { PickerButtonField } from '../../../components/ui/popover-field';
import { SelectField } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { TextArea } from '../../../components/ui/textarea';
import { TimePicker } from '../../../components/ui/time-picker';
import { HabitIcon } from '../components/habit-icon';
import { useHabitLabels, useValidationText } from '../components/labels';
import { HabitColorPickerDialog, HabitTagSelector } from '../components/tags-bridge';
import { newHabitId, useHabitActions } from '../data/mutations';
import type { UserPrefs } from '../../../lib/use-prefs';
import { applyPreset, changedFields, defaultValues, isDirty, toFields, validate, valuesFromHabit, type HabitFormValues, type HabitPreset } from '../logic/form';
import { PRESET_DEFS } from '../logic/presets';
import type { HabitItem, TimeOfDay } from '../logic/types';
import { FrequencyField } from './frequency-field';
import { IconPickerDialog } from './icon-picker-dialog';

export type HabitFormTarget = { mode: 'create'; preset?: HabitPreset } | { mode: 'view' | 'edit'; id: string };

export interface HabitFormDialogProps {
  target: HabitFormTarget;
  habit?: HabitItem;
  prefs: UserPrefs;
  today: string;
  onClose(): void;
  /** Runs after a successful create with the new habit's id. */
  onCreated?(id: string): void;
  /** Create mode: values to start from (the inbox pre-fills title and description). */
  initial?: Partial<HabitFormValues>;
  /** Create mode: save through the owner instead of `habit.create` (the inbox converts an item). */
  onSave?(fields: HabitCreateFields): Promise<void>;
}

/** What a new habit is created with: the `habit.create` args without the id. */
export type HabitCreateFields = Omit<MutationArgs<'habit.create'>, 'id'>;

/**
 * SPEC section 2 and 4: the habit form, 600 px (full screen below 600 px), in view, edit or create mode.
 * View mode is read-only with an Edit button; the active switch shows only when editing; closing with
 * unsaved changes asks first; a failed save keeps the dialog open.
 */
export function HabitFormDialog({ target, habit, prefs, today, onClose, onCreated, initial: start, onSave }: HabitFormDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const labels = useHabitLabels();
  const text = useValidationText();
  const actions = useHabitActions();
  const [mode, setMode] = useState(target.mode);
  const creating = mode === 'create';
  const readOnly = mode === 'view';
  const [initial, setInitial] = useState<HabitFormValues>(() =>
    habit ? valuesFromHabit(habit) : { ...applyPreset(defaultValues(today), target.mode === 'create' ? (target.preset ?? {}) : {}), ...start },
  );
  const [values, setValues] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [iconOpen, setIconOpen] = useState(false);
  const [colorOpen, setColorOpen] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);

  const set = <K extends keyof HabitFormValues>(key: K, value: HabitFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const errors = validate(values);
  const shown = showErrors ? errors : { days: errors.days };
  const dirty = !readOnly && isDirty(creating && !start ? defaultValues(today) : initial, values);
  const weekDayMissing = !!errors.days;
  const frequencyErrors = { frequency: text(shown.frequency), days: text(shown.days), interval: text(shown.interval) };

  const save = async () => {
    if (Object.keys(errors).length > 0) {
      setShowErrors(true);
      if (errors.title) titleRef.current?.focus();
      return;
    }
    setSaving(true);
    setSaveError(false);
    try {
      if (creating) {
        const id = newHabitId();
        const { isActive: _active, ...fields } = toFields(values);
        if (onSave) await onSave(fields);
        else await actions.create(id, fields);
        setInitial(defaultValues(today));
        setValues(defaultValues(today));
        if (!onSave) onCreated?.(id);
      } else if (habit) {
        await actions.update(habit.id, changedFields(initial, values));
      }
      onClose();
    } catch (err) {
      console.error('Habit save failed', err);
      setSaveError(true);
    } finally {
      setSaving(false);
    }
  };

  const presetTitles: Record<string, string> = {
    water: t`Drink water`,
    read: t`Read 20 minutes`,
    walk: t`Go for a walk`,
    meditate: t`Meditate`,
    workout: t`Work out`,
    plants: t`Water the plants`,
  };
  const times: TimeOfDay[] = ['anytime', 'morning', 'afternoon', 'evening', 'custom'];

  return (
    <FormDialog
      dirty={dirty && !saving}
      onClose={onClose}
      title={creating ? t`New habit` : readOnly ? t`Habit` : t`Edit habit`}
      data-testid="habit-form"
      viewing={readOnly ? { onEdit: () => setMode('edit') } : undefined}
      formId={formId}
      saveDisabled={saving || weekDayMissing}
      saveError={saveError && <Trans>Couldn’t save the habit. Please try again.</Trans>}
    >
      <DialogForm id={formId} onSubmit={() => !readOnly && void save()}>
        {creating && (
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">
              <Trans>Start from an idea</Trans>
            </span>
            <div className="flex flex-wrap gap-1.5">
              {PRESET_DEFS.map((p) => (
                <button
                  key={p.key}
                  type="button"
                  onClick={() => setValues((v) => applyPreset({ ...v, title: presetTitles[p.key]! }, p.preset))}
                  className={cn('min-h-10 rounded-full border border-line px-3 text-sm hover:bg-surface-2 sm:min-h-8', focusRing)}
                >
                  {presetTitles[p.key]}
                </button>
              ))}
            </div>
          </div>
        )}
        <TextField
          ref={titleRef}
          label={t`Title`}
          value={values.title}
          required
          readOnly={readOnly}
          maxLength={200}
          autoFocus={!readOnly}
          autoComplete="off"
          onChange={(e) => set('title', e.target.value)}
          onBlur={() => values.title !== initial.title && setShowErrors(true)}
          error={text(shown.title)}
        />
        <TextArea label={t`Description`} rows={3} value={values.description} readOnly={readOnly} onChange={(e) => set('description', e.target.value)} />
        <FrequencyField values={values} onChange={setValues} creating={creating} readOnly={readOnly} today={today} prefs={prefs} errors={frequencyErrors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset disabled={readOnly} className="contents">
            <SelectField<TimeOfDay> label={t`Time of day`} value={values.timeOfDay} onValueChange={(v) => set('timeOfDay', v)} options={times.map((v) => ({ value: v, label: labels.timeOfDay[v] }))} />
          </fieldset>
          {values.timeOfDay === 'custom' && (
            <div className="flex flex-col gap-1">
              <TimePicker label={t`Custom time`} value={values.customTime} onChange={(v) => set('customTime', v)} clockMode={prefs.clockMode} locale={prefs.locale} />
              {shown.customTime && (
                <p role="alert" className="text-sm text-danger">
                  {text(shown.customTime)}
                </p>
              )}
            </div>
          )}
        </div>
        <div className="grid grid-cols-2 gap-4">
          <PickerButtonField label={<Trans>Icon</Trans>} disabled={readOnly} onClick={() => setIconOpen(true)} aria-label={t`Icon: ${values.icon}`}>
            <HabitIcon name={values.icon} color={values.color} size={18} />
            <span className="truncate text-sm text-muted">{values.icon}</span>
          </PickerButtonField>
          <PickerButtonField label={<Trans>Colour</Trans>} disabled={readOnly} onClick={() => setColorOpen(true)} aria-label={t`Colour: ${values.color}`}>
            <span className="h-6 w-6 shrink-0 rounded-full border border-line" style={{ backgroundColor: values.color }} />
            <span className="text-sm uppercase text-muted">{values.color}</span>
          </PickerButtonField>
        </div>
        <fieldset disabled={readOnly} className="contents">
          <HabitTagSelector value={values.tags} onChange={(ids) => set('tags', ids)} />
        </fieldset>
        {mode === 'edit' && (
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={values.isActive} onCheckedChange={(v) => set('isActive', v)} />
            <Trans>Active</Trans>
          </label>
        )}
      </DialogForm>
      <IconPickerDialog open={iconOpen} value={values.icon} color={values.color} onOpenChange={setIconOpen} onSelect={(name) => set('icon', name)} />
      <HabitColorPickerDialog open={colorOpen} onOpenChange={setColorOpen} value={values.color} onSelect={(hex) => set('color', hex)} />
    </FormDialog>
  );
}
