/**
 * The needs-attention feature's public surface (docs/architecture.md, "Rooms and public surfaces"): the notice
 * the app layout shows; it loads the list and its dialog itself, only once the list has entries.
 */
export { AttentionNotice } from './components/attention-notice';
