import { expect, vi } from 'vitest';
import type { BuildOptions } from '../src/app.js';
import { inject, makeTestApp, seedUser, type SeededUser, type TestApp, type TestOverrides } from './kit.js';
import { FAKE_TOKEN, startFakeTelegram, type FakeChat, type FakeTelegram } from './fakes/telegram.js';

/**
 * A test app with the Telegram bot on, against the local fake Bot API (fakes/telegram.ts), with short back-offs
 * so an outage costs milliseconds. `close` stops the app (and its polling) before the fake.
 */
export interface TelegramApp extends TestApp {
  fake: FakeTelegram;
}

export const FAST_TELEGRAM: BuildOptions['telegram'] = { backoffMs: { min: 5, max: 40 }, pollTimeoutSec: 10, lockedRetryMs: 20 };

export async function makeTelegramApp(overrides: TestOverrides = {}, fake?: FakeTelegram): Promise<TelegramApp> {
  const api = fake ?? (await startFakeTelegram());
  const t = await makeTestApp({ telegramBotToken: FAKE_TOKEN, telegramApiUrl: api.url, ...overrides }, { telegram: FAST_TELEGRAM });
  return {
    ...t,
    fake: api,
    async close() {
      await t.close();
      if (!fake) await api.close();
    },
  };
}

export async function withTelegramApp(overrides: TestOverrides, fn: (t: TelegramApp) => Promise<void>): Promise<void> {
  const t = await makeTelegramApp(overrides);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

/** `POST /api/telegram/link` as the user; answers `{ code, url }`. */
export async function linkCode(t: TestApp, user: SeededUser): Promise<{ code: string; url: string }> {
  const res = await inject(t.app, user, 'POST', '/api/telegram/link');
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The chat sends `/start <code>` and the bot answers; answers the bot's reply. */
export async function sendAndAwaitReply(t: TelegramApp, chat: FakeChat, text: string | undefined, extra?: Record<string, unknown>): Promise<string> {
  const before = t.fake.sentTo(chat.id).length;
  t.fake.message(chat, text, extra);
  await vi.waitFor(() => expect(t.fake.sentTo(chat.id).length).toBeGreaterThan(before), { timeout: 5_000 });
  return t.fake.sentTo(chat.id).at(-1)!;
}

/** Links `chat` to `user` (a fresh code, `/start <code>`); answers the bot's reply. */
export async function linkChat(t: TelegramApp, user: SeededUser, chat: FakeChat): Promise<string> {
  const { code } = await linkCode(t, user);
  const reply = await sendAndAwaitReply(t, chat, `/start ${code}`);
  expect(reply).toMatch(/^(Linked to your|Чат привязан)/);
  return reply;
}

/** The user's live inbox items as stored (id, text, source), oldest first. */
export async function storedInbox(t: TestApp, userId: string): Promise<{ id: string; text: string; source: string }[]> {
  const rows = await t.app.db
    .selectFrom('entities')
    .select(['id', 'data'])
    .where('user_id', '=', userId)
    .where('type', '=', 'inbox')
    .where('deleted', '=', 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const data = JSON.parse(r.data) as { text: string; source: string };
    return { id: r.id, text: data.text, source: data.source };
  });
}

export { seedUser };
