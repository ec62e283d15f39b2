import { useState } from 'react';

type View = 'list' | 'tree';
const KEY = 'tasks_view';

function read(): View {
  try {
    return localStorage.getItem(KEY) === 'tree' ? 'tree' : 'list';
  } catch {
    return 'list';
  }
}

/** The list/tree choice, remembered on this device. */
export function useStoredView(): [View, (v: View) => void] {
  const [view, setView] = useState<View>(read);
  return [
    view,
    (v) => {
      setView(v);
      try {
        localStorage.setItem(KEY, v);
      } catch {
        /* storage unavailable */
      }
    },
  ];
}
