/**
 * The one capture dialog of the page (mounted in the layout) and who may open it: the Q key, the floating
 * button, `?capture=1`, the inbox screen's empty state. Once the dialog's chunk is in (capture-host.tsx preloads
 * it at idle), opening is synchronous, so the field has the focus in the same frame as the key press.
 */
let opener: (() => void) | null = null;

export function registerCaptureOpener(open: () => void): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

/** Opens the capture dialog when one is mounted; false when none is. */
export function openCapture(): boolean {
  if (!opener) return false;
  opener();
  return true;
}
