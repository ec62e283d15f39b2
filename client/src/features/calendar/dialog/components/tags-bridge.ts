/** The one place the event dialog meets the tags feature: chips, the selector and the colour picker. */
export { TagChips as EventTagChips } from '../../../tags';
export { TagSelector as EventTagSelector } from '../../../tags';
export { ColorPickerDialog as EventColorPickerDialog } from '../../../tags';
