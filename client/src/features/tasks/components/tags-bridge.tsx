/**
 * The one place the tasks feature meets the tags feature: its read-only chips and its selector
 * (SPEC section 4, 'Tag selector').
 */
export { TagChips as TaskTagChips } from '../../tags';
export { TagSelector as TaskTagSelector } from '../../tags';
