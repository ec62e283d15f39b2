import type { FastifyRequest } from 'fastify';
import type { PageMeta, PageMetaResolver } from '@adhd/shared/site/page-meta';
import { SITE_NAME, staticPageMeta, type SiteLocale } from '@adhd/shared/site/page-heads';

/**
 * The head the server writes into each public page's HTML (issue 18, docs/public-site.md): `<html lang>`,
 * `<title>`, the description and the Open Graph tags, in the visitor's language, so a link preview in a
 * messenger shows the page. Static pages come from the shared table (`shared/src/site/page-heads.ts`), dynamic
 * ones (a news item) from the resolvers given to the static-client plugin.
 */

const OG_LOCALES: Record<SiteLocale, string> = { en: 'en_US', ru: 'ru_RU' };

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The visitor's language: the `locale` cookie (the app's choice), else Accept-Language, else English. */
export function requestLocale(request: FastifyRequest): SiteLocale {
  const cookie = /(?:^|;\s*)locale=(en|ru)(?:;|$)/.exec(String(request.headers.cookie ?? '').slice(0, 4000));
  if (cookie) return cookie[1] as SiteLocale;
  const header = String(request.headers['accept-language'] ?? '').slice(0, 500);
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]{1,5})\s*$/.exec(p)).find(Boolean);
      return { lang: tag.split('-')[0], q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => (entry.lang === 'en' || entry.lang === 'ru') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.lang as SiteLocale | undefined) ?? 'en';
}

/** The head of `path`: the static table first, then each resolver in turn (a failing one is skipped). */
export async function resolvePageMeta(
  path: string,
  locale: SiteLocale,
  resolvers: readonly PageMetaResolver[],
  onError: (err: unknown) => void,
): Promise<PageMeta | null> {
  const fixed = staticPageMeta(path, locale);
  if (fixed) return fixed;
  for (const resolve of resolvers) {
    try {
      const meta = await resolve(path, locale);
      if (meta) return meta;
    } catch (err) {
      onError(err);
    }
  }
  return null;
}

/** The tags for `meta`; `origin` is PUBLIC_URL (or the request's origin in development), `path` the page's. */
export function headTags(meta: PageMeta, locale: SiteLocale, origin: string, path: string): string {
  const lang = meta.locale ?? locale;
  const base = origin.replace(/\/+$/, '');
  const tag = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:type', meta.type ?? 'website'),
    tag('property', 'og:url', `${base}${path}`),
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:locale', OG_LOCALES[lang]),
    tag('property', 'og:image', `${base}/icons/icon-512.png`),
    tag('name', 'twitter:card', 'summary'),
  ].join('\n    ');
}

/**
 * `html` with the page's head: `<html lang>`, and the template's `<title>` and description replaced by the
 * page's tags. A template without a `<title>` gets them at the end of `<head>`.
 */
export function injectHead(html: string, meta: PageMeta, locale: SiteLocale, origin: string, path: string): string {
  const lang = meta.locale ?? locale;
  const tags = headTags(meta, locale, origin, path);
  let out = html.replace(/<html lang="[a-zA-Z-]{0,20}"/, `<html lang="${lang}"`);
  out = out.replace(/\s*<meta name="description" content="[^"]{0,1000}" \/>/, '');
  if (/<title>[^<]{0,1000}<\/title>/.test(out)) return out.replace(/<title>[^<]{0,1000}<\/title>/, () => tags);
  return out.replace('</head>', () => `    ${tags}\n  </head>`);
}
