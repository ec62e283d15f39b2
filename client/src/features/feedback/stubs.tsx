// Issue 18: stubs, replaced by the feedback work.
export function FeedbackScreen() {
  return null;
}
export function AdminFeedbackScreen() {
  return null;
}
