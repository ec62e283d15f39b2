import type { LockManagerLike } from '../../src/db/sync-leader';

interface Waiter {
  grant: () => void;
}

/**
 * An in-memory Web Locks manager for the tabs of one test (exclusive mode only): requests queue in order, a
 * `signal` withdraws a queued request, `steal` takes a held lock and rejects its holder with AbortError.
 */
export class FakeLocks implements LockManagerLike {
  private readonly held = new Map<string, { reject: (err: unknown) => void }>();
  private readonly queues = new Map<string, Waiter[]>();

  request(name: string, options: { steal?: boolean; signal?: AbortSignal }, callback: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      const grant = () => {
        const entry = { reject };
        this.held.set(name, entry);
        callback()
          .then(() => resolve(), reject)
          .finally(() => {
            if (this.held.get(name) !== entry) return;
            this.held.delete(name);
            queue.shift()?.grant();
          });
      };
      if (options.steal) {
        const holder = this.held.get(name);
        this.held.delete(name);
        holder?.reject(new DOMException('The lock was stolen', 'AbortError'));
        grant();
        return;
      }
      if (options.signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
      if (!this.held.has(name) && queue.length === 0) return grant();
      const waiter = { grant };
      queue.push(waiter);
      options.signal?.addEventListener('abort', () => {
        const i = queue.indexOf(waiter);
        if (i === -1) return;
        queue.splice(i, 1);
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
  }

  holder(name: string): boolean {
    return this.held.has(name);
  }
}
