import { useDeferredValue, useRef, useSyncExternalStore } from 'react';
import type { LiveSnapshot, LiveSource } from './live-table';

const noSubscribe = () => () => undefined;
const noSnapshot = () => undefined;

/**
 * The rows of a live table or view (live-table.ts), kept current through `useSyncExternalStore`; undefined
 * until its first read, or while there is no source (no user signed in). This device's writes render in the
 * same frame; rows a pull brought render as a deferred value (a transition React interrupts for input), so the
 * screen stays responsive while a big sync lands.
 */
export function useLive<T>(source: LiveSource<T> | null): T[] | undefined {
  const snapshot = useSyncExternalStore(source?.subscribe ?? noSubscribe, source?.get ?? noSnapshot);
  // Only pulled snapshots go through the deferred value: a local write renders once, with no second pass.
  const pulled = useDeferredValue(snapshot?.fromPull ? snapshot : undefined);
  const shown = useRef<{ source: LiveSource<T> | null | undefined; items: T[] | undefined }>({ source: undefined, items: undefined });
  // The urgent render of a pulled change keeps what was on screen; the deferred one shows the change.
  const items = snapshot?.fromPull && pulled !== snapshot && shown.current.source === source ? shown.current.items : snapshot?.items;
  shown.current = { source, items };
  return items;
}

const derived = new WeakMap<(items: never[]) => unknown, WeakMap<object, unknown>>();

/**
 * `select(rows)` of a live source, computed once per change of the source however many components ask (a
 * chip list on every task row reads the tags by id). `select` must be a module-level function.
 */
export function useLiveSelect<T, R>(source: LiveSource<T> | null, select: (items: T[]) => R): R | undefined {
  const items = useLive(source);
  if (!items) return undefined;
  let cache = derived.get(select as (items: never[]) => unknown);
  if (!cache) derived.set(select as (items: never[]) => unknown, (cache = new WeakMap()));
  if (!cache.has(items)) cache.set(items, select(items));
  return cache.get(items) as R;
}

export type { LiveSnapshot, LiveSource };
