import { useEffect, useRef } from 'react';

/** Where a typed Q is text, not a command. */
function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/** A modal, a menu or a list box of the app (Radix or the capture dialog itself) is open: keys belong to it. */
function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}

/** Whether a keydown is the capture shortcut: Q by its physical key (a Russian layout types 'й'), no modifiers. */
export function isCaptureKey(e: KeyboardEvent): boolean {
  if (e.code !== 'KeyQ' || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.repeat || e.isComposing) return false;
  return !isTextTarget(e.target) && !dialogOpen();
}

/** Calls `open` on the capture shortcut anywhere in the page (mounted once, on signed-in screens). */
export function useCaptureKey(open: () => void): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isCaptureKey(e)) return;
      e.preventDefault(); // the Q must not land in the field that gets the focus now
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
