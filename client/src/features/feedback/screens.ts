export { FeedbackScreen } from './feedback-screen';
/** The app's start calls this (lazily, only when the outbox flag is set) to send feedback kept offline. */
export { resumeFeedbackOutbox } from './data/send';
