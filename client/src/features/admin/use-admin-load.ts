import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';

export type LoadState<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'offline' } | { kind: 'failed'; error: unknown };

/**
 * One server read of an admin screen: loading, the data, offline (no network: the screen says admin pages need
 * the server, with a retry) or failed. `reload` asks again; `set` replaces the data after a local change.
 */
export function useAdminLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<LoadState<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ kind: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(error instanceof ApiError && error.isNetwork ? { kind: 'offline' } : { kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);
  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const set = useCallback((data: T) => setState({ kind: 'ready', data }), []);
  return { state, reload, set };
}
