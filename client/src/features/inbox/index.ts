/**
 * The inbox feature's public surface for static imports (docs/architecture.md, "Rooms and public surfaces"):
 * quick capture (the floating button, the Q key, `?capture=1`) and the navigation's count badge, mounted by the
 * layout on every signed-in screen. Its route screens load on demand through `./screens`.
 */
export { CaptureHost } from './capture/capture-host';
export { openCapture } from './capture/capture-state';
export { InboxNavBadge } from './components/nav-badge';
export { useInboxItems, useInboxCount, useInboxActions } from './inbox-data';
