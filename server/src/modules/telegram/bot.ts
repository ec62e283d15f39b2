import type { FastifyInstance } from 'fastify';
import { Bot, BotError, GrammyError, type Context } from 'grammy';
import type { Message, Update } from 'grammy/types';
import { MutationError } from '@adhd/shared/sync/mutator';
import { HttpError } from '../../lib/errors.js';
import { linkOfChat, redeemCode, unlinkChat, userLocale } from './repository.js';
import { botTexts, firstWords, localeOfLanguageCode, type BotLocale } from './texts.js';

/**
 * What the bot does with one update (grammY's middleware over `bot.handleUpdate`), whatever brought it (long
 * polling or the webhook: transport.ts). Only private chats are heard: a group's members are not the account.
 *
 *   /start <code>   links the chat to the code's account (code single-use, 10 minutes; anything else refused)
 *   /help, /unlink  what they say
 *   anything else   text, a caption or a forwarded message becomes `inbox.create { id: 'tg' + update_id }` for
 *                   the linked account; a chat with no account gets the instructions
 *
 * `handle` throws only when the update should be fetched again (the store or Telegram did not answer): the
 * item id is the update id, so a second delivery finds the item (EXISTS) and answers "saved" without a copy.
 */

/** The longest inbox text (shared inbox schema); Telegram's own limits (4096, captions 1024) are below it. */
const MAX_TEXT = 10_000;

/** A write refusal that waiting will not change (quota, validation): answered to the chat, the update done. */
const isFinal = (err: unknown) =>
  err instanceof MutationError || (err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 429);

/** Telegram refused the reply for good (bot blocked, chat gone): the update is done. Flood waits and 5xx are retried. */
const isFinalReplyError = (err: unknown) => err instanceof GrammyError && err.error_code !== 429 && err.error_code < 500;

export function createBot(app: FastifyInstance, token: string, apiRoot: string): Bot {
  const bot = new Bot(token, { client: { apiRoot } });
  const texts = (locale: BotLocale) => botTexts(locale);
  const chatOf = (ctx: Context) => String(ctx.chat!.id);
  const guestLocale = (ctx: Context) => localeOfLanguageCode(ctx.from?.language_code);
  /** The language of the chat's account when linked, else the chat's own. */
  const localeOf = async (ctx: Context) => {
    const link = await linkOfChat(app.db, chatOf(ctx));
    return link ? await userLocale(app.db, link.userId) : guestLocale(ctx);
  };

  const privateChats = bot.chatType('private');

  privateChats.command('start', async (ctx) => {
    const code = ctx.match.trim();
    if (!code) {
      const link = await linkOfChat(app.db, chatOf(ctx));
      return ctx.reply(link ? texts(await userLocale(app.db, link.userId)).help : texts(guestLocale(ctx)).notLinked);
    }
    const outcome = /^[\w-]{1,64}$/.test(code)
      ? await redeemCode(app.db, app.dbKind, code, { chatId: chatOf(ctx), username: ctx.from?.username ?? null })
      : ({ ok: false, reason: 'unknown' } as const);
    if (!outcome.ok) {
      const t = texts(guestLocale(ctx));
      return ctx.reply(outcome.reason === 'used' ? t.codeUsed : outcome.reason === 'expired' ? t.codeExpired : t.codeUnknown);
    }
    app.log.info({ userId: outcome.userId }, 'telegram chat linked');
    return ctx.reply(texts(await userLocale(app.db, outcome.userId)).linked);
  });

  privateChats.command('help', async (ctx) => {
    const link = await linkOfChat(app.db, chatOf(ctx));
    return ctx.reply(link ? texts(await userLocale(app.db, link.userId)).help : texts(guestLocale(ctx)).notLinked);
  });

  privateChats.command('unlink', async (ctx) => {
    const locale = await localeOf(ctx);
    const userId = await unlinkChat(app.db, app.dbKind, chatOf(ctx));
    return ctx.reply(userId ? texts(locale).unlinked : texts(locale).notLinked);
  });

  privateChats.on('message', async (ctx) => {
    const link = await linkOfChat(app.db, chatOf(ctx));
    if (!link) return ctx.reply(texts(guestLocale(ctx)).notLinked);
    const t = texts(await userLocale(app.db, link.userId));
    // Switched off by the admin (feature toggles): say so, store nothing.
    if (!(await app.features.get()).telegram) return ctx.reply(t.off);
    const text = textOf(ctx.msg);
    if (!text) return ctx.reply(t.empty);
    try {
      await app.sync.run(
        link.userId,
        async (exec) => {
          await exec('inbox.create', { id: `tg${ctx.update.update_id}`, text, source: 'telegram' });
        },
        async () => null,
      );
    } catch (err) {
      // Stored by an earlier delivery of this update: answer as saved, store nothing more.
      if (!(err instanceof MutationError && err.code === 'EXISTS')) {
        if (!isFinal(err)) throw err;
        app.log.warn({ err, userId: link.userId }, 'telegram item refused');
        return ctx.reply(t.failed);
      }
    }
    return ctx.reply(t.saved(firstWords(text)));
  });

  return bot;
}

/** The text a message brings to the inbox: its text or its caption (photo, document, video), trimmed. */
export function textOf(msg: Pick<Message, 'text' | 'caption'>): string {
  return (msg.text ?? msg.caption ?? '').trim().slice(0, MAX_TEXT);
}

/**
 * Runs one update through the bot. Resolves when the update is done (including answers Telegram refused for
 * good); rejects when it must be delivered again.
 */
export async function handleUpdate(app: FastifyInstance, bot: Bot, update: Update): Promise<void> {
  try {
    await bot.handleUpdate(update);
  } catch (e) {
    const err = e instanceof BotError ? e.error : e;
    if (isFinalReplyError(err)) {
      app.log.warn({ err, updateId: update.update_id }, 'telegram refused the reply');
      return;
    }
    throw err;
  }
}
