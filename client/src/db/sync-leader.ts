/** The part of the Web Locks API the engine uses (navigator.locks). */
export interface LockManagerLike {
  request(name: string, options: { steal?: boolean; signal?: AbortSignal }, callback: () => Promise<void>): Promise<void>;
}

/**
 * One tab syncs at a time (design/sync.md §7): it holds the Web Lock `sync-<userId>` while it runs push, pull
 * and the stream. Other tabs queue for the lock; a tab that becomes visible takes it over with `steal: true`,
 * so a frozen background tab never stalls replication. The tab the lock was stolen from queues again.
 * Without `navigator.locks` (old browsers, Node tests) every engine simply leads.
 */
export class SyncLeader {
  private generation = 0;
  private queued: AbortController | null = null;
  private release: (() => void) | null = null;
  private leading = false;
  private stopped = true;

  constructor(
    private readonly name: string,
    private readonly locks: LockManagerLike | null,
    private readonly onChange: (leading: boolean) => void,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(steal = false): void {
    this.stopped = false;
    this.request(steal);
  }

  /** Take the lock from whichever tab holds it (this tab became visible). */
  takeOver(): void {
    if (this.stopped || this.leading) return;
    this.request(true);
  }

  stop(): void {
    this.stopped = true;
    this.generation++;
    this.queued?.abort();
    this.queued = null;
    this.resign();
  }

  private lead(release: (() => void) | null) {
    this.release = release;
    if (this.leading) return;
    this.leading = true;
    this.onChange(true);
  }

  private resign() {
    this.release?.();
    this.release = null;
    if (!this.leading) return;
    this.leading = false;
    this.onChange(false);
  }

  private request(steal: boolean) {
    if (!this.locks) {
      this.lead(null);
      return;
    }
    const generation = ++this.generation;
    // A queued request is replaced; `steal` cannot be combined with `signal`.
    this.queued?.abort();
    const controller = steal ? null : new AbortController();
    this.queued = controller;
    this.locks
      .request(this.name, steal ? { steal: true } : { signal: controller!.signal }, () => {
        if (generation !== this.generation || this.stopped) return Promise.resolve();
        this.queued = null;
        return new Promise<void>((release) => this.lead(release));
      })
      .catch(() => {
        // Aborted while queued (replaced by a newer request), or stolen by another tab while held.
        if (generation !== this.generation || this.stopped) return;
        this.resign();
        this.request(false);
      });
  }
}
