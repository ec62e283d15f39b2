/**
 * The inbox feature's public surface for static imports (docs/architecture.md, "Rooms and public surfaces"): the
 * live items and their count (the navigation badge), and the inbox writes (capture from any screen, conversion).
 * Its route screen loads on demand through `./screens`.
 */
export { useInboxItems, useInboxCount, type InboxItem } from './data/queries';
export { useInboxActions, type InboxActions, type ConvertFields } from './data/mutations';
export { splitInboxText } from '@adhd/shared/inbox/text';
