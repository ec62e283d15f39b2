export { FeedbackScreen } from './stubs';
