import type { DBCoreCursor, DBCoreTransaction } from 'dexie';
import { compareKeys } from './key-ranges';

/** An entry of an index walk: the index key, the row's primary key and the row. */
export interface Entry {
  key: unknown;
  primaryKey: string;
  value: Record<string, unknown>;
}

/**
 * A DBCore cursor over entries already in memory, with the protocol of Dexie's IndexedDB cursor: `start(onNext)`
 * calls `onNext` for the current entry and again after each `continue()` / `advance()`, until `stop()` or the end.
 */
export function arrayCursor(trans: DBCoreTransaction, list: Entry[]): DBCoreCursor {
  let pos = 0;
  let onNext: (() => void) | null = null;
  let finish: ((value?: unknown) => void) | null = null;
  let failIteration: ((error: Error) => void) | null = null;
  const step = () => {
    queueMicrotask(() => {
      if (!onNext) return;
      if (pos >= list.length) {
        cursor.done = true;
        cursor.stop();
        return;
      }
      try {
        onNext();
      } catch (err) {
        cursor.fail(err as Error);
      }
    });
  };
  const cursor = {
    trans,
    done: false,
    get key() {
      return list[pos]?.key;
    },
    get primaryKey() {
      return list[pos]?.primaryKey;
    },
    get value() {
      return list[pos]?.value;
    },
    continue(key?: unknown) {
      pos++;
      if (key !== undefined) while (pos < list.length && compareKeys(list[pos]!.key, key) < 0) pos++;
      step();
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      pos++;
      while (pos < list.length && (compareKeys(list[pos]!.key, key) || compareKeys(list[pos]!.primaryKey, primaryKey)) < 0) pos++;
      step();
    },
    advance(count: number) {
      pos += count;
      step();
    },
    start(callback: () => void) {
      onNext = callback;
      const done = new Promise((resolve, reject) => {
        finish = resolve;
        failIteration = reject;
      });
      step();
      return done;
    },
    stop(value?: unknown) {
      onNext = null;
      finish?.(value);
    },
    fail(error: Error) {
      onNext = null;
      failIteration?.(error);
    },
    next() {
      let gotOne = true;
      return cursor.start(() => (gotOne ? ((gotOne = false), cursor.continue()) : cursor.stop())).then(() => cursor as DBCoreCursor);
    },
  };
  return cursor as DBCoreCursor;
}
