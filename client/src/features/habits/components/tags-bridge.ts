/** The one place the habits feature meets the tags feature: chips, the selector and the colour picker. */
export { TagChips as HabitTagChips } from '../../tags';
export { TagSelector as HabitTagSelector } from '../../tags';
export { ColorPickerDialog as HabitColorPickerDialog } from '../../tags';
