import { Trans, useLingui } from '@lingui/react/macro';
import { mdiCalendarMonth } from '@mdi/js';
import type { Occurrence } from '@adhd/shared/events/index';
import { addDays, weekdayOf } from '@adhd/shared/time';
import { memo, useMemo } from 'react';
import { Link } from 'wouter';
import { cn, focusRing } from '../../../components/ui/cn';
import { formatTimeOfDay, relativeDay, weekdayNames } from '../../../lib/dates';
import type { UserPrefs } from '../../../lib/use-prefs';
import { expandCached, useEvents } from '../../calendar';
import { useDateLabel } from '../../tasks';
import { UPCOMING_DAYS } from '../data/select';
import { DashboardSection } from './section';

/** Occurrences by the day they start on (an event that began before today is listed under today). */
export function groupUpcoming(occurrences: readonly Occurrence[], today: string): [string, Occurrence[]][] {
  const days = new Map<string, Occurrence[]>();
  for (const o of occurrences) {
    const day = o.startDate < today ? today : o.startDate;
    const list = days.get(day);
    if (list) list.push(o);
    else days.set(day, [o]);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b));
}

/** The events of today and the next six days (recurring ones expanded), grouped by day, each opening in the calendar. */
export const EventsSection = memo(function EventsSection({ today, prefs }: { today: string; prefs: UserPrefs }) {
  const { t } = useLingui();
  const label = useDateLabel();
  const events = useEvents();
  const last = addDays(today, UPCOMING_DAYS - 1);
  const days = useMemo(() => (events ? groupUpcoming(expandCached(events, today, last, prefs.timeZone), today) : undefined), [events, today, last, prefs.timeZone]);
  if (!days) return null;
  const dayLabel = (day: string) => (relativeDay(day, today) ? label(day, today) : `${weekdayNames(prefs.locale, 0, 'long')[weekdayOf(day)]}, ${label(day, today)}`);
  const time = (o: Occurrence) =>
    o.allDay ? t`All day` : o.startTime ? formatTimeOfDay(o.startTime, prefs.clockMode, prefs.locale) : '';
  return (
    <DashboardSection
      id="dashboard-events"
      title={<Trans>Upcoming events</Trans>}
      href="/calendar"
      color="var(--color-section-events)"
      icon={mdiCalendarMonth}
      emptyLine={<Trans>Nothing in the calendar for the next 7 days.</Trans>}
    >
      {days.length === 0 ? null : (
        <ol className="flex flex-col gap-2" aria-label={t`Upcoming events`}>
          {days.map(([day, list]) => (
            <li key={day} data-dashboard-day={day}>
              <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{dayLabel(day)}</h3>
              <ul className="mt-0.5 flex flex-col">
                {list.map((o) => (
                  <li key={o.id}>
                    <Link href={`/calendar?id=${encodeURIComponent(o.eventId)}`} className={cn('flex min-h-10 items-center gap-2 rounded-md px-1 hover:bg-surface-2', focusRing)}>
                      <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: o.color ?? 'var(--color-section-events)' }} />
                      <span className="w-16 shrink-0 text-xs text-muted tabular-nums">{time(o)}</span>
                      <span className="min-w-0 flex-1 truncate">{o.title || t`Untitled event`}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </DashboardSection>
  );
});
