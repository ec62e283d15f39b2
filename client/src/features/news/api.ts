import type { AdminNewsItem, NewsItem, NewsLanguage, NewsStatus } from '@adhd/shared/news/schema';
import { request } from '../../lib/api';

/**
 * News over HTTP (CONTRACT.md "news", docs/news.md). News is fetched, not replicated: the public lists are kept
 * in memory and in sessionStorage, so going back to a list, or reading it again offline in the same tab, shows
 * the last copy at once.
 */

export const NEWS_LANGUAGES: readonly NewsLanguage[] = ['en', 'ru'];
export const isNewsLanguage = (v: unknown): v is NewsLanguage => v === 'en' || v === 'ru';

const STORE_KEY = (lang: NewsLanguage) => `news_list_${lang}`;
const lists = new Map<NewsLanguage, NewsItem[]>();

/** The last list of `lang` this tab saw, if any. */
export function cachedList(lang: NewsLanguage): NewsItem[] | undefined {
  const inMemory = lists.get(lang);
  if (inMemory) return inMemory;
  try {
    const stored = sessionStorage.getItem(STORE_KEY(lang));
    if (!stored) return undefined;
    const parsed = JSON.parse(stored) as NewsItem[];
    if (!Array.isArray(parsed)) return undefined;
    lists.set(lang, parsed);
    return parsed;
  } catch {
    return undefined;
  }
}

/** An item of a list this tab saw (opening an item from its list paints at once). */
export function cachedItem(lang: NewsLanguage, displayPath: string): NewsItem | undefined {
  return cachedList(lang)?.find((n) => n.displayPath === displayPath);
}

/** Forget the kept lists (an admin's change; tests). */
export function clearNewsCache(): void {
  lists.clear();
  for (const lang of NEWS_LANGUAGES) {
    try {
      sessionStorage.removeItem(STORE_KEY(lang));
    } catch {
      /* storage blocked: memory is cleared */
    }
  }
}

export async function fetchNewsList(lang: NewsLanguage): Promise<NewsItem[]> {
  const data = await request<NewsItem[]>('/api/news', { query: { lang }, auth: false });
  lists.set(lang, data);
  try {
    sessionStorage.setItem(STORE_KEY(lang), JSON.stringify(data));
  } catch {
    /* storage full or blocked: the copy in memory still serves this tab */
  }
  return data;
}

export const fetchNewsItem = (lang: NewsLanguage, displayPath: string) =>
  request<NewsItem>(`/api/news/${lang}/${encodeURIComponent(displayPath)}`, { auth: false });

/** What the admin editor sends: `displayPath` '' asks the server to make one from the title. */
export interface NewsDraft {
  title: string;
  content: string;
  language: NewsLanguage;
  displayPath: string;
  customLayout: boolean;
  status?: NewsStatus;
}

export const adminNewsList = async (lang: NewsLanguage) =>
  await request<AdminNewsItem[]>('/api/admin/news', { query: { lang } });

export async function createNews(draft: NewsDraft): Promise<AdminNewsItem> {
  const item = await request<AdminNewsItem>('/api/admin/news', { method: 'POST', body: draft });
  clearNewsCache();
  return item;
}

export async function updateNews(id: string, patch: Partial<NewsDraft>): Promise<AdminNewsItem> {
  const item = await request<AdminNewsItem>(`/api/admin/news/${encodeURIComponent(id)}`, { method: 'PUT', body: patch });
  clearNewsCache();
  return item;
}

export async function deleteNews(id: string): Promise<void> {
  await request(`/api/admin/news/${encodeURIComponent(id)}`, { method: 'DELETE' });
  clearNewsCache();
}
