import { Trans, useLingui } from '@lingui/react/macro';
import { GOOGLE_EVENT_COLOR } from '@adhd/shared/events/schema';
import type { GoogleCalendarItem } from '@adhd/shared/google/types';
import { mdiLinkVariantOff, mdiRefresh } from '@mdi/js';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { usePrefs } from '../../../lib/use-prefs';
import { relativeTime } from '../../../lib/relative-time';
import { useOnline } from '../../../lib/use-online';
import { DisconnectDialog } from './disconnect-dialog';
import { googleMessages } from './messages';
import { loadCalendars, setVisible, syncNow, useGoogleState } from './store';


/**
 * What a connected Google Calendar offers (the calendar screen's Google panel and Settings → Google Calendar):
 * each calendar with its colour and a visibility switch, "Sync now", when it last synced, and "Disconnect"
 * with the keep/delete choice. Without the network the switches and buttons wait (and say why).
 */
export function GoogleCalendarControls() {
  const { t, i18n } = useLingui();
  const prefs = usePrefs();
  const online = useOnline();
  const { status, calendars, calendarsFailed, syncing } = useGoogleState();
  const [confirm, setConfirm] = useState(false);
  const lastSync = status?.lastSyncAt ? relativeTime(status.lastSyncAt, Date.now(), prefs.locale) : null;

  return (
    <div className="space-y-3">
      {!online && (
        <FormAlert tone="info">
          <Trans>You are offline. Syncing and switching calendars wait until you are back online.</Trans>
        </FormAlert>
      )}
      {calendarsFailed && (
        <FormAlert>
          <span className="flex flex-wrap items-center justify-between gap-2">
            {i18n._(googleMessages.calendarsFailed)}
            <Button size="sm" variant="secondary" onClick={() => void loadCalendars()} disabled={!online}>
              <Trans>Try again</Trans>
            </Button>
          </span>
        </FormAlert>
      )}
      {calendars && calendars.length > 0 && (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label={t`Google calendars`}>
          {calendars.map((c) => (
            <CalendarRow key={c.id} calendar={c} disabled={!online} />
          ))}
        </ul>
      )}
      {calendars && calendars.length === 0 && !calendarsFailed && (
        <p className="text-sm text-muted">
          <Trans>Your Google account has no calendars to show.</Trans>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button icon={mdiRefresh} variant="primary" onClick={() => void syncNow()} busy={syncing} disabled={!online}>
          <Trans>Sync now</Trans>
        </Button>
        <Button icon={mdiLinkVariantOff} variant="ghost" onClick={() => setConfirm(true)} disabled={!online}>
          <Trans>Disconnect</Trans>
        </Button>
        <p className="w-full text-sm text-muted sm:w-auto sm:min-w-0 sm:flex-1 sm:text-right" data-testid="google-last-sync">
          {lastSync ? <Trans>Last synced {lastSync}</Trans> : <Trans>Not synced yet</Trans>}
        </p>
      </div>
      <DisconnectDialog open={confirm} onOpenChange={setConfirm} />
    </div>
  );
}

function CalendarRow({ calendar, disabled }: { calendar: GoogleCalendarItem; disabled: boolean }) {
  const id = useId();
  const color = calendar.color ?? GOOGLE_EVENT_COLOR;
  return (
    <li className="flex items-center gap-3 px-3 py-2">
      <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ background: color }} data-testid="google-calendar-color" />
      <label htmlFor={id} className="min-w-0 flex-1 truncate text-sm text-ink">
        {calendar.summary}
      </label>
      <Switch.Root
        id={id}
        checked={calendar.visible}
        disabled={disabled}
        onCheckedChange={(v) => void setVisible(calendar.id, v)}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-line transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-50 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </li>
  );
}
