/** The search's document and answer types, without MiniSearch (the palette's chunk imports these). */
export const SEARCH_TYPES = ['task', 'note', 'event', 'habit', 'inbox'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchDoc {
  /** `type:id`: ids are unique per type only. */
  key: string;
  type: SearchType;
  id: string;
  title: string;
  body: string;
}

/** The index's change: documents added or replaced, and the keys of documents gone. */
export interface IndexChange {
  upserts: readonly SearchDoc[];
  removes: readonly string[];
}

export interface SearchHit {
  type: SearchType;
  id: string;
  score: number;
  /** The document's words (folded) that matched, for the snippet's bold words. */
  terms: string[];
}

export interface SearchAnswer {
  /** The best hits of each type (at most `perType` each), best first overall. */
  hits: SearchHit[];
  /** Every matching document, by type. */
  counts: Partial<Record<SearchType, number>>;
}

export const docKey = (type: SearchType, id: string) => `${type}:${id}`;
