/**
 * Set while feedback written offline waits in its outbox (features/feedback/data/outbox.ts), so the app's start
 * can tell without opening IndexedDB whether to load the feedback chunk and send it (app/routes.tsx).
 */
export const FEEDBACK_OUTBOX_FLAG = 'feedback_outbox_pending';

export function hasPendingFeedback(): boolean {
  try {
    return localStorage.getItem(FEEDBACK_OUTBOX_FLAG) === '1';
  } catch {
    return false;
  }
}
