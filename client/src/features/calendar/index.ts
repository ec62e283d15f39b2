/**
 * The calendar feature's public surface for static imports (docs/architecture.md, "Rooms and public surfaces"):
 * the event dialog pre-filled, which the inbox uses to turn an item into an event. Its route screen (with
 * FullCalendar) loads on demand through `./screens`.
 */
export { PrefilledEventDialog, type PrefilledEventDialogProps, type EventFields } from './dialog';
// The dashboard's upcoming events: the live events and the cached occurrence expansion.
export { useEvents, expandCached } from './data/queries';
// Settings → Connections → Google Calendar: the connection's status, Connect, and the same controls as the calendar's Google panel.
export { GoogleCalendarConnection } from './google';
