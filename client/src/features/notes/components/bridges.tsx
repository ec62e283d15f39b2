/**
 * The one place the notes feature meets the tags and folders features: tag chips and selector, the colour
 * picker, the folder selector, tree and dialog, and the folder data hooks.
 */
export { TagChips as NoteTagChips } from '../../tags';
export { TagSelector as NoteTagSelector } from '../../tags';
export { ColorPickerDialog as NoteColorPickerDialog } from '../../tags';
export { FolderSelector } from '../../folders';
export { FolderTree, type FolderFilter } from '../../folders';
export { folderColor, folderIconPath } from '../../folders';
export { FolderDialog, type FolderDialogTarget } from '../../folders';
export { useFolderIndex, type FolderIndex } from '../../folders';
