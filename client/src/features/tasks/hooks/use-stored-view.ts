import { useCallback, useState } from 'react';

type View = 'list' | 'tree';
const KEY = 'tasks_view';

function read(): View {
  try {
    return localStorage.getItem(KEY) === 'tree' ? 'tree' : 'list';
  } catch {
    return 'list';
  }
}

/** The list/tree choice, remembered on this device (the setter keeps its identity: memoised headers use it). */
export function useStoredView(): [View, (v: View) => void] {
  const [view, setView] = useState<View>(read);
  const set = useCallback((v: View) => {
    setView(v);
    try {
      localStorage.setItem(KEY, v);
    } catch {
      /* storage unavailable */
    }
  }, []);
  return [view, set];
}
