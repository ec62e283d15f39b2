import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DEFAULT_FEATURE_TOGGLES,
  FEATURE_DISABLED_MESSAGES,
  FEATURE_TOGGLES,
  featureTogglesPatchSchema,
  type FeatureToggle,
  type FeatureToggles,
} from '@adhd/shared/site/feature-toggles';
import { HttpError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { siteSettingsRepository } from './repository.js';

const KEY = 'feature_toggles';

export interface FeatureService {
  /** Every flag; a flag never set is on. Read from the store each time, so every instance agrees at once. */
  get(): Promise<FeatureToggles>;
  /** Store a partial change; answers the whole object. */
  set(patch: Partial<FeatureToggles>): Promise<FeatureToggles>;
  /** Throws 403 `FEATURE_DISABLED` with the feature's message when it is off. */
  assert(name: FeatureToggle): Promise<void>;
  /** A preHandler doing `assert(name)`. */
  require(name: FeatureToggle): (request: FastifyRequest) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    features: FeatureService;
  }
}

export const featureDisabled = (name: FeatureToggle) => new HttpError(403, 'FEATURE_DISABLED', FEATURE_DISABLED_MESSAGES[name]);

/** `app.features`: the feature toggles of CONTRACT.md "public config", for every module to enforce. */
export const featureTogglesPlugin = fp(
  async (app) => {
    const settings = siteSettingsRepository(app.db);
    const get = async (): Promise<FeatureToggles> => {
      const stored = (await settings.get<Partial<FeatureToggles>>(KEY)) ?? {};
      const out = { ...DEFAULT_FEATURE_TOGGLES };
      for (const name of FEATURE_TOGGLES) if (typeof stored[name] === 'boolean') out[name] = stored[name];
      return out;
    };
    const service: FeatureService = {
      get,
      async set(patch) {
        const next = { ...(await get()), ...patch };
        await settings.set(KEY, next);
        return next;
      },
      async assert(name) {
        if (!(await get())[name]) throw featureDisabled(name);
      },
      require: (name) => async () => service.assert(name),
    };
    app.decorate('features', service);
  },
  { name: 'feature-toggles', dependencies: ['db'] },
);

/** `GET /api/feature-toggles` (public) and `GET/PUT /api/admin/feature-toggles` (admins). */
export const featureToggleRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/feature-toggles', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.features.get();
  });
  app.get('/api/admin/feature-toggles', { preHandler: app.requireAdmin }, async () => app.features.get());
  app.put('/api/admin/feature-toggles', { preHandler: app.requireAdmin }, async (request) => {
    const patch = parse(featureTogglesPatchSchema, request.body ?? {});
    const clean: Partial<FeatureToggles> = {};
    for (const name of FEATURE_TOGGLES) if (typeof patch[name] === 'boolean') clean[name] = patch[name];
    const next = await app.features.set(clean);
    request.log.info({ event: 'feature_toggles_changed', userId: request.auth?.id, change: clean }, 'feature toggles changed');
    return next;
  });
};
