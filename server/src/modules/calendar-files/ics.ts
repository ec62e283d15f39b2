/**
 * Calendar files (CONTRACT.md "calendar files", docs/calendar-files.md): pure conversion between the user's
 * events and iCalendar (RFC 5545) text with ical.js. The routes (routes.ts) read and write the store.
 */
export { eventsToIcs, exportUid, PRODID, type ExportOptions } from './ics-export.js';
export { icsToEvents, UNTITLED, type ImportOptions, type ImportResult } from './ics-import.js';
export { IcsError, type IcsEvent, type ImportedEvent } from './types.js';
