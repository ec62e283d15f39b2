import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { UserPrefs } from '../../../lib/use-prefs';
import { EventForm } from './components/event-form';
import { useEventMessages } from './labels';
import { newEventId, useEventActions } from './data/mutations';
import { changedFields, isDirty, toFields, validate } from './logic/form';
import type { EventFields, EventFormValues, EventItem } from './logic/types';
import { askOccurrenceScope } from './occurrence-scope';

/** One occurrence of a series: the series' id and the occurrence's key. */
export interface OccurrenceRef {
  seriesId: string;
  originalStart: string;
}

export interface EventEditorProps {
  /** The event being edited; none when creating. */
  event?: EventItem;
  /** Set when `event` is an occurrence of a series (or an override of one): saving asks the scope. */
  occurrence?: OccurrenceRef | null;
  initial: EventFormValues;
  prefs: UserPrefs;
  today: string;
  onClose(): void;
  /** Create mode: save through the owner instead of `event.create` (the inbox converts an item). */
  onSave?(fields: EventFields): Promise<void>;
}

/**
 * Create and edit mode (issue 15): 600 px, full screen below 600 px; Enter in the title saves, Escape and
 * Cancel ask first when something changed (SPEC section 4). Creating writes `event.create`; editing an event
 * `event.update` with only the changed fields; editing an occurrence (or an override) asks 'This event', 'This
 * and following events' or 'All events' and writes `event.editOccurrence` with the occurrence's changed fields.
 */
export function EventEditor({ event, occurrence, initial, prefs, today, onClose, onSave }: EventEditorProps) {
  const { t } = useLingui();
  const formId = useId();
  const actions = useEventActions();
  const messages = useEventMessages();
  const [values, setValues] = useState(initial);
  const [titleTouched, setTitleTouched] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const errors = validate(values);
  const shown = {
    title: showErrors || titleTouched ? errors.title : undefined,
    start: showErrors ? errors.start : undefined,
    // An end before the start shows as soon as it happens; a missing end time after a save attempt.
    end: showErrors || errors.end === 'endBeforeStart' ? errors.end : undefined,
  };

  const write = async (): Promise<boolean> => {
    if (!event && onSave) {
      await onSave(toFields(values));
      return true;
    }
    if (!event) {
      await actions.create(newEventId(), toFields(values));
      return true;
    }
    const changed = changedFields(initial, values);
    if (Object.keys(changed).length === 0) return true;
    if (!occurrence) {
      await actions.update(event.id, changed);
      return true;
    }
    const scope = await askOccurrenceScope({ action: 'edit', allowThis: !('recurrence' in changed) });
    if (!scope) return false;
    // The fields are the occurrence's: with 'all', moving it by some days moves every occurrence as many days.
    await actions.editOccurrence({ id: occurrence.seriesId, originalStart: occurrence.originalStart, scope, fields: changed });
    return true;
  };

  const save = async () => {
    if (errors.title || errors.start || errors.end) {
      setShowErrors(true);
      if (errors.title) titleRef.current?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      if (await write()) onClose();
    } catch (err) {
      console.error('Event save failed', err);
      const code = (err as { code?: unknown } | null)?.code;
      setSaveError(code === 'FORBIDDEN' ? messages.readOnly : t`Couldn’t save the event. Please try again.`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      dirty={isDirty(initial, values) && !saving}
      onClose={onClose}
      title={event ? t`Edit event` : t`New event`}
      data-testid="event-form"
      formId={formId}
      saveDisabled={saving}
      saveError={saveError}
    >
      <EventForm
        formId={formId}
        values={values}
        onChange={setValues}
        errors={shown}
        onSubmit={() => void save()}
        onTitleBlur={() => values.title !== initial.title && setTitleTouched(true)}
        titleRef={titleRef}
        prefs={prefs}
        today={today}
      />
    </FormDialog>
  );
}
