import { readFile } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { FEEDBACK_IMAGE_TYPES, feedbackListQuerySchema, feedbackSchema, feedbackStatusSchema } from '@adhd/shared/feedback/schema';
import type { AppConfig } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { parse, parseIdParam } from '../../lib/validate.js';
import { getFeedbackRow, insertFeedback, listFeedback, screenshotsOf, setFeedbackStatus } from './repository.js';
import { detectImages, MULTIPART_LIMITS, readFeedbackForm, screenshotPath, stageScreenshots } from './uploads.js';

const NOT_FOUND = 'Feedback not found';
const WINDOW_MS = 10 * 60_000;

/**
 * Feedback (CONTRACT.md "feedback" and "admin"; docs/feedback.md): `POST /api/feedback` from visitors and users,
 * multipart with up to 3 screenshots of 5 MB in total, each one's type read from its bytes; the admin's list,
 * status and screenshots. Nothing is stored unless the whole request is valid.
 */
export const feedbackRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, opts) => {
  const { dataDir } = opts.config;

  // Multipart only in this scope: no other route parses it.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });

    scope.post('/api/feedback', async (request, reply) => {
      await app.features.assert('feedback');
      // Optional sign-in: a signed-in sender's feedback is linked to the account.
      const user = await app.identify(request);
      const ip = request.ip;
      const rules = [{ kinds: ['feedback_sent' as const], key: { ip }, windowMs: WINDOW_MS, max: opts.config.rateLimits.feedbackPerIp10m }];
      // Over the limit already: refused before the upload is read. Only accepted feedback counts (reserved below).
      await app.limits.check(rules);
      const form = await readFeedbackForm(request);
      const fields = parse(feedbackSchema, form.fields);
      const images = await detectImages(form.files);
      await app.limits.reserve(rules, 'feedback_sent', { ip });

      const id = newId();
      const staged = await stageScreenshots(dataDir, images);
      try {
        await app.db.transaction().execute(async (trx) => {
          await insertFeedback(trx, { id, userId: user?.id ?? null, fields, screenshots: staged.screenshots });
          await staged.commit();
        });
      } catch (err) {
        await staged.discard();
        throw err;
      }
      request.log.info({ event: 'feedback_received', feedbackId: id, screenshots: images.length }, 'feedback received');
      return reply.status(201).send({ _id: id });
    });
  });

  const admin = { preHandler: app.requireAdmin };

  app.get('/api/admin/feedback', admin, async (request) => listFeedback(app.db, parse(feedbackListQuerySchema, request.query, 'query')));

  app.patch('/api/admin/feedback/:id', admin, async (request) => {
    const id = parseIdParam(request.params, NOT_FOUND);
    const { status } = parse(feedbackStatusSchema, request.body);
    const item = await setFeedbackStatus(app.db, id, status);
    if (!item) throw notFound(NOT_FOUND);
    return item;
  });

  app.get<{ Params: { id: string; n: string } }>('/api/admin/feedback/:id/screenshots/:n', admin, async (request, reply) => {
    const id = parseIdParam({ id: request.params.id }, NOT_FOUND);
    const row = await getFeedbackRow(app.db, id);
    const n = /^\d{1,2}$/.test(request.params.n) ? Number(request.params.n) : -1;
    const shot = row ? screenshotsOf(row)[n] : undefined;
    const file = shot ? screenshotPath(dataDir, shot.file) : null;
    if (!shot || !file) throw notFound('Screenshot not found');
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) throw notFound('Screenshot not found');
    return reply
      .type(shot.type)
      .header('content-disposition', `inline; filename="feedback-${id}-${n}.${FEEDBACK_IMAGE_TYPES[shot.type]}"`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
};
