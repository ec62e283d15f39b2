import type { LiveIndex } from './live-index';
import type { LiveSnapshot, LiveSource, LiveTable } from './live-table';

/**
 * A view over two live tables: each row of `main` with its group of `side` rows (a habit with its marked
 * days). Rebuilt on a change of either table, but a row whose own object and group object did not change keeps
 * the object `compose` made for it, so its screen row does not render again.
 */
export class LiveJoin<A, B, R> implements LiveSource<R> {
  private snapshot: LiveSnapshot<R> | undefined = undefined;
  private readonly listeners = new Set<() => void>();
  private made = new Map<string, { main: A; group: ReadonlyMap<string, B> | null; result: R }>();
  private readonly off: (() => void)[];

  constructor(
    private readonly main: LiveTable<A>,
    private readonly side: LiveTable<B>,
    private readonly index: LiveIndex<B>,
    private readonly keyOf: (row: A) => string,
    /** `group` is null while the side table's first read has not finished. */
    private readonly compose: (row: A, group: ReadonlyMap<string, B> | null) => R,
  ) {
    this.off = [main.subscribe(() => this.update(main as LiveTable<unknown>)), side.subscribe(() => this.update(side as LiveTable<unknown>))];
    if (main.loaded) this.update(main as LiveTable<unknown>);
  }

  get = (): LiveSnapshot<R> | undefined => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves when both tables have every change seen so far. */
  async settled(): Promise<void> {
    await Promise.all([this.main.settled(), this.side.settled()]);
  }

  dispose(): void {
    for (const off of this.off) off();
    this.listeners.clear();
  }

  private update(from: LiveTable<unknown>): void {
    const rows = this.main.get();
    if (!rows) return;
    const sideLoaded = this.side.loaded;
    const next = new Map<string, { main: A; group: ReadonlyMap<string, B> | null; result: R }>();
    const items: R[] = [];
    for (const row of rows.items) {
      const key = this.keyOf(row);
      const group = sideLoaded ? this.index.group(key) : null;
      const known = this.made.get(key);
      const entry = known && known.main === row && known.group === group ? known : { main: row, group, result: this.compose(row, group) };
      next.set(key, entry);
      items.push(entry.result);
    }
    this.made = next;
    this.snapshot = { items, fromPull: from.lastFromPull };
    for (const l of [...this.listeners]) l();
  }
}
