/**
 * Google Calendar import on the client (issue 19): the toolbar button, the panel, the disconnect dialog, the
 * settings body and their store. The events arrive by the normal replication; nothing here filters them.
 */
export { GoogleCalendarPanel, GoogleToolbarButton, useGoogleConnection } from './google-calendar';
export { GoogleCalendarConnection } from './settings-section';
