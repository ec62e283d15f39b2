import { useCallback, useState } from 'react';

function read<T extends string>(key: string, values: readonly T[], fallback: T): T {
  try {
    const v = localStorage.getItem(key);
    return values.includes(v as T) ? (v as T) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * One of `values`, remembered on this device under `key` (`fallback` when nothing valid is stored or storage is
 * unavailable, as in some private modes). The setter keeps its identity, so memoised components can take it.
 */
export function useStoredChoice<T extends string>(key: string, values: readonly T[], fallback: T): [T, (v: T) => void] {
  const [value, setValue] = useState<T>(() => read(key, values, fallback));
  const set = useCallback(
    (v: T) => {
      setValue(v);
      try {
        localStorage.setItem(key, v);
      } catch {
        // Storage unavailable: the choice just is not remembered.
      }
    },
    [key],
  );
  return [value, set];
}
