import { Trans, useLingui } from '@lingui/react/macro';
import { mdiGoogle } from '@mdi/js';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useOnline } from '../../../lib/use-online';
import { ConnectionEnded } from './google-calendar';
import { GoogleCalendarControls } from './google-panel';
import { googleMessages } from './messages';
import { connect, refreshStatus, useGoogleState } from './store';

/**
 * The body of Settings → Connections → Google Calendar (the settings feature wraps it in its section card): not
 * offered on this server, not connected with "Connect Google Calendar", or connected with the same controls as
 * the calendar screen's Google panel (calendars, Sync now, Disconnect).
 */
export function GoogleCalendarConnection() {
  const { i18n } = useLingui();
  const online = useOnline();
  const { status, statusFailed } = useGoogleState();
  useEffect(() => {
    if (online) void refreshStatus();
  }, [online]);

  const offline = i18n._(googleMessages.offline);
  return (
    <div className="space-y-3 px-4 py-3" data-testid="google-calendar-settings">
      <p className="text-sm text-muted">
        <Trans>Show the events of your Google calendars in this app's calendar, read-only and kept up to date every minute.</Trans>
      </p>
      {statusFailed && !status && (
        <FormAlert>
          <span className="flex flex-wrap items-center justify-between gap-2">
            {i18n._(googleMessages.checkFailed)}
            <Button size="sm" variant="secondary" onClick={() => void refreshStatus()}>
              <Trans>Try again</Trans>
            </Button>
          </span>
        </FormAlert>
      )}
      {!status && !online && (
        <FormAlert tone="info">
          <Trans>Google Calendar needs a connection to the server. You are offline.</Trans>
        </FormAlert>
      )}
      {status && !status.available && (
        <FormAlert tone="info">{i18n._(googleMessages.notOffered)}</FormAlert>
      )}
      {status?.available && !status.connected && status.message && <ConnectionEnded message={status.message} online={online} />}
      {status?.available && !status.connected && !status.message && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium text-ink">
            <Trans>Not connected</Trans>
          </p>
          <Button icon={mdiGoogle} variant="primary" onClick={() => void connect()} disabled={!online} title={online ? undefined : offline}>
            <Trans>Connect Google Calendar</Trans>
          </Button>
        </div>
      )}
      {status?.available && !status.connected && !online && <p className="text-sm text-muted">{offline}</p>}
      {status?.available && status.connected && (
        <>
          <p className="font-medium text-ink">
            <Trans>Connected</Trans>
          </p>
          <GoogleCalendarControls />
        </>
      )}
    </div>
  );
}
