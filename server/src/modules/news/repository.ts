import type { Kysely, Selectable } from 'kysely';
import type { AdminNewsItem, NewsItem, NewsLanguage, NewsStatus } from '@adhd/shared/news/schema';
import type { Database, NewsTable } from '../../db/schema.js';

type NewsRow = Selectable<NewsTable>;

/** The public shape of a row (CONTRACT.md "news"): never the author, never the status. */
export function toPublicNews(row: NewsRow): NewsItem {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    language: row.language,
    publishedAt: row.published_at,
    customLayout: row.custom_layout === 1,
    displayPath: row.display_path,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const toAdminNews = (row: NewsRow): AdminNewsItem => ({ ...toPublicNews(row), status: row.status });

/** At most this many items in one list answer (news is written by hand: far more than any server holds). */
export const NEWS_LIST_LIMIT = 500;

export interface NewsValues {
  title: string;
  content: string;
  language: NewsLanguage;
  status: NewsStatus;
  publishedAt: string | null;
  customLayout: boolean;
  displayPath: string;
}

/** The `news` table (migration 0013). Not user data: no sync, no per-user scope; admins write, visitors read. */
/** The stored columns of an item's values (both insert and update write them). */
function columnsOf(values: NewsValues) {
  return {
    title: values.title,
    content: values.content,
    language: values.language,
    status: values.status,
    published_at: values.publishedAt,
    custom_layout: values.customLayout ? 1 : 0,
    display_path: values.displayPath,
  };
}

export function newsRepository(db: Kysely<Database>) {
  return {
    /** Published items of a language, newest first. */
    published(language: NewsLanguage): Promise<NewsRow[]> {
      return db
        .selectFrom('news')
        .selectAll()
        .where('language', '=', language)
        .where('status', '=', 'published')
        .orderBy('published_at', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(NEWS_LIST_LIMIT)
        .execute();
    },

    /** Every item (drafts too), of one language or all, newest first (a draft by its creation). */
    all(language?: NewsLanguage): Promise<NewsRow[]> {
      let q = db.selectFrom('news').selectAll();
      if (language) q = q.where('language', '=', language);
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(NEWS_LIST_LIMIT).execute();
    },

    byPath(language: NewsLanguage, displayPath: string): Promise<NewsRow | undefined> {
      return db.selectFrom('news').selectAll().where('language', '=', language).where('display_path', '=', displayPath).executeTakeFirst();
    },

    byId(id: string): Promise<NewsRow | undefined> {
      return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The display paths of `language` starting with `prefix` (to pick a free `-2`, `-3`). */
    async pathsLike(language: NewsLanguage, prefix: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('news')
        .select('display_path')
        .where('language', '=', language)
        .where((eb) => eb.or([eb('display_path', '=', prefix), eb('display_path', 'like', `${prefix}-%`)]))
        .execute();
      return new Set(rows.map((r) => r.display_path));
    },

    async insert(id: string, values: NewsValues, authorId: string | null, at: string): Promise<NewsRow> {
      const row: NewsRow = {
        id,
        ...columnsOf(values),
        author_id: authorId,
        created_at: at,
        updated_at: at,
      };
      await db.insertInto('news').values(row).execute();
      return row;
    },

    async update(id: string, values: NewsValues, at: string): Promise<void> {
      await db
        .updateTable('news')
        .set({ ...columnsOf(values), updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: string): Promise<boolean> {
      const res = await db.deleteFrom('news').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
