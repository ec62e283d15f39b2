import { z } from 'zod/mini';
import { boundedString } from '../validation/fields.js';

/** What `GET /api/search` may be narrowed to (`type`, default `all`). */
export const SEARCH_TYPES = ['all', 'task', 'note', 'event', 'habit', 'inbox'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** The entity types a search result may have. */
export type SearchResultType = Exclude<SearchType, 'all'>;

/** The longest query the server answers (a longer one is a 400 naming `q`). */
export const SEARCH_QUERY_MAX = 200;

/** The query string of `GET /api/search?q&type`. */
export const searchQuerySchema = z.object({
  q: z._default(boundedString(SEARCH_QUERY_MAX), ''),
  type: z._default(z.enum(SEARCH_TYPES, 'validation.invalid'), 'all'),
});

/** One hit: the entity as its own GET route answers it (`data.tags` are tag ids). */
export interface SearchResult<D = Record<string, unknown>> {
  type: SearchResultType;
  id: string;
  data: D;
}

/** The answer of `GET /api/search`: the best `results` (at most 50) and how many matched in all (capped). */
export interface SearchResponse {
  results: SearchResult[];
  total: number;
}
