import { useStoredChoice } from '../../../lib/stored-choice';

type View = 'list' | 'tree';
const VIEWS: readonly View[] = ['list', 'tree'];

/** The list/tree choice, remembered on this device (the setter keeps its identity: memoised headers use it). */
export function useStoredView(): [View, (v: View) => void] {
  return useStoredChoice('tasks_view', VIEWS, 'list');
}
