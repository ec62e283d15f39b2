/**
 * The tags feature's public surface for static imports (docs/architecture.md, "Rooms and public surfaces"):
 * the chips, the selector and the colour picker that tasks, habits, notes and folders show. Its route screen
 * loads on demand through `./screens`.
 */
export { TagChips } from './components/tag-chips';
export { TagSelector } from './components/tag-selector';
export { ColorPickerDialog } from './components/color-picker';
/** Black or white text on a user-chosen colour (the calendar's coloured events and habits). */
export { textColorOn } from './lib/colors';
