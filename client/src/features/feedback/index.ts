/** Feedback (issue 18): the public form is a lazy route (screens.ts); the admin view is part of the admin area. */
export { AdminFeedbackScreen } from './admin-feedback-screen';
