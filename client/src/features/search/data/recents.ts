/**
 * The last queries that led to an opened result (at most 8, newest first), per user in localStorage: offered
 * when the palette's query is blank. Storage that refuses (private mode, full) only loses the list.
 */
export const MAX_RECENTS = 8;
const keyOf = (userId: string) => `search_recent:${userId}`;

export function readRecents(userId: string): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(list) ? list.filter((q): q is string => typeof q === 'string').slice(0, MAX_RECENTS) : [];
  } catch {
    return [];
  }
}

/** Puts `query` first (a query already in the list, whatever its case, moves up) and keeps the newest 8. */
export function addRecent(userId: string, query: string): string[] {
  const q = query.trim();
  if (!q) return readRecents(userId);
  const next = [q, ...readRecents(userId).filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, MAX_RECENTS);
  write(userId, next);
  return next;
}

export function clearRecents(userId: string): void {
  write(userId, []);
}

function write(userId: string, list: string[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(list));
  } catch {
    /* storage refused: the list is not kept */
  }
}
