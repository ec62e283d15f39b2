import type { FastifyPluginAsync } from 'fastify';
import { DONATE_URL_MESSAGE, donateLinksSchema, isDonateUrl, type DonateLink } from '@adhd/shared/site/donate-links';
import type { FieldError } from '@adhd/shared/validation/issues';
import { badRequest, HttpError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { siteSettingsRepository } from './repository.js';

const KEY = 'donate_links';

/** The body of a PUT: a 400 names each bad field; a bad URL's message is the site's own ('site.urlInvalid'). */
function parseLinks(body: unknown): DonateLink[] {
  try {
    return parse(donateLinksSchema, body).links;
  } catch (err) {
    if (!(err instanceof HttpError) || !Array.isArray(err.details)) throw err;
    const details = (err.details as FieldError[]).map((d) => (d.key === 'site.urlInvalid' ? { ...d, message: DONATE_URL_MESSAGE } : d));
    throw badRequest(details, details.find((d) => d.field && d.message)?.message ?? err.message);
  }
}

/**
 * The operator's donation links (issue 18): `GET /api/site/donate-links` for everyone (the /donate page),
 * `PUT /api/admin/site/donate-links` for admins, the whole list at once. Stored in `site_settings`.
 */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  const settings = siteSettingsRepository(app.db);
  const read = async (): Promise<DonateLink[]> => {
    const stored = await settings.get<unknown>(KEY);
    if (!Array.isArray(stored)) return [];
    // Only well-formed rows leave the store, whatever was written into it by hand.
    return stored
      .filter((l): l is DonateLink => !!l && typeof l === 'object' && typeof l.label === 'string' && typeof l.url === 'string' && isDonateUrl(l.url))
      .map(({ label, url }) => ({ label, url }));
  };

  app.get('/api/site/donate-links', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { links: await read() };
  });

  app.put('/api/admin/site/donate-links', { preHandler: app.requireAdmin }, async (request) => {
    const links = parseLinks(request.body);
    await settings.set(KEY, links);
    request.log.info({ event: 'donate_links_changed', userId: request.auth?.id, count: links.length }, 'donation links changed');
    return { links };
  });
};
