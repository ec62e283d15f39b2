/**
 * The range routes' answers (repository.ts `occurrencesAnswer`), kept per (user, range, time zone) at the user's
 * version counter (`sync_user.seq`): an answer is a function of the user's live events and tasks, the range and
 * the zone only (no clock: `upcoming` names its days in the range), and every write of any row of the user raises
 * the counter (sync/engine.ts, on every instance: the counter is read from the store on each request). So while
 * the counter has not moved, the answer bytes already built are the answer. A lookup at another counter drops
 * the entry. Bounded by the bytes held (least recently used answers dropped first) and by a number of entries.
 */

/** Bytes of answers held per database by default (about a dozen month answers of 1,000 events). */
export const ANSWER_CACHE_MAX_BYTES = 8 * 1024 * 1024;
const MAX_ENTRIES = 512;

interface Answer {
  seq: number;
  bytes: Buffer;
}

export class AnswerCache {
  /** By `userId \n from \n to \n zone`, least recently used first. */
  private readonly answers = new Map<string, Answer>();
  private bytes = 0;

  constructor(private readonly maxBytes = ANSWER_CACHE_MAX_BYTES) {}

  /** Answers and bytes held (for tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.answers.size, bytes: this.bytes };
  }

  static key(userId: string, range: { from: string; to: string }, timeZone: string): string {
    return `${userId}\n${range.from}\n${range.to}\n${timeZone}`;
  }

  /** The answer of `key` built at counter `seq`, if held; one built at another counter is dropped. */
  get(key: string, seq: number): Buffer | undefined {
    const hit = this.answers.get(key);
    if (!hit) return undefined;
    this.answers.delete(key);
    if (hit.seq !== seq) {
      this.bytes -= hit.bytes.length;
      return undefined;
    }
    this.answers.set(key, hit);
    return hit.bytes;
  }

  /** Keep `bytes` as the answer of `key` at counter `seq` (not when it alone passes the bound). */
  set(key: string, seq: number, bytes: Buffer): void {
    const old = this.answers.get(key);
    if (old) {
      this.answers.delete(key);
      this.bytes -= old.bytes.length;
    }
    if (bytes.length > this.maxBytes / 4) return;
    for (const [k, a] of this.answers) {
      if (this.bytes + bytes.length <= this.maxBytes && this.answers.size < MAX_ENTRIES) break;
      this.answers.delete(k);
      this.bytes -= a.bytes.length;
    }
    this.answers.set(key, { seq, bytes });
    this.bytes += bytes.length;
  }
}
