/** What the inbox's screens and capture use of its data layer (`./data/`), in one place. */
export type { InboxSource, InboxTarget } from '@adhd/shared/inbox/schema';
export { splitInboxText } from '@adhd/shared/inbox/text';
export { useInboxItems, useInboxCount, type InboxItem } from './data/queries';
export { useInboxActions, type InboxActions, type ConvertFields } from './data/mutations';
