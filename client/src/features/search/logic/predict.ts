import type { WorkerReply } from './protocol';
import type { SearchIndex } from './search-index';
import { foldedWords } from './text';

/** At most this many next keystrokes are answered ahead for one query (the most frequent next letters first). */
const MAX_AHEAD = 40;
const LAST_IS_LETTER = /[\p{L}\p{N}]$/u;

/**
 * The queries the next keystroke after `typed` (the field's text) most likely makes: one more letter on the last
 * word (the letters that follow it in the index's words), or, after a space or on a blank field, a new word's first
 * letter. Written with the folded words, as the index reads them (logic/answer-key.ts).
 */
export function nextQueries(index: SearchIndex, typed: string, max = MAX_AHEAD): string[] {
  const words = foldedWords(typed.trim());
  const joined = words.join(' ');
  if (words.length > 0 && LAST_IS_LETTER.test(typed)) {
    const last = words.at(-1)!;
    return index.nextLetters(last).slice(0, max).map((letter) => joined + letter);
  }
  const before = joined ? `${joined} ` : '';
  return index.nextLetters('').slice(0, max).map((letter) => before + letter);
}

/**
 * Answers the likely next keystrokes' queries ahead, one search per task of `schedule` (so a request that comes
 * meanwhile is taken between two of them), each posted as a `predicted` reply with the index version it was
 * computed at. A new `start` (or `stop`) drops what was left of the previous one.
 */
export class Predictor {
  private queue: string[] = [];
  private perType = 8;
  private typed = '';
  private generation = 0;

  constructor(
    private readonly index: SearchIndex,
    private readonly post: (reply: WorkerReply) => void,
    private readonly schedule: (run: () => void) => void,
  ) {}

  start(typed: string, perType: number): void {
    this.stop();
    this.queue = nextQueries(this.index, typed);
    this.perType = perType;
    this.typed = typed;
    this.next(this.generation);
  }

  stop(): void {
    this.generation++;
    this.queue = [];
  }

  private next(generation: number): void {
    if (this.queue.length === 0) return;
    this.schedule(() => {
      if (generation !== this.generation) return;
      const query = this.queue.shift();
      // Not settled (logic/search-index.ts): an answer now could differ from the same search later.
      if (query === undefined || !this.index.settled) return;
      const answer = this.index.search(query, this.perType);
      this.post({ kind: 'predicted', version: this.index.version, typed: this.typed, query, perType: this.perType, answer });
      this.next(generation);
    });
  }
}
