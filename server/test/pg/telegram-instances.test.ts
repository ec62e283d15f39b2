import { describe, expect, it, vi } from 'vitest';
import { makeTestApp, seedUser } from '../kit.js';
import { FAKE_TOKEN, startFakeTelegram } from '../fakes/telegram.js';
import { FAST_TELEGRAM, linkChat, makeTelegramApp, storedInbox } from '../telegram.js';

// PostgreSQL only (the server-pg project): several instances on one store.
describe('the Telegram bot on two instances sharing one PostgreSQL', () => {
  it('only one polls at a time (advisory lock); every update is stored once', async () => {
    const fake = await startFakeTelegram();
    const a = await makeTelegramApp({ instanceId: 'app-a' }, fake);
    try {
      const b = await makeTestApp({ instanceId: 'app-b', databaseUrl: a.config.databaseUrl, telegramBotToken: FAKE_TOKEN, telegramApiUrl: fake.url }, { logger: false, telegram: FAST_TELEGRAM });
      try {
        const eve = await seedUser(a.app);
        const chat = { id: 901 };
        await linkChat(a, eve, chat);
        const ids = ['one', 'two', 'three', 'four', 'five'].map((text) => fake.message(chat, text));
        await vi.waitFor(() => expect(fake.sentTo(chat.id).filter((m) => m.startsWith('Saved to inbox'))).toHaveLength(5), { timeout: 10_000 });
        expect((await storedInbox(b, eve.id)).map((i) => i.id).sort()).toEqual(ids.map((id) => `tg${id}`).sort());
        expect(fake.maxConcurrentPolls()).toBe(1);
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
      await fake.close();
    }
  });
});
