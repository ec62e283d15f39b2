import { uuidV5 } from '../sync/uuid-v5.js';

/** The namespace of conflicted-copy ids. Fixed forever: the client and the server derive the same id. */
export const CONFLICT_COPY_NAMESPACE = '5b0f3d4e-8f51-4c8e-9d0a-6f1e2c7b9a34';

/**
 * A short, stable hash of a note body (cyrb53: 53 bits, base 36). `note.update` carries the hash of the body
 * the edit was based on; a different body on the server means another device changed it meanwhile.
 */
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The id of the conflicted copy that keeps `losingText` of note `noteId` when `winningText` replaced it. */
export function conflictCopyId(noteId: string, losingText: string, winningText: string): string {
  return uuidV5(`${noteId}|${contentHash(losingText)}|${contentHash(winningText)}`, CONFLICT_COPY_NAMESPACE);
}

export type NoteSortKey = 'updatedAt' | 'createdAt';

interface Sortable {
  _id: string;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Newest first by the chosen timestamp; ties by id so the order is stable. */
export function sortNotes<T extends Sortable>(notes: readonly T[], by: NoteSortKey = 'updatedAt'): T[] {
  return [...notes].sort((a, b) => (a[by] === b[by] ? (a._id < b._id ? -1 : 1) : a[by] < b[by] ? 1 : -1));
}

/** The pinned section and the rest, each sorted newest first (SPEC section 4: the pinned list is derived). */
export function splitPinned<T extends Sortable>(notes: readonly T[], by: NoteSortKey = 'updatedAt'): { pinned: T[]; others: T[] } {
  const sorted = sortNotes(notes, by);
  return { pinned: sorted.filter((n) => n.pinned), others: sorted.filter((n) => !n.pinned) };
}
