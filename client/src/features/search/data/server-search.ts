import { request } from '../../../lib/api';
import type { SearchType } from '../logic/types';

/** One result of `GET /api/search` (CONTRACT "Search result"): `data` as the entity's own GET answers it. */
export interface ServerResult {
  type: SearchType;
  id: string;
  data: Record<string, unknown>;
}

/** `GET /api/search?q=` over every type; errors are `ApiError`s (the palette shows their message). */
export function serverSearch(query: string, signal?: AbortSignal): Promise<{ results: ServerResult[]; total: number }> {
  return request('/api/search', { query: { q: query }, signal });
}
