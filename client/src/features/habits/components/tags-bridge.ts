/** The one place the habits feature meets the tags feature: chips, the selector and the colour picker. */
export { TagChips as HabitTagChips } from '../../tags/components/tag-chips';
export { TagSelector as HabitTagSelector } from '../../tags/components/tag-selector';
export { ColorPickerDialog as HabitColorPickerDialog } from '../../tags/components/color-picker';
