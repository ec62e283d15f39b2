import { request } from '../../lib/api';

/** The Telegram bot's link (CONTRACT.md "messaging bot", docs/telegram.md). */

export interface TelegramStatus {
  /** False when the server runs no bot (no TELEGRAM_BOT_TOKEN). */
  available: boolean;
  linked: boolean;
  /** The linked chat's Telegram username, when it has one. */
  username?: string;
}

export interface TelegramLink {
  /** Single-use, valid 10 minutes. */
  code: string;
  /** `https://t.me/<bot>?start=<code>`: opens the bot with the code. */
  url: string;
}

/** How long a link code works (the server's CODE_TTL_MS): the section waits for the chat this long. */
export const LINK_CODE_TTL_MS = 10 * 60_000;

export const getTelegramStatus = () => request<TelegramStatus>('/api/telegram/status');
export const linkTelegram = () => request<TelegramLink>('/api/telegram/link', { method: 'POST' });
export const unlinkTelegram = () => request<{ success: true }>('/api/telegram/unlink', { method: 'POST' });
