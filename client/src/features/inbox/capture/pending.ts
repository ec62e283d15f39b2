import { useSyncExternalStore } from 'react';
import type { InboxItem } from '../inbox-data';

/**
 * Thoughts stored by the capture fields whose local write has not landed in the live table yet. The inbox
 * list shows them at once (the write through IndexedDB and the live table takes a few frames), and drops each
 * one as soon as the stored row is there (or the write failed).
 */
interface Pending {
  key: string;
  /** The stored item's id once the write resolved. */
  id: string | null;
  item: InboxItem;
}

let pending: readonly Pending[] = [];
const listeners = new Set<() => void>();
let seq = 0;

function set(next: readonly Pending[]) {
  pending = next;
  for (const listener of listeners) listener();
}

/** Stores `text` through `write` and shows it in the inbox list until the live table has it. */
export function capturePending(text: string, write: () => Promise<string>): Promise<string> {
  const key = `pending-${++seq}`;
  const now = new Date().toISOString();
  set([...pending, { key, id: null, item: { id: key, text, source: 'app', createdAt: now, updatedAt: now } }]);
  return write().then(
    (id) => {
      set(pending.map((p) => (p.key === key ? { ...p, id } : p)));
      return id;
    },
    (err: unknown) => {
      set(pending.filter((p) => p.key !== key));
      throw err;
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => pending;

/** The live items with the captures still on their way in front (newest first), and the settled ones pruned. */
export function useWithPending(items: InboxItem[] | undefined): InboxItem[] | undefined {
  const current = useSyncExternalStore(subscribe, snapshot);
  if (!items || current.length === 0) return items;
  const ids = new Set(items.map((i) => i.id));
  const waiting = current.filter((p) => !(p.id && ids.has(p.id)));
  if (waiting.length !== current.length) queueMicrotask(() => set(pending.filter((p) => !(p.id && ids.has(p.id)))));
  if (waiting.length === 0) return items;
  return [...waiting.map((p) => p.item).reverse(), ...items];
}
