import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { slugify, uniquePath } from '@adhd/shared/news/display-path';
import {
  newsCreateSchema,
  newsIdParamsSchema as idParams,
  newsItemParamsSchema as itemParams,
  newsListQuerySchema as langQuery,
  newsPatchSchema,
  type NewsLanguage,
} from '@adhd/shared/news/schema';
import { messageFor } from '@adhd/shared/validation/messages';
import { HttpError, notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import { parse } from '../../lib/validate.js';
import { isUniqueViolation } from '../user/repository.js';
import { newsRepository, toAdminNews, toPublicNews, type NewsValues } from './repository.js';

export const NEWS_NOT_FOUND = 'News item not found';


/** 409 at the `displayPath` field: another item of the language has it. */
const pathTaken = () =>
  new HttpError(409, 'DISPLAY_PATH_TAKEN', messageFor('news.displayPathTaken'), [
    { field: 'displayPath', key: 'news.displayPathTaken', message: messageFor('news.displayPathTaken') },
  ]);

/** True when the body asks for a fresh path from the title (`displayPath: ''` or null). */
const asksForNewPath = (body: unknown) =>
  typeof body === 'object' && body !== null && 'displayPath' in body && (body.displayPath === '' || body.displayPath === null);

/**
 * News (CONTRACT.md "news", docs/news.md): public `GET /api/news?lang`, `GET /api/news/{lang}/{displayPath}`
 * (published items only; 403 FEATURE_DISABLED when the news toggle is off) and the admin routes, which see
 * drafts and work whatever the toggle says (an admin prepares news before turning it on).
 */
export const newsRoutes: FastifyPluginAsync = async (app) => {
  const repo = newsRepository(app.db);

  /** The path `values` may use: the given one (409 when another item of the language has it) or a free one from the title. */
  async function choosePath(values: Omit<NewsValues, 'displayPath'>, wanted: string | undefined, selfId?: string): Promise<string> {
    if (wanted !== undefined) {
      const other = await repo.byPath(values.language, wanted);
      if (other && other.id !== selfId) throw pathTaken();
      return wanted;
    }
    const base = slugify(values.title);
    const taken = await repo.pathsLike(values.language, base);
    if (selfId) {
      const self = await repo.byId(selfId);
      if (self && self.language === values.language) taken.delete(self.display_path);
    }
    return uniquePath(base, taken);
  }

  /** A write that may still meet a concurrent one on the unique (language, display_path): 409, not 500. */
  async function guarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw pathTaken();
      throw err;
    }
  }

  const publicRoute = { preHandler: app.features.require('news') };

  app.get('/api/news', publicRoute, async (request, reply) => {
    const { lang = 'en' } = parse(langQuery, request.query, 'query');
    reply.header('cache-control', 'no-cache');
    return (await repo.published(lang)).map(toPublicNews);
  });

  app.get('/api/news/:lang/:displayPath', publicRoute, async (request, reply) => {
    const params = z.safeParse(itemParams, request.params);
    if (!params.success) throw notFound(NEWS_NOT_FOUND);
    const row = await repo.byPath(params.data.lang, params.data.displayPath);
    if (!row || row.status !== 'published') throw notFound(NEWS_NOT_FOUND);
    reply.header('cache-control', 'no-cache');
    return toPublicNews(row);
  });

  const admin = { preHandler: app.requireAdmin };
  const idOf = (request: FastifyRequest) => {
    const parsed = z.safeParse(idParams, request.params);
    if (!parsed.success) throw notFound(NEWS_NOT_FOUND);
    return parsed.data.id;
  };

  app.get('/api/admin/news', admin, async (request) => {
    const { lang } = parse(langQuery, request.query, 'query');
    return (await repo.all(lang)).map(toAdminNews);
  });

  app.get('/api/admin/news/:id', admin, async (request) => {
    const row = await repo.byId(idOf(request));
    if (!row) throw notFound(NEWS_NOT_FOUND);
    return toAdminNews(row);
  });

  app.post('/api/admin/news', admin, async (request, reply) => {
    const input = parse(newsCreateSchema, request.body);
    const id = input._id ?? newId();
    if (await repo.byId(id)) throw new HttpError(409, 'NEWS_EXISTS', 'A news item with this id already exists');
    const at = nowIso();
    const base = {
      title: input.title,
      content: input.content,
      language: input.language,
      status: input.status,
      publishedAt: input.publishedAt ?? (input.status === 'published' ? at : null),
      customLayout: input.customLayout,
    };
    const values: NewsValues = { ...base, displayPath: await choosePath(base, input.displayPath) };
    const row = await guarded(() => repo.insert(id, values, request.auth?.id ?? null, at));
    request.log.info({ event: 'news_created', newsId: id, status: values.status }, 'news item created');
    reply.code(201);
    return toAdminNews(row);
  });

  app.put('/api/admin/news/:id', admin, async (request) => {
    const id = idOf(request);
    const patch = parse(newsPatchSchema, request.body);
    const old = await repo.byId(id);
    if (!old) throw notFound(NEWS_NOT_FOUND);
    const at = nowIso();
    const status = patch.status ?? old.status;
    const publishedAt = patch.publishedAt !== undefined ? patch.publishedAt : old.published_at;
    const base = {
      title: patch.title ?? old.title,
      content: patch.content ?? old.content,
      language: (patch.language ?? old.language) as NewsLanguage,
      status,
      // Publishing stamps the date once; unpublishing keeps it, so publishing again keeps the first date.
      publishedAt: publishedAt ?? (status === 'published' ? at : null),
      customLayout: patch.customLayout ?? old.custom_layout === 1,
    };
    const wanted = patch.displayPath ?? (asksForNewPath(request.body) ? undefined : old.display_path);
    const values: NewsValues = { ...base, displayPath: await choosePath(base, wanted, id) };
    await guarded(() => repo.update(id, values, at));
    if (status !== old.status) request.log.info({ event: status === 'published' ? 'news_published' : 'news_unpublished', newsId: id }, 'news status changed');
    return toAdminNews((await repo.byId(id))!);
  });

  app.delete('/api/admin/news/:id', admin, async (request) => {
    const id = idOf(request);
    if (!(await repo.remove(id))) throw notFound(NEWS_NOT_FOUND);
    request.log.info({ event: 'news_deleted', newsId: id }, 'news item deleted');
    return { success: true };
  });
};
