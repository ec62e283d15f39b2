import type { FeedbackItem, FeedbackStatus, FeedbackType } from '@adhd/shared/feedback/schema';
import { ApiError, getToken, request } from '../../../lib/api';

export interface FeedbackFilter {
  type?: FeedbackType;
  status?: FeedbackStatus;
  page: number;
}

/** `GET /api/admin/feedback` (CONTRACT.md "admin"): newest first, 20 a page. */
export const listFeedback = (filter: FeedbackFilter) =>
  request<{ data: FeedbackItem[]; total: number }>('/api/admin/feedback', { query: { type: filter.type, status: filter.status, page: filter.page } });

export const setFeedbackStatus = (id: string, status: FeedbackStatus) =>
  request<FeedbackItem>(`/api/admin/feedback/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } });

/** One screenshot as a Blob, fetched with the admin's bearer token (an <img src> could not send it). */
export async function fetchScreenshot(id: string, n: number, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api/admin/feedback/${encodeURIComponent(id)}/screenshots/${n}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your connection');
  }
  if (!res.ok) throw new ApiError(res.status, `HTTP_${res.status}`, 'Screenshot not available');
  return res.blob();
}
