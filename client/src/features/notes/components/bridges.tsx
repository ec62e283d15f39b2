/**
 * The one place the notes feature meets the tags and folders features: tag chips and selector, the colour
 * picker, the folder selector, tree and dialog, and the folder data hooks.
 */
export { TagChips as NoteTagChips } from '../../tags/components/tag-chips';
export { TagSelector as NoteTagSelector } from '../../tags/components/tag-selector';
export { ColorPickerDialog as NoteColorPickerDialog } from '../../tags/components/color-picker';
export { FolderSelector } from '../../folders/components/folder-selector';
export { FolderTree, type FolderFilter } from '../../folders/components/folder-tree';
export { folderColor, folderIconPath } from '../../folders/components/folder-icons';
export { FolderDialog, type FolderDialogTarget } from '../../folders/dialogs/folder-dialog';
export { useFolderIndex, type FolderIndex } from '../../folders/data/queries';
