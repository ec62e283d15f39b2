type Registry = typeof import('@adhd/shared/sync/registry');

let loaded: Registry | null = null;
let loading: Promise<Registry> | null = null;

/**
 * The shared mutation registry (every domain's mutators, their schemas' checks and the domain code they run),
 * loaded on first use: no write or outbox replay happens before the first screen is up, so this code stays out
 * of the start-up JS. A local write waits for it once (a few milliseconds from the cache).
 */
export function loadRegistry(): Promise<Registry> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= import('@adhd/shared/sync/registry').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The registry when `loadRegistry()` has resolved (inside a transaction, which cannot wait for a fetch). */
export function loadedRegistry(): Registry {
  if (!loaded) throw new Error('The mutation registry is not loaded yet: await loadRegistry() before the transaction');
  return loaded;
}
