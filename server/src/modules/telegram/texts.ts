/** What the bot says, in both languages the app speaks (the linked user's `locale`, else the chat's language). */

export type BotLocale = 'en' | 'ru';

const APP = 'ADHD SuperApp';

export interface BotTexts {
  linked: string;
  codeUnknown: string;
  codeUsed: string;
  codeExpired: string;
  notLinked: string;
  help: string;
  unlinked: string;
  empty: string;
  saved(words: string): string;
  failed: string;
  /** The operator switched the bot off (admin feature toggles). */
  off: string;
}

const TEXTS: Record<BotLocale, BotTexts> = {
  en: {
    linked: `Linked to your ${APP} account. Send me any thought, a photo with a caption, or forward a message: it lands in your inbox.`,
    codeUnknown: 'This link code is not valid. Open Settings → Telegram in the app and press "Link Telegram" again.',
    codeUsed: 'This link code was already used. Open Settings → Telegram in the app and press "Link Telegram" for a new one.',
    codeExpired: 'This link code has expired (codes work for 10 minutes). Open Settings → Telegram in the app and press "Link Telegram" again.',
    notLinked: `This chat is not linked to an ${APP} account yet. In the app, open Settings → Telegram and press "Link Telegram": it opens this chat with a one-time code.`,
    help: 'Send me text, a photo or document with a caption, or forward a message: each becomes an item in your inbox.\n/unlink stops this chat from adding to your inbox.\n/help shows this message.',
    unlinked: `This chat is no longer linked to your ${APP} account. Link it again from Settings → Telegram.`,
    empty: 'Only text is saved: send text, add a caption to the photo or document, or forward a message with text.',
    saved: (words: string) => `Saved to inbox: ${words}`,
    failed: 'Could not save this to your inbox (it may be full). Please try again later.',
    off: 'The server\'s administrator has switched this bot off for now, so nothing is saved. Please add it in the app instead.',
  },
  ru: {
    linked: `Чат привязан к вашему аккаунту ${APP}. Присылайте любую мысль, фото с подписью или пересылайте сообщения — всё попадёт во входящие.`,
    codeUnknown: 'Этот код привязки недействителен. Откройте в приложении Настройки → Telegram и нажмите «Привязать Telegram» ещё раз.',
    codeUsed: 'Этот код привязки уже использован. Откройте в приложении Настройки → Telegram и нажмите «Привязать Telegram», чтобы получить новый.',
    codeExpired: 'Срок действия кода истёк (код действует 10 минут). Откройте в приложении Настройки → Telegram и нажмите «Привязать Telegram» ещё раз.',
    notLinked: `Этот чат ещё не привязан к аккаунту ${APP}. В приложении откройте Настройки → Telegram и нажмите «Привязать Telegram» — откроется этот чат с одноразовым кодом.`,
    help: 'Присылайте текст, фото или документ с подписью или пересылайте сообщения — каждое станет записью во входящих.\n/unlink — отвязать этот чат.\n/help — это сообщение.',
    unlinked: `Этот чат больше не привязан к вашему аккаунту ${APP}. Привязать снова можно в Настройки → Telegram.`,
    empty: 'Сохраняется только текст: пришлите текст, добавьте подпись к фото или документу или перешлите сообщение с текстом.',
    saved: (words: string) => `Сохранено во входящие: ${words}`,
    failed: 'Не удалось сохранить во входящие (возможно, место закончилось). Попробуйте позже.',
    off: 'Администратор сервера пока отключил этого бота, поэтому ничего не сохраняется. Добавьте запись в приложении.',
  },
};

export const botTexts = (locale: BotLocale): BotTexts => TEXTS[locale];

/** A chat's language from Telegram's `language_code` (for chats not linked to an account). */
export const localeOfLanguageCode = (code: string | undefined): BotLocale => (code?.toLowerCase().startsWith('ru') ? 'ru' : 'en');

/** The first words of a saved text for the reply: its first line, cut at a word boundary near `max` characters. */
export function firstWords(text: string, max = 40): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
