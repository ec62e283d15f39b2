import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { readState } from './repository.js';
import { inject, seedUser } from '../../../test/kit.js';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fakes/telegram.js';
import { FAST_TELEGRAM, linkChat, makeTelegramApp, sendAndAwaitReply, storedInbox, withTelegramApp } from '../../../test/telegram.js';

/** How updates arrive: long polling (an outage only delays them, a restart loses none) or the webhook. */

describe('long polling', () => {
  it('clears any webhook before polling; an outage of getUpdates only delays delivery', async () => {
    await withTelegramApp({}, async (t) => {
      const ann = await seedUser(t.app);
      const chat = { id: 701 };
      await linkChat(t, ann, chat);
      expect(t.fake.calls.findIndex((c) => c.method === 'deleteWebhook')).toBeLessThan(t.fake.calls.findIndex((c) => c.method === 'getUpdates'));

      t.fake.fail('getUpdates', 3);
      const polls = t.fake.calls.filter((c) => c.method === 'getUpdates').length;
      // The open long poll answers once the update is queued; the next three calls fail; then it arrives.
      expect(await sendAndAwaitReply(t, chat, 'after the outage')).toBe('Saved to inbox: after the outage');
      expect(t.fake.calls.filter((c) => c.method === 'getUpdates').length).toBeGreaterThanOrEqual(polls + 3);
      expect((await storedInbox(t, ann.id)).map((i) => i.text)).toEqual(['after the outage']);
    });
  });

  it('a reply that fails is retried with the update, which is stored once', async () => {
    await withTelegramApp({}, async (t) => {
      const bob = await seedUser(t.app);
      const chat = { id: 702 };
      await linkChat(t, bob, chat);
      const before = t.fake.calls.filter((c) => c.method === 'sendMessage').length;
      t.fake.fail('sendMessage', 2);
      const id = t.fake.message(chat, 'stored before the reply failed');
      await vi.waitFor(() => expect(t.fake.sentTo(chat.id).at(-1)).toBe('Saved to inbox: stored before the reply failed'), { timeout: 5_000 });
      // Two failed replies, so the update came three times; the item is there once.
      expect(t.fake.calls.filter((c) => c.method === 'sendMessage').length).toBe(before + 3);
      expect(await storedInbox(t, bob.id)).toEqual([{ id: `tg${id}`, text: 'stored before the reply failed', source: 'telegram' }]);
      await vi.waitFor(() => expect(t.fake.pending()).toEqual([]));
    });
  });

  it('keeps its offset across a restart: what was handled is not fetched again, what came meanwhile is', async () => {
    const fake = await startFakeTelegram();
    const t = await makeTelegramApp({}, fake);
    try {
      const cat = await seedUser(t.app);
      const chat = { id: 703 };
      await linkChat(t, cat, chat);
      const handled = fake.message(chat, 'before the restart');
      // The offset is stored after the update is handled (and answered).
      await vi.waitFor(() => expect(readState(t.app.db, 'offset')).resolves.toBe(String(handled + 1)));
      const offset = handled + 1;
      await t.app.close();

      fake.message(chat, 'while the server was down');
      const app = await buildApp(t.config, { logger: false, telegram: FAST_TELEGRAM });
      await app.ready();
      try {
        await vi.waitFor(() => expect(fake.sentTo(chat.id).at(-1)).toBe('Saved to inbox: while the server was down'), { timeout: 5_000 });
        const texts = (await app.db.selectFrom('entities').select('data').where('user_id', '=', cat.id).where('type', '=', 'inbox').execute()).map((r) => JSON.parse(r.data).text);
        expect(texts.sort()).toEqual(['before the restart', 'while the server was down']);
        expect(fake.sentTo(chat.id).filter((m) => m === 'Saved to inbox: before the restart')).toHaveLength(1);
        // The first getUpdates after the restart started from the stored offset.
        const polls = fake.calls.filter((c) => c.method === 'getUpdates');
        expect(polls.some((c) => c.params.offset === offset)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await t.close().catch(() => undefined);
      await fake.close();
    }
  });
});

describe('webhook (PUBLIC_URL set)', () => {
  let fake: FakeTelegram;
  beforeAll(async () => {
    fake = await startFakeTelegram();
  });
  afterAll(() => fake.close());

  it('registers the webhook with a secret; a call without it is 401 and stores nothing; the right one stores once', async () => {
    const t = await makeTelegramApp({ publicUrl: 'https://todo.example.org' }, fake);
    try {
      await vi.waitFor(() => expect(fake.webhook).not.toBeNull());
      expect(fake.webhook!.url).toBe('https://todo.example.org/api/telegram/webhook');
      const secret = fake.webhook!.secret_token!;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
      expect(fake.calls.some((c) => c.method === 'getUpdates')).toBe(false);

      const dan = await seedUser(t.app);
      const chat = { id: 801 };
      const { code } = (await inject(t.app, dan, 'POST', '/api/telegram/link')).json() as { code: string };
      const hook = (update: unknown, headers: Record<string, string>) => inject(t.app, null, 'POST', '/api/telegram/webhook', update, headers);
      const header = (value: string) => ({ 'x-telegram-bot-api-secret-token': value });

      expect((await hook(fake.update(chat, `/start ${code}`), {})).statusCode).toBe(401);
      expect((await hook(fake.update(chat, `/start ${code}`), header(`${secret}x`))).statusCode).toBe(401);
      expect((await hook(fake.update(chat, `/start ${code}`), header(secret.slice(1)))).statusCode).toBe(401);
      expect(fake.sentTo(chat.id)).toEqual([]);
      expect((await inject(t.app, dan, 'GET', '/api/telegram/status')).json()).toMatchObject({ linked: false });

      expect((await hook(fake.update(chat, `/start ${code}`), header(secret))).json()).toEqual({ ok: true });
      expect(fake.sentTo(chat.id).at(-1)).toMatch(/^Linked/);

      const update = fake.update(chat, 'via the webhook');
      const wrong = await hook(update, header('nope'));
      expect(wrong.statusCode).toBe(401);
      expect(await storedInbox(t, dan.id)).toEqual([]);
      expect((await hook(update, header(secret))).statusCode).toBe(200);
      // Telegram delivers again (its answer was lost): still one item, answered as saved.
      expect((await hook(update, header(secret))).statusCode).toBe(200);
      expect(await storedInbox(t, dan.id)).toEqual([{ id: `tg${update.update_id}`, text: 'via the webhook', source: 'telegram' }]);
      expect(fake.sentTo(chat.id).slice(-2)).toEqual(['Saved to inbox: via the webhook', 'Saved to inbox: via the webhook']);
      expect((await hook({ nope: 1 }, header(secret))).statusCode).toBe(400);

      // A reply Telegram cannot take now: answered 503 so Telegram delivers the update again; stored once.
      fake.fail('sendMessage', 1);
      const again = fake.update(chat, 'second thought');
      expect((await hook(again, header(secret))).statusCode).toBe(503);
      expect((await hook(again, header(secret))).statusCode).toBe(200);
      expect((await storedInbox(t, dan.id)).map((i) => i.text)).toEqual(['via the webhook', 'second thought']);
    } finally {
      await t.close();
    }
  });
});
