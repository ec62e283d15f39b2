import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Toast } from '../../../components/ui/toast';
import { usePrefs, useToday, type UserPrefs } from '../../../lib/use-prefs';
import { useEventItem } from './data/queries';
import { EventEditor, type OccurrenceRef } from './event-editor';
import { EventViewer } from './event-viewer';
import { useEventMessages } from './labels';
import { defaultValues, valuesFromEvent } from './logic/form';
import type { EventItem } from './logic/types';
import { OccurrenceScopeHost } from './occurrence-scope';

export interface EventDialogTarget {
  mode: 'view' | 'create';
  eventId?: string;
  occurrence?: { seriesId: string; originalStart: string };
  initial?: { startDate: string; startTime?: string | null; endTime?: string | null; allDay: boolean };
}

/**
 * The event dialog (SPEC section 2; issue 15) in view, edit and create mode. Keep it mounted (with a null target
 * while closed): it also draws the occurrence-scope question of `askOccurrenceScope` and the
 * 'Event deleted successfully' message after a delete.
 */
export function EventDialog({ target, onClose }: { target: EventDialogTarget | null; onClose: () => void }) {
  const messages = useEventMessages();
  const [toast, setToast] = useState<string | null>(null);
  const key = target ? `${target.mode}|${target.eventId ?? ''}|${target.occurrence?.originalStart ?? ''}|${JSON.stringify(target.initial ?? null)}` : '';
  return (
    <>
      {target && <EventDialogBody key={key} target={target} onClose={onClose} onDeleted={() => setToast(messages.deleted)} />}
      <OccurrenceScopeHost />
      {toast && <Toast message={toast} onDismiss={() => setToast(null)} />}
    </>
  );
}

/** The occurrence a view shows: an override's own, or the target's occurrence of a series. */
function occurrenceOf(event: EventItem, target: EventDialogTarget): OccurrenceRef | null {
  if (event.seriesId && event.originalStart) return { seriesId: event.seriesId, originalStart: event.originalStart };
  if (event.recurrence && target.occurrence) return target.occurrence;
  return null;
}

function EventDialogBody({ target, onClose, onDeleted }: { target: EventDialogTarget; onClose(): void; onDeleted(): void }) {
  const prefs = usePrefs();
  const today = useToday(prefs.timeZone);
  if (target.mode === 'create') {
    const initial = defaultValues(target.initial ?? { startDate: today, allDay: false });
    return <EventEditor initial={initial} prefs={prefs} today={today} onClose={onClose} />;
  }
  return <ExistingEvent id={target.eventId ?? target.occurrence?.seriesId} target={target} prefs={prefs} today={today} onClose={onClose} onDeleted={onDeleted} />;
}

interface ExistingEventProps {
  id: string | undefined;
  target: EventDialogTarget;
  prefs: UserPrefs;
  today: string;
  onClose(): void;
  onDeleted(): void;
}

function ExistingEvent({ id, target, prefs, today, onClose, onDeleted }: ExistingEventProps) {
  const event = useEventItem(id);
  const [editing, setEditing] = useState(false);
  if (event === undefined) return null;
  if (event === null) return <MissingEvent onClose={onClose} />;
  const occurrence = occurrenceOf(event, target);
  const shown = valuesFromEvent(event, event.seriesId ? null : occurrence?.originalStart);
  if (editing) {
    return <EventEditor event={event} occurrence={occurrence} initial={shown} prefs={prefs} today={today} onClose={onClose} />;
  }
  return <EventViewer event={event} occurrence={occurrence} shown={shown} prefs={prefs} today={today} onClose={onClose} onEdit={() => setEditing(true)} onDeleted={onDeleted} />;
}

function MissingEvent({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={t`Event not found`} width={400} footer={<Button onClick={onClose}><Trans>Close</Trans></Button>}>
      <p className="text-sm text-muted">
        <Trans>This event no longer exists. It may have been deleted on another device.</Trans>
      </p>
    </AppDialog>
  );
}
