/**
 * The capture field's draft, kept in localStorage per user on every keystroke, so a typed thought survives
 * closing the dialog, a crash and a reload. Cleared when the thought is stored.
 */
const keyOf = (userId: string) => `inbox-draft:${userId}`;

export function readDraft(userId: string): string {
  try {
    return localStorage.getItem(keyOf(userId)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(userId: string, text: string): void {
  try {
    if (text) localStorage.setItem(keyOf(userId), text);
    else localStorage.removeItem(keyOf(userId));
  } catch {
    // Storage full or blocked (private mode): the draft lives in the field only.
  }
}
