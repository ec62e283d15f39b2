/** The one place the folders feature meets the tags feature: chips, the tag selector and the colour picker. */
export { TagChips as FolderTagChips } from '../../tags';
export { TagSelector as FolderTagSelector } from '../../tags';
export { ColorPickerDialog as FolderColorPickerDialog } from '../../tags';
