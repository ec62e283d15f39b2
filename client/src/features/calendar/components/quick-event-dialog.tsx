import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { formatLongDate, formatTimeOfDay, type ClockMode } from '../../../lib/dates';

export interface QuickEventDialogProps {
  initial: { startDate: string; startTime?: string | null; allDay: boolean };
  clockMode: ClockMode;
  locale: string;
  onSave(title: string): Promise<void>;
  onClose(): void;
}

/** The quick path to a new event at the clicked day or time: a title, saved at once (the full dialog edits the rest). */
export function QuickEventDialog({ initial, clockMode, locale, onSave, onClose }: QuickEventDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const when = `${formatLongDate(initial.startDate, locale)}${initial.startTime && !initial.allDay ? `, ${formatTimeOfDay(initial.startTime, clockMode, locale)}` : ''}`;
  return (
    <FormDialog title={t`New event`} description={when} dirty={title.trim() !== ''} onClose={onClose} formId={formId} data-testid="quick-event-dialog">
      <form
        id={formId}
        onSubmit={(e) => {
          e.preventDefault();
          if (!title.trim()) return setError(t`Title is required`);
          onSave(title).then(onClose, () => setError(t`The event could not be saved`));
        }}
      >
        <TextField label={t`Title`} value={title} onChange={(e) => setTitle(e.target.value)} error={error ?? undefined} autoFocus maxLength={500} />
      </form>
      <p className="mt-2 text-sm text-muted">
        <Trans>Open the event afterwards to add a time, a repeat or a colour.</Trans>
      </p>
    </FormDialog>
  );
}
