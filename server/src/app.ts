import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { authPlugin } from './plugins/auth.js';
import { dbPlugin } from './plugins/db.js';
import { errorsPlugin, frameworkErrors, MAX_PARAM_LENGTH } from './plugins/errors.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { mailPlugin } from './plugins/mail.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { requestContextPlugin } from './plugins/request-context.js';
import { securityPlugin } from './plugins/security.js';
import { staticClientPlugin } from './plugins/static-client.js';
import type { PageMetaResolver } from '@adhd/shared/site/page-meta';
import { syncHubPlugin } from './plugins/sync-hub.js';
import type { SyncLimits } from './modules/sync/limits.js';
import { maintenancePlugin } from './plugins/maintenance.js';
import { backupRoutes } from './modules/backup/routes.js';
import { calendarFileRoutes } from './modules/calendar-files/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { googleCalendarRoutes, type GoogleCalendarTuning } from './modules/google-calendar/routes.js';
import { folderRoutes } from './modules/folders/routes.js';
import { habitRoutes } from './modules/habits/routes.js';
import { noteRoutes } from './modules/notes/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { inboxRoutes } from './modules/inbox/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { syncRoutes } from './modules/sync/routes.js';
import { tagRoutes } from './modules/tags/routes.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { telegramRoutes, type TelegramTuning } from './modules/telegram/routes.js';
import { userRoutes } from './modules/user/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { brainrotRoutes } from './modules/brainrot/routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { newsRoutes } from './modules/news/routes.js';
import { newsPageMeta } from './modules/news/page-meta.js';
import { redirectRoutes } from './modules/redirects/routes.js';
import { featureToggleRoutes, featureTogglesPlugin } from './modules/site/feature-toggles.js';
import { siteRoutes } from './modules/site/routes.js';
import { preloadMutations } from '@adhd/shared/sync/registry';

/** Paths whose values never reach the logs (ASVS 16.2.5). */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

export const BODY_LIMIT = 1024 * 1024;

/**
 * The app factory: external plugins, then app plugins, then routes (STYLE.md, fastify/demo).
 * Tests build it on a temporary DATA_DIR; `server.ts` builds it from the environment.
 */
export interface BuildOptions {
  /** false: no logging at all (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that inspect the logs). */
  logStream?: { write(line: string): void };
  /** What one user may cost the server (write rate, page and batch sizes, streams); tests lower them. */
  syncLimits?: Partial<SyncLimits>;
  /** The Telegram bot's back-off and polling pace; tests shorten them. */
  telegram?: Partial<TelegramTuning>;
  /** The Google Calendar job's interval and the timeout of requests to Google; tests shorten them. */
  googleCalendar?: Partial<GoogleCalendarTuning>;
  /** Bytes of event range answers kept in memory (modules/events/answer-cache.ts); 0 keeps none. */
  eventAnswerCacheBytes?: number;
  /** Heads of dynamic public pages for the served HTML (plugins/page-head.ts), besides the static table. */
  pageMeta?: PageMetaResolver[];
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Mutators that load code on first use (shared/src/sync/mutator.ts, lazyModule) get it now, not inside a push.
  await preloadMutations();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Several instances may share one PostgreSQL: each log line says which process wrote it.
            base: { pid: process.pid, instance: config.instanceId },
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: { paths: REDACT, censor: '[redacted]' },
            // Only method and URL path are logged: query strings may carry tokens and bodies passwords or codes.
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: req.url.split('?')[0],
                ip: req.ip,
              }),
            },
          },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  });

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin, { googleSignIn: config.googleClientId !== null });
  await app.register(requestContextPlugin);
  await app.register(dbPlugin, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    accessTokenTtl: config.accessTokenTtl,
    sessionTtl: config.sessionTtl,
  });
  await app.register(syncHubPlugin, {
    limits: { quotaBytes: config.userQuotaMb * 1024 * 1024, ...options.syncLimits },
    databaseUrl: config.databaseUrl,
    instanceId: config.instanceId,
  });
  await app.register(maintenancePlugin);
  await app.register(rateLimitPlugin);
  await app.register(mailPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  await app.register(featureTogglesPlugin);

  await app.register(healthRoutes, { version: config.version, instanceId: config.instanceId });
  await app.register(authRoutes, { config });
  await app.register(userRoutes);
  await app.register(syncRoutes);
  await app.register(taskRoutes);
  await app.register(tagRoutes);
  await app.register(habitRoutes);
  await app.register(noteRoutes);
  await app.register(folderRoutes);
  await app.register(eventRoutes, options.eventAnswerCacheBytes === undefined ? {} : { answerCacheBytes: options.eventAnswerCacheBytes });
  await app.register(inboxRoutes);
  await app.register(searchRoutes);
  await app.register(backupRoutes);
  await app.register(calendarFileRoutes, { config });
  await app.register(telegramRoutes, { config, tuning: options.telegram });
  await app.register(googleCalendarRoutes, { config, tuning: options.googleCalendar });
  await app.register(featureToggleRoutes);
  await app.register(siteRoutes);
  await app.register(newsRoutes);
  await app.register(feedbackRoutes, { config });
  await app.register(adminRoutes);
  await app.register(redirectRoutes);
  await app.register(brainrotRoutes, { config });

  if (config.clientDist) {
    await app.register(staticClientPlugin, { root: config.clientDist, publicUrl: config.publicUrl, pageMeta: [newsPageMeta(app.db), ...(options.pageMeta ?? [])] });
  }
  return app;
}
