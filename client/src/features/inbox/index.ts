/**
 * The inbox feature's public surface for static imports (docs/architecture.md, "Rooms and public surfaces"): the
 * live items and their count (the navigation badge), and the inbox writes (capture from any screen, conversion);
 * quick capture (the floating button, the Q key, `?capture=1`) and the navigation's count badge, mounted by the
 * layout on every signed-in screen. Its route screens load on demand through `./screens`.
 */
export { useInboxItems, useInboxCount, type InboxItem } from './data/queries';
export { useInboxActions, type InboxActions, type ConvertFields } from './data/mutations';
export { splitInboxText } from '@adhd/shared/inbox/text';
export { LazyCaptureHost as CaptureHost } from './capture/lazy-capture-host';
export { openCapture } from './capture/capture-state';
export { InboxNavBadge } from './components/nav-badge';
