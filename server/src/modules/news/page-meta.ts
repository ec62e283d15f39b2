import type { Kysely } from 'kysely';
import type { PageMeta, PageMetaResolver } from '@adhd/shared/site/page-meta';
import type { FeatureToggles } from '@adhd/shared/site/feature-toggles';
import type { Database } from '../../db/schema.js';
import { newsRepository } from './repository.js';

const ITEM_PATH = /^\/news\/(en|ru)\/([a-z0-9-]{1,120})\/?$/;
export const DESCRIPTION_MAX = 160;

/** Markdown as plain text on one line: no marks, links as their text, images and code blocks dropped. */
export function plainText(markdown: string): string {
  return markdown
    .slice(0, 20_000)
    .replace(/```[^]*?(```|$)/g, ' ')
    .replace(/<[^>]{0,500}>/g, ' ')
    .replace(/!\[[^\]]{0,500}\]\([^)]{0,2000}\)/g, ' ')
    .replace(/\[([^\]]{0,500})\]\([^)]{0,2000}\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d{1,9}[.)])\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first ~160 characters of `text`, cut at a word and ended with an ellipsis when cut. */
export function describe(text: string, max = DESCRIPTION_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * Whether the news toggle is on, read as `app.features` reads it (modules/site/feature-toggles.ts: the
 * `feature_toggles` row of `site_settings`; a flag never set is on). Read here because the resolver gets only
 * the database, and server modules do not import each other's internals.
 */
async function newsEnabled(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', 'feature_toggles').executeTakeFirst();
  if (!row) return true;
  try {
    return (JSON.parse(row.value) as Partial<FeatureToggles>).news !== false;
  } catch {
    return true;
  }
}

/**
 * The head of a news item's page for the served HTML (contract.md: the integrator wires it into the static
 * client's `pageMeta`): `/news/{lang}/{displayPath}` of a published item → its title, a description from its
 * text, `article`, its language; anything else (a draft, an unknown path, news switched off) → null.
 */
export function newsPageMeta(db: Kysely<Database>): PageMetaResolver {
  const repo = newsRepository(db);
  return async (path: string): Promise<PageMeta | null> => {
    const match = ITEM_PATH.exec(path);
    if (!match) return null;
    if (!(await newsEnabled(db))) return null;
    const row = await repo.byPath(match[1] as 'en' | 'ru', match[2]!);
    if (!row || row.status !== 'published') return null;
    return { title: row.title, description: describe(plainText(row.content)), type: 'article', locale: row.language };
  };
}
