import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type Ref } from 'react';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { cn } from '../../../../components/ui/cn';
import { DatePicker } from '../../../../components/ui/date-picker';
import { DialogForm } from '../../../../components/ui/form-dialog';
import { PickerButtonField } from '../../../../components/ui/popover-field';
import { TextField } from '../../../../components/ui/text-field';
import { TextArea } from '../../../../components/ui/textarea';
import { TimePicker } from '../../../../components/ui/time-picker';
import type { UserPrefs } from '../../../../lib/use-prefs';
import { useFormErrorText } from '../labels';
import { withAllDay, withStart, type FormErrors } from '../logic/form';
import type { EventFormValues } from '../logic/types';
import { RecurrencePicker } from './recurrence-picker';
import { RemindersField } from './reminders-field';
import { EventColorPickerDialog, EventTagSelector } from './tags-bridge';

export interface EventFormProps {
  formId: string;
  values: EventFormValues;
  onChange(values: EventFormValues): void;
  /** The errors to show now (the title's after a save attempt or a blur; the end's at once). */
  errors: FormErrors;
  onSubmit(): void;
  onTitleBlur(): void;
  titleRef: Ref<HTMLInputElement>;
  prefs: UserPrefs;
  today: string;
}

function FieldError({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p role="alert" className="-mt-2 text-sm text-danger">
      {text}
    </p>
  );
}

/** The event's fields (issue 15): title, all day, start and end, recurrence, location, colour, tags, description, reminders. */
export function EventForm({ formId, values, onChange, errors, onSubmit, onTitleBlur, titleRef, prefs, today }: EventFormProps) {
  const { t } = useLingui();
  const errorText = useFormErrorText();
  const [colorOpen, setColorOpen] = useState(false);
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) => onChange({ ...values, [key]: value });
  const dates = { today, weekStartDay: prefs.weekStartDay, locale: prefs.locale };
  const times = { clockMode: prefs.clockMode, locale: prefs.locale };

  return (
    <DialogForm id={formId} onSubmit={onSubmit}>
      <TextField
        ref={titleRef}
        label={t`Title`}
        value={values.title}
        required
        maxLength={500}
        autoFocus
        autoComplete="off"
        onChange={(e) => set('title', e.target.value)}
        onBlur={onTitleBlur}
        onKeyDown={(e) => {
          // Enter in the title saves (the Save button sits outside the form, in the dialog's footer).
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSubmit();
          }
        }}
        error={errorText(errors.title)}
      />
      <label className="flex min-h-11 items-center gap-2 self-start text-sm">
        <Checkbox checked={values.allDay} onCheckedChange={(on) => onChange(withAllDay(values, on))} />
        <Trans>All day</Trans>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <DatePicker label={t`Start date`} value={values.startDate} onChange={(v) => onChange(withStart(values, { startDate: v }))} {...dates} />
        {!values.allDay && <TimePicker label={t`Start time`} value={values.startTime} onChange={(v) => onChange(withStart(values, { startTime: v }))} {...times} />}
      </div>
      <FieldError text={errorText(errors.start)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DatePicker label={t`End date`} value={values.endDate} onChange={(v) => set('endDate', v)} placeholder={t`Same day`} {...dates} />
        {!values.allDay && <TimePicker label={t`End time`} value={values.endTime} onChange={(v) => set('endTime', v)} {...times} />}
      </div>
      <FieldError text={errorText(errors.end)} />
      <RecurrencePicker value={values.recurrence} onChange={(v) => set('recurrence', v)} startDate={values.startDate} {...dates} />
      <TextField label={t`Location`} value={values.location} maxLength={1000} autoComplete="off" onChange={(e) => set('location', e.target.value)} />
      <div className="flex items-end gap-2">
        <PickerButtonField
          label={<Trans>Colour</Trans>}
          onClick={() => setColorOpen(true)}
          aria-label={values.color ? t`Colour: ${values.color}` : t`Colour: calendar default`}
          className="min-w-44"
        >
          <span className="h-6 w-6 shrink-0 rounded-full border border-line bg-section-events" style={values.color ? { backgroundColor: values.color } : undefined} />
          <span className={cn('text-sm text-muted', values.color && 'uppercase')}>{values.color ?? <Trans>Default</Trans>}</span>
        </PickerButtonField>
        {values.color && (
          <Button variant="ghost" size="sm" className="mb-1" onClick={() => set('color', null)}>
            <Trans>Use default colour</Trans>
          </Button>
        )}
      </div>
      <EventTagSelector value={values.tags} onChange={(ids) => set('tags', ids)} />
      <TextArea label={t`Description`} rows={3} value={values.description} maxLength={20000} onChange={(e) => set('description', e.target.value)} />
      <RemindersField value={values.reminders} onChange={(v) => set('reminders', v)} />
      <EventColorPickerDialog open={colorOpen} onOpenChange={setColorOpen} value={values.color ?? undefined} onSelect={(hex) => set('color', hex)} />
    </DialogForm>
  );
}
