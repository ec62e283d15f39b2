import { Trans } from '@lingui/react/macro';
import { mdiBellOutline, mdiCalendarClock, mdiLockOutline, mdiMapMarkerOutline, mdiRepeat } from '@mdi/js';
import { GOOGLE_EVENT_COLOR } from '@adhd/shared/events/schema';
import type { ReactNode } from 'react';
import { cn } from '../../../../components/ui/cn';
import { DescriptionSection } from '../../../../components/ui/details';
import { Icon } from '../../../../components/ui/icon';
import type { UserPrefs } from '../../../../lib/use-prefs';
import { useEventMessages, useRecurrenceText, useReminderText } from '../labels';
import { formatWhen } from '../logic/when';
import type { EventFormValues, EventItem } from '../logic/types';
import { EventTagChips } from './tags-bridge';

function Row({ icon, label, children }: { icon: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <Icon path={icon} size={20} className="mt-0.5 text-muted" />
      <div className="min-w-0 flex-1 text-sm">
        <span className="sr-only">{label}: </span>
        {children}
      </div>
    </div>
  );
}

export interface EventViewProps {
  event: EventItem;
  /** The event's fields as shown: an occurrence's own start and end. */
  shown: EventFormValues;
  readOnly: boolean;
  prefs: UserPrefs;
  today: string;
}

/** View mode (issue 15): when, recurrence, location, description, tags, reminders and colour; a read-only notice. */
export function EventView({ event, shown, readOnly, prefs, today }: EventViewProps) {
  const messages = useEventMessages();
  const recurrenceText = useRecurrenceText();
  const reminderText = useReminderText();
  const when = formatWhen(
    { ...shown, endDate: shown.endDate || null, startTime: shown.startTime || null, endTime: shown.endTime || null },
    { locale: prefs.locale, clockMode: prefs.clockMode, today },
  );
  const otherZone = event.timezone && event.timezone !== prefs.timeZone && !event.allDay ? event.timezone : null;
  // SPEC section 3: a Google event without its own colour shows Google's.
  const color = event.color ?? (event.source === 'google' ? GOOGLE_EVENT_COLOR : null);
  const repeats = recurrenceText(event.recurrence, event.startDate, prefs.locale);
  return (
    <div className="flex flex-col gap-4">
      {readOnly && (
        <p role="note" className="flex items-center gap-2 rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">
          <Icon path={mdiLockOutline} size={18} />
          {messages.readOnly}
        </p>
      )}
      <Row icon={mdiCalendarClock} label={<Trans>When</Trans>}>
        <span data-testid="event-when">{when}</span>
        {shown.allDay && (
          <span className="ml-2 rounded-full bg-surface-2 px-2 py-0.5 text-xs">
            <Trans>All day</Trans>
          </span>
        )}
        {otherZone && <span className="ml-1 text-muted">({otherZone})</span>}
      </Row>
      {repeats && (
        <Row icon={mdiRepeat} label={<Trans>Repeat</Trans>}>
          {repeats}
        </Row>
      )}
      {event.location && (
        <Row icon={mdiMapMarkerOutline} label={<Trans>Location</Trans>}>
          <span className="break-words">{event.location}</span>
        </Row>
      )}
      {event.reminders.length > 0 && (
        <Row icon={mdiBellOutline} label={<Trans>Reminders</Trans>}>
          {[...event.reminders]
            .sort((a, b) => a - b)
            .map(reminderText)
            .join(', ')}
        </Row>
      )}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <span className="flex items-center gap-2 text-sm">
          <span className="text-muted">
            <Trans>Colour</Trans>
          </span>
          <span className="size-4 rounded-full border border-line bg-section-events" style={color ? { backgroundColor: color } : undefined} />
          <span className={cn('text-muted', color && 'uppercase')}>{color ?? <Trans>Default</Trans>}</span>
        </span>
        {event.tags.length > 0 && (
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted">
              <Trans>Tags</Trans>
            </span>
            <EventTagChips ids={event.tags} />
          </span>
        )}
      </div>
      {event.description.trim() && <DescriptionSection text={event.description} />}
    </div>
  );
}
