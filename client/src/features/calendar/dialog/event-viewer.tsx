import { Trans, useLingui } from '@lingui/react/macro';
import { isReadOnlyEvent } from '@adhd/shared/events/schema';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { DetailsFooter } from '../../../components/ui/details';
import { DeleteConfirmDialog } from '../../../components/ui/form-dialog';
import type { UserPrefs } from '../../../lib/use-prefs';
import { EventView } from './components/event-view';
import { useEventActions } from './data/mutations';
import type { OccurrenceRef } from './event-editor';
import type { EventFormValues, EventItem } from './logic/types';
import { askOccurrenceScope } from './occurrence-scope';

export interface EventViewerProps {
  event: EventItem;
  occurrence: OccurrenceRef | null;
  shown: EventFormValues;
  prefs: UserPrefs;
  today: string;
  onClose(): void;
  onEdit(): void;
  onDeleted(): void;
}

/**
 * View mode: the event with Delete, Close and Edit; a read-only event (SPEC section 6) only with Close. Delete
 * asks first: a single event with 'Delete this event?', an occurrence with the scope question.
 */
export function EventViewer({ event, occurrence, shown, prefs, today, onClose, onEdit, onDeleted }: EventViewerProps) {
  const { t } = useLingui();
  const actions = useEventActions();
  const readOnly = isReadOnlyEvent(event);
  const [confirm, setConfirm] = useState(false);
  const [failed, setFailed] = useState(false);
  const done = () => {
    onClose();
    onDeleted();
  };

  const askDelete = async () => {
    if (!occurrence) return setConfirm(true);
    const scope = await askOccurrenceScope({ action: 'delete' });
    if (!scope) return;
    setFailed(false);
    try {
      await actions.removeOccurrence(occurrence.seriesId, occurrence.originalStart, scope);
      done();
    } catch (err) {
      console.error('Event delete failed', err);
      setFailed(true);
    }
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={event.title}
      width={600}
      fullScreenOnNarrow
      data-testid="event-view"
      footer={
        readOnly ? (
          <Button variant="primary" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        ) : (
          <DetailsFooter onDelete={() => void askDelete()} onClose={onClose} onEdit={onEdit} />
        )
      }
    >
      {failed && (
        <p role="alert" className="mb-3 text-sm text-danger">
          <Trans>Couldn’t delete the event. Please try again.</Trans>
        </p>
      )}
      <EventView event={event} shown={shown} readOnly={readOnly} prefs={prefs} today={today} />
      <DeleteConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t`Delete this event?`}
        message={event.recurrence ? t`Every occurrence of this event is deleted.` : t`This event is deleted.`}
        errorText={t`Couldn’t delete the event. Please try again.`}
        what="Event"
        remove={() => actions.remove(event.id)}
        onDeleted={done}
      />
    </AppDialog>
  );
}
