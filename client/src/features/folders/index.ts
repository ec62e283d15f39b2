/**
 * The folders feature's public surface (docs/architecture.md, "Rooms and public surfaces"): the folder tree,
 * selector, dialog, icons and index that the notes screen shows. Folders have no route of their own.
 */
export { folderColor, folderIconPath } from './components/folder-icons';
export { FolderDialog, type FolderDialogTarget } from './dialogs/folder-dialog';
export { useFolderIndex, type FolderIndex } from './data/queries';
export { FolderSelector } from './components/folder-selector';
export { FolderTree, type FolderFilter } from './components/folder-tree';
