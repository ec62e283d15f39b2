import { useSyncExternalStore } from 'react';

/**
 * A message that outlives a navigation ("Not found" after a `?id=` link sent the user to /dashboard): the
 * layout shows it as a toast and clears it. One message at a time; a new one replaces the old.
 */
export interface Flash {
  /** Changes with every `flash()`, so the same text twice is shown twice. */
  id: number;
  message: string;
}

let current: Flash | null = null;
let seq = 0;
const listeners = new Set<() => void>();

function publish(next: Flash | null) {
  current = next;
  for (const l of [...listeners]) l();
}

/** Show `message` (already translated) as a toast on the next screen. */
export function flash(message: string): void {
  publish({ id: ++seq, message });
}

/** Remove the shown message (the toast timed out or was dismissed). */
export function clearFlash(): void {
  if (current) publish(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The message to show now, if any; the layout renders it and calls `clearFlash` when done. */
export function useFlash(): Flash | null {
  return useSyncExternalStore(subscribe, () => current);
}
