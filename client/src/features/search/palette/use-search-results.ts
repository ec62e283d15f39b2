import { i18n } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AppDatabase } from '../../../db/database';
import { syncState } from '../../../db/sync-state';
import { messageForError } from '../../../lib/messages';
import { docOf } from '../data/documents';
import { localDatabaseComplete } from '../data/local-complete';
import { localSearchFor } from '../data/local-search';
import { serverSearch } from '../data/server-search';
import { exactTypes, narrow, readAhead, type NarrowItem, type ShownList } from '../logic/narrow';
import { foldTerm, tokenize } from '../logic/text';
import { SEARCH_TYPES, type SearchAnswer, type SearchType } from '../logic/types';

/** One row of the palette: the entity, its title and text, and the (folded) words to show in bold. */
export type PaletteItem = NarrowItem;

export type PaletteResults =
  | { kind: 'blank' }
  | { kind: 'results'; query: string; items: PaletteItem[]; from: 'local' | 'server' }
  | { kind: 'failed'; query: string; message: string };

/** Wait after the last keystroke before asking the server (the local index answers every keystroke). */
export const SERVER_DEBOUNCE_MS = 150;
const PER_TYPE = 8;

/** The words of `text` (folded) starting with a word of `query`: the bold words of a server result. */
function matchedWords(text: string, query: string): Set<string> {
  const asked = tokenize(query).map(foldTerm).filter(Boolean);
  const out = new Set<string>();
  for (const w of tokenize(text)) {
    const f = foldTerm(w);
    if (asked.some((q) => f.startsWith(q))) out.add(f);
  }
  return out;
}

/** How the worker's answer compared with a narrowed list on screen (a diagnostic for the bench: `search:narrow`). */
type NarrowOutcome = 'same' | 'terms' | 'order' | 'rows';

function compareLists(shown: readonly PaletteItem[], answer: readonly PaletteItem[]): NarrowOutcome {
  const key = (item: PaletteItem) => `${item.type}:${item.id}`;
  if (shown.length !== answer.length) return 'rows';
  const keys = new Set(shown.map(key));
  if (!answer.every((item) => keys.has(key(item)))) return 'rows';
  if (!answer.every((item, i) => key(item) === key(shown[i]!))) return 'order';
  return answer.every((item, i) => sameRow(item, shown[i]!)) ? 'same' : 'terms';
}

function sameRow(a: PaletteItem, b: PaletteItem): boolean {
  if (a.title !== b.title || a.body !== b.body || a.terms.size !== b.terms.size) return false;
  for (const term of a.terms) if (!b.terms.has(term)) return false;
  return true;
}

/**
 * The palette's results for `query`: from the local index (every keystroke, answered by the worker), or,
 * while the local database is not complete yet (data/local-complete.ts), from `GET /api/search` debounced. A
 * blank query answers nothing and asks nobody. An answer for an older query is dropped. `prefetch(query)`, called
 * by the field's change handler, asks the local index at once (the worker works while React renders the
 * keystroke) and, when the query types forward from the local list on screen, narrows that list at once
 * (logic/narrow.ts): rendered with the keystroke, in its own task. The worker's answer then replaces it only when
 * it differs (rows, order or bold words).
 */
export function useSearchResults(db: AppDatabase, query: string): { results: PaletteResults; prefetch(query: string): void } {
  const [results, setResults] = useState<PaletteResults>({ kind: 'blank' });
  const [complete, setComplete] = useState<boolean | null>(null);
  const [indexReady, setIndexReady] = useState(false);
  const latest = useRef(0);
  /** A query asked at the keystroke itself (`prefetch`), before React renders it: the effect then takes its answer. */
  const early = useRef<{ query: string; answer: Promise<SearchAnswer> } | null>(null);
  /** The local list on screen (null: none, or the server's), and whether it was narrowed rather than answered. */
  const shown = useRef<(ShownList<PaletteItem> & { narrowed: boolean }) | null>(null);
  const completeNow = useRef(complete);
  completeNow.current = complete;
  const prefetch = useCallback(
    (next: string) => {
      const q = next.trim();
      if (!q || completeNow.current !== true) return;
      const search = localSearchFor(db);
      early.current = { query: q, answer: search.search(q, PER_TYPE) };
      const base = shown.current;
      const narrowed = base && base.query !== q ? narrow(base, q, (type, id) => search.doc(type, id)) : null;
      if (!narrowed) return;
      shown.current = { query: q, items: narrowed.items, exact: narrowed.exact, narrowed: true };
      // Rendered with the field's own update, in the keystroke's task (a discrete event: React renders it synchronously).
      setResults({ kind: 'results', query: q, items: narrowed.items, from: 'local' });
    },
    [db],
  );

  useEffect(() => {
    let alive = true;
    const check = () => void localDatabaseComplete(db).then((c) => alive && setComplete(c));
    check();
    const off = syncState.subscribe(() => {
      if (syncState.get().lastSyncedAt !== null) check();
    });
    return () => {
      alive = false;
      off();
    };
  }, [db]);

  useEffect(() => {
    if (!complete) return;
    let alive = true;
    // The first Ctrl+K builds the index; a query typed meanwhile is asked again once everything is in.
    void localSearchFor(db).ready.then(() => alive && setIndexReady(true));
    return () => {
      alive = false;
    };
  }, [db, complete]);

  useEffect(() => {
    const ticket = ++latest.current;
    const q = query.trim();
    if (!q) {
      shown.current = null;
      setResults({ kind: 'blank' });
      return;
    }
    if (complete === null) return;
    if (complete) {
      const search = localSearchFor(db);
      const asked = early.current?.query === q ? early.current.answer : search.search(q, PER_TYPE);
      early.current = null;
      void asked.then((answer) => {
        if (ticket !== latest.current) return;
        const items: PaletteItem[] = [];
        for (const hit of answer.hits) {
          const doc = search.doc(hit.type, hit.id);
          if (doc) items.push({ type: hit.type, id: hit.id, title: doc.title, body: doc.body, terms: new Set(hit.terms) });
        }
        const before = shown.current;
        shown.current = { query: q, items, exact: exactTypes(q, answer.counts, PER_TYPE), narrowed: false };
        // The next keystroke narrows these rows: their words are read while the user is between two keys.
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => readAhead(items), { timeout: 500 });
        if (before?.query === q) {
          // The same query on screen (narrowed at the keystroke, or an answer asked again): no render if equal.
          const outcome = compareLists(before.items, items);
          if (before.narrowed) {
            // `provisional`: the narrowed list was not known complete in every type (logic/narrow.ts).
            performance.mark?.('search:narrow', { detail: { outcome, provisional: before.exact.size < SEARCH_TYPES.length, query: q, shown: before.items.length, answered: items.length } });
          }
          if (outcome === 'same') return;
        }
        // Rendered in the task of the worker's answer: as a normal update React would render it in a task of
        // its own, which a frame often comes before (a keystroke's results then show a frame later).
        flushSync(() => setResults({ kind: 'results', query: q, items, from: 'local' }));
      });
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      serverSearch(q, abort.signal).then(
        ({ results: found }) => {
          if (ticket !== latest.current) return;
          shown.current = null;
          const perType = new Map<SearchType, number>();
          const items: PaletteItem[] = [];
          for (const r of found) {
            const n = (perType.get(r.type) ?? 0) + 1;
            perType.set(r.type, n);
            if (n > PER_TYPE) continue;
            const doc = docOf(r.type, r.id, r.data);
            items.push({ type: r.type, id: r.id, title: doc.title, body: doc.body, terms: matchedWords(`${doc.title} ${doc.body}`, q) });
          }
          setResults({ kind: 'results', query: q, items, from: 'server' });
        },
        (error: unknown) => {
          if (ticket !== latest.current || abort.signal.aborted) return;
          shown.current = null;
          // The generic message of SPEC section 8 (translated), never the server's own English text.
          setResults({ kind: 'failed', query: q, message: i18n._(messageForError(error)) });
        },
      );
    }, SERVER_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [db, query, complete, indexReady]);

  return { results, prefetch };
}
