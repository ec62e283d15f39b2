import type { Kysely } from 'kysely';
import type { PageMeta, PageMetaResolver } from '@adhd/shared/site/page-meta';
import type { FeatureToggles } from '@adhd/shared/site/feature-toggles';
import type { Database } from '../../db/schema.js';
import { newsRepository } from './repository.js';
import { plainText, shorten } from '@adhd/shared/news/excerpt';
import { pageTitle } from '@adhd/shared/site/page-heads';

const ITEM_PATH = /^\/news\/(en|ru)\/([a-z0-9-]{1,120})\/?$/;
export const DESCRIPTION_MAX = 160;

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
    return { title: pageTitle(row.title), description: shorten(plainText(row.content), DESCRIPTION_MAX), type: 'article', locale: row.language };
  };
}
