/** The one place the folders feature meets the tags feature: chips, the tag selector and the colour picker. */
export { TagChips as FolderTagChips } from '../../tags/components/tag-chips';
export { TagSelector as FolderTagSelector } from '../../tags/components/tag-selector';
export { ColorPickerDialog as FolderColorPickerDialog } from '../../tags/components/color-picker';
