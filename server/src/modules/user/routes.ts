import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { preferencesSchema } from '@adhd/shared/users/schema';
import { unauthorized } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { preferencesOf, storedPreferences, stripUndefined } from './public-user.js';
import { usersRepository } from './repository.js';

/** `/api/user/*`: activity ping and preferences (SPEC section 7). */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const users = usersRepository(app.db);

  async function currentUser(request: FastifyRequest) {
    const row = request.auth ? await users.findById(request.auth.id) : undefined;
    if (!row) throw unauthorized();
    return row;
  }

  app.post('/api/user/activity', { preHandler: app.authenticate }, async (request) => {
    await users.touchActivity((await currentUser(request)).id);
    return { success: true };
  });

  app.get('/api/user/preferences', { preHandler: app.authenticate }, async (request) => {
    return { preferences: preferencesOf(await currentUser(request)) };
  });

  app.patch('/api/user/preferences', { preHandler: app.authenticate }, async (request) => {
    const input = parse(preferencesSchema, request.body ?? {});
    const row = await currentUser(request);
    const stored = storedPreferences(row);
    const json = {
      ...stored,
      ...stripUndefined({ locale: input.locale, theme: input.theme, fontSize: input.fontSize }),
      ...(input.notifications
        ? { notifications: { ...stored.notifications, ...stripUndefined(input.notifications) } }
        : {}),
    };
    // Timezone, week start, clock mode and brainrot live in their own columns only, so the two never disagree.
    await users.update(row.id, {
      preferences: JSON.stringify(json),
      ...stripUndefined({
        timezone: input.timezone,
        week_start_day: input.weekStartDay,
        clock_mode: input.clockMode,
        brainrot_enabled: input.brainrotEnabled === undefined ? undefined : input.brainrotEnabled ? 1 : 0,
      }),
    });
    const updated = await currentUser(request);
    request.log.info({ event: 'preferences_updated', userId: row.id }, 'preferences updated');
    return { preferences: preferencesOf(updated) };
  });
};
