import { useSyncExternalStore } from 'react';

/**
 * A message to show once on the next screen, as a toast the layout renders (e.g. 'Not found' after an item opened
 * by `?id=` turned out not to exist and the app went to /dashboard). A tiny external store: `flash()` from
 * anywhere, `useFlash()` in the layout.
 */
export interface Flash {
  message: string;
  /** Different for each flash, also for the same text twice (a key for the toast). */
  id: number;
}

let current: Flash | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function flash(message: string): void {
  current = { message, id: ++seq };
  emit();
}

/** Clears the flash (the toast's time is up). */
export function clearFlash(): void {
  if (!current) return;
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The flash to show now, or null. */
export function useFlash(): Flash | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
