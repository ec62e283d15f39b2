import type { FastifyPluginAsync } from 'fastify';
import type { Update } from 'grammy/types';
import type { AppConfig } from '../../config.js';
import { badRequest, HttpError, unauthorized } from '../../lib/errors.js';
import { linkOfUser, newLinkCode, unlinkUser, userLocale } from './repository.js';
import { DEFAULT_TELEGRAM_TUNING, TelegramService, type TelegramTuning } from './service.js';
import { botTexts } from './texts.js';

export type { TelegramTuning };

/** 503 of a link request when this server runs no bot (no TELEGRAM_BOT_TOKEN) or Telegram cannot be reached. */
const unavailable = () => new HttpError(503, 'TELEGRAM_UNAVAILABLE', 'Telegram capture is not available on this server');
const unreachable = () => new HttpError(503, 'TELEGRAM_UNREACHABLE', 'Telegram cannot be reached right now. Please try again later');

const isUpdate = (body: unknown): body is Update =>
  typeof body === 'object' && body !== null && Number.isSafeInteger((body as { update_id?: unknown }).update_id);

export interface TelegramRouteOptions {
  config: AppConfig;
  tuning?: Partial<TelegramTuning>;
}

/**
 * The messaging bot (CONTRACT.md "messaging bot", docs/telegram.md): the account's link (`/api/telegram/link`,
 * `unlink`, `status`) and the webhook. With TELEGRAM_BOT_TOKEN set the bot starts with the server (long polling
 * or webhook: service.ts) and stops when it closes; without it status says `available: false` and link answers
 * 503 TELEGRAM_UNAVAILABLE.
 */
export const telegramRoutes: FastifyPluginAsync<TelegramRouteOptions> = async (app, opts) => {
  const { config } = opts;
  const auth = { preHandler: app.authenticate };
  const service = config.telegramBotToken
    ? new TelegramService(app, config.telegramBotToken, config.telegramApiUrl, config.publicUrl, { ...DEFAULT_TELEGRAM_TUNING, ...opts.tuning })
    : null;
  if (service) {
    app.addHook('onReady', async () => service.start());
    app.addHook('onClose', async () => service.stop());
  }

  app.get('/api/telegram/status', auth, async (request) => {
    const link = service ? await linkOfUser(app.db, request.auth!.id) : undefined;
    const on = service !== null && (await app.features.get()).telegram;
    return { available: on, linked: link !== undefined, ...(link?.username ? { username: link.username } : {}) };
  });

  app.post('/api/telegram/link', auth, async (request) => {
    if (!service) throw unavailable();
    await app.features.assert('telegram');
    let bot: string;
    try {
      bot = await service.username();
    } catch (err) {
      request.log.warn({ err }, 'telegram getMe failed');
      throw unreachable();
    }
    const code = await newLinkCode(app.db, request.auth!.id);
    return { code, url: `https://t.me/${bot}?start=${code}` };
  });

  app.post('/api/telegram/unlink', auth, async (request) => {
    const userId = request.auth!.id;
    const link = await linkOfUser(app.db, userId);
    await unlinkUser(app.db, app.dbKind, userId);
    if (link && service) await service.tell(link.chatId, botTexts(await userLocale(app.db, userId)).unlinked);
    return { success: true };
  });

  // Telegram's calls: no session, the secret token instead. Nothing is read or stored before it matches.
  app.post('/api/telegram/webhook', async (request) => {
    const given = request.headers['x-telegram-bot-api-secret-token'];
    if (!service || !(await service.webhookSecretMatches(typeof given === 'string' ? given : undefined))) throw unauthorized();
    if (!isUpdate(request.body)) throw badRequest([{ field: 'update_id', key: 'validation.invalid', message: 'An update needs its update_id' }]);
    try {
      await service.receive(request.body);
    } catch (err) {
      // Not handled: Telegram delivers the update again later (the item id is the update id: stored once).
      request.log.warn({ err }, 'telegram update not handled; Telegram will retry');
      throw new HttpError(503, 'TELEGRAM_RETRY', 'Update not handled; deliver it again');
    }
    return { ok: true };
  });
};
