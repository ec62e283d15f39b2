/**
 * What the server writes into the served HTML's head for one page (issue 18): `<title>`, the description and
 * the Open Graph tags, so link previews in messengers show the page (a news item's title).
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Open Graph type: `website` (default) or `article` (a news item). */
  type?: 'website' | 'article';
  /** The page's language, for `og:locale` and `<html lang>`. */
  locale?: 'en' | 'ru';
}

/** Looks up the head of a dynamic page (a news item); null when the path is not one it knows. */
export type PageMetaResolver = (path: string, locale: 'en' | 'ru') => Promise<PageMeta | null>;
