/**
 * Video mode ("brainrot", docs/video-mode.md): the host the layout loads after the first screen (the video and the
 * Ctrl+Alt+D debug corner, each loaded when needed) and the manifest's state for Settings.
 */
export { BrainrotHost } from './host';
export { VideoModeNotice } from './notice';
