import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { UserPrefs } from '../../../lib/use-prefs';
import { EventForm } from './components/event-form';
import { useEventMessages } from './labels';
import { newEventId, useEventActions } from './data/mutations';
import { changedFields, isDirty, seriesPatch, toFields, validate } from './logic/form';
import type { EventFormValues, EventItem } from './logic/types';
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
  /** The series of an occurrence (for 'All events'). */
  series?: EventItem | null;
  initial: EventFormValues;
  prefs: UserPrefs;
  today: string;
  onClose(): void;
}

/**
 * Create and edit mode (issue 15): 600 px, full screen below 600 px; Enter in the title saves, Escape and
 * Cancel ask first when something changed (SPEC section 4). Creating writes `event.create`; editing an event
 * `event.update` with only the changed fields; editing an occurrence asks 'This event', 'This and following
 * events' or 'All events' and writes `event.editOccurrence` (or `event.update` of an existing override).
 */
export function EventEditor({ event, occurrence, series, initial, prefs, today, onClose }: EventEditorProps) {
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
    if (scope === 'this' && event.seriesId) {
      await actions.update(event.id, changed); // the override exists already
      return true;
    }
    const fields = scope === 'all' ? seriesPatch(series ?? event, initial, values) : changed;
    await actions.editOccurrence({ id: occurrence.seriesId, originalStart: occurrence.originalStart, scope, fields });
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
