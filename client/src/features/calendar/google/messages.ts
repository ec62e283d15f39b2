import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The Google Calendar texts of SPEC section 8 (fallbacks and the sync results) and the screen's own notices. */
export const googleMessages = {
  checkFailed: msg`Failed to check Google Calendar connection`,
  authUrlFailed: msg`Failed to get authorization URL`,
  connectFailed: msg`Failed to connect to Google Calendar`,
  connected: msg`Google Calendar connected. Its events will appear in a moment.`,
  disconnectFailed: msg`Failed to disconnect from Google Calendar`,
  disconnectedKept: msg`Google Calendar disconnected. Imported events stay as read-only events.`,
  disconnectedDeleted: msg`Google Calendar disconnected. Imported events were deleted.`,
  calendarsFailed: msg`Failed to fetch calendars`,
  syncFailed: msg`Failed to sync events from Google Calendar`,
  syncError: msg`Error syncing events`,
  nothingToSync: msg`No events to sync`,
  visibilityFailed: msg`Failed to update calendar visibility`,
  upstream: msg`Google did not answer; try again in a minute`,
  offline: msg`Connect when you're online`,
  notOffered: msg`Google Calendar is not available on this server.`,
} satisfies Record<string, MessageDescriptor>;
