import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/ids.js';
import { inject, seedUser, withTestApp } from '../../../test/kit.js';
import { FAKE_BOT_USERNAME } from '../../../test/fakes/telegram.js';
import { linkChat, linkCode, makeTelegramApp, sendAndAwaitReply, storedInbox, type TelegramApp } from '../../../test/telegram.js';

/** Linking a Telegram chat to an account (CONTRACT.md "messaging bot"): one-time codes, status, unlink. */

describe('without TELEGRAM_BOT_TOKEN', () => {
  it('reports itself unavailable, refuses a link with 503 and takes no webhook call', async () => {
    await withTestApp({}, async (t) => {
      const ann = await seedUser(t.app);
      expect((await inject(t.app, ann, 'GET', '/api/telegram/status')).json()).toEqual({ available: false, linked: false });
      const link = await inject(t.app, ann, 'POST', '/api/telegram/link');
      expect(link.statusCode).toBe(503);
      expect(link.json().error).toMatchObject({ code: 'TELEGRAM_UNAVAILABLE', message: 'Telegram capture is not available on this server' });
      expect((await inject(t.app, ann, 'POST', '/api/telegram/unlink')).json()).toEqual({ success: true });
      const hook = await inject(t.app, null, 'POST', '/api/telegram/webhook', { update_id: 1 }, { 'x-telegram-bot-api-secret-token': 'x' });
      expect(hook.statusCode).toBe(401);
      expect(await t.app.db.selectFrom('telegram_codes').selectAll().execute()).toEqual([]);
    });
  });
});

describe('linking a chat', () => {
  let t: TelegramApp;
  beforeAll(async () => {
    t = await makeTelegramApp();
  });
  afterAll(() => t.close());

  it('needs a session for link, unlink and status', async () => {
    for (const url of ['/api/telegram/link', '/api/telegram/unlink']) expect((await inject(t.app, null, 'POST', url)).statusCode).toBe(401);
    expect((await inject(t.app, null, 'GET', '/api/telegram/status')).statusCode).toBe(401);
  });

  it('gives a single-use code in a t.me link; /start <code> links the chat and status shows the username', async () => {
    const ann = await seedUser(t.app);
    expect((await inject(t.app, ann, 'GET', '/api/telegram/status')).json()).toEqual({ available: true, linked: false });
    const { code, url } = await linkCode(t, ann);
    expect(url).toBe(`https://t.me/${FAKE_BOT_USERNAME}?start=${code}`);
    // At least 128 random bits, base64url (Telegram allows A-Z, a-z, 0-9, _ and - in a start parameter, up to 64).
    expect(code).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    // Only the code's hash is stored.
    const stored = await t.app.db.selectFrom('telegram_codes').selectAll().where('user_id', '=', ann.id).execute();
    expect(stored.map((r) => r.code_hash)).toEqual([sha256(code)]);

    const chat = { id: 501, username: 'ann_tg' };
    expect(await sendAndAwaitReply(t, chat, `/start ${code}`)).toMatch(/^Linked to your ADHD SuperApp account/);
    expect((await inject(t.app, ann, 'GET', '/api/telegram/status')).json()).toEqual({ available: true, linked: true, username: 'ann_tg' });
    expect((await inject(t.app, ann, 'GET', '/api/auth/me')).json()).toMatchObject({ user: { telegramLinked: true } });

    // The same code again, from another chat: refused, and that chat stays unlinked.
    const eve = { id: 666, username: 'eve' };
    expect(await sendAndAwaitReply(t, eve, `/start ${code}`)).toMatch(/already used/);
    expect(await sendAndAwaitReply(t, eve, 'let me in')).toMatch(/not linked to an ADHD SuperApp account yet.*Settings → Telegram/s);
    expect(await storedInbox(t, ann.id)).toEqual([]);
  });

  it('refuses unknown, forged and expired codes, and codes replaced by a newer one', async () => {
    const bob = await seedUser(t.app);
    const chat = { id: 502, username: 'bob_tg' };
    expect(await sendAndAwaitReply(t, chat, '/start AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toMatch(/not valid/);
    expect(await sendAndAwaitReply(t, chat, '/start <script>')).toMatch(/not valid/);

    const first = await linkCode(t, bob);
    const second = await linkCode(t, bob);
    expect(second.code).not.toBe(first.code);
    expect(await sendAndAwaitReply(t, chat, `/start ${first.code}`)).toMatch(/not valid/);

    await t.app.db.updateTable('telegram_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('code_hash', '=', sha256(second.code)).execute();
    expect(await sendAndAwaitReply(t, chat, `/start ${second.code}`)).toMatch(/expired/);
    expect((await inject(t.app, bob, 'GET', '/api/telegram/status')).json()).toMatchObject({ linked: false });
  });

  it("moves a chat to another account only with that account's valid code", async () => {
    const [cat, dan] = [await seedUser(t.app), await seedUser(t.app)];
    const chat = { id: 503, username: 'shared_phone' };
    await linkChat(t, cat, chat);
    expect(await sendAndAwaitReply(t, chat, '/start not-a-code')).toMatch(/not valid/);
    expect((await inject(t.app, cat, 'GET', '/api/telegram/status')).json()).toMatchObject({ linked: true });

    await linkChat(t, dan, chat);
    expect((await inject(t.app, cat, 'GET', '/api/telegram/status')).json()).toEqual({ available: true, linked: false });
    expect((await inject(t.app, cat, 'GET', '/api/auth/me')).json()).toMatchObject({ user: { telegramLinked: false } });
    expect((await inject(t.app, dan, 'GET', '/api/telegram/status')).json()).toEqual({ available: true, linked: true, username: 'shared_phone' });
  });

  it("answers in the account's language once linked, and in the chat's language before", async () => {
    const ivan = await seedUser(t.app);
    await t.app.db.updateTable('users').set({ preferences: JSON.stringify({ locale: 'ru' }) }).where('id', '=', ivan.id).execute();
    const chat = { id: 504, username: 'ivan', languageCode: 'ru' };
    expect(await sendAndAwaitReply(t, chat, 'привет')).toMatch(/^Этот чат ещё не привязан/);
    const { code } = await linkCode(t, ivan);
    expect(await sendAndAwaitReply(t, chat, `/start ${code}`)).toMatch(/^Чат привязан к вашему аккаунту/);
    expect(await sendAndAwaitReply(t, chat, '/help')).toMatch(/^Присылайте текст/);
  });

  it('unlinks from the app (the chat is told) and from the chat; then messages get the instructions', async () => {
    const eva = await seedUser(t.app);
    const chat = { id: 505, username: 'eva' };
    await linkChat(t, eva, chat);
    expect((await inject(t.app, eva, 'POST', '/api/telegram/unlink')).json()).toEqual({ success: true });
    expect(t.fake.sentTo(chat.id).at(-1)).toMatch(/no longer linked/);
    expect((await inject(t.app, eva, 'GET', '/api/telegram/status')).json()).toEqual({ available: true, linked: false });
    expect(await sendAndAwaitReply(t, chat, 'a thought')).toMatch(/not linked to an ADHD SuperApp account yet/);

    await linkChat(t, eva, chat);
    expect(await sendAndAwaitReply(t, chat, '/unlink')).toMatch(/no longer linked/);
    expect((await inject(t.app, eva, 'GET', '/api/telegram/status')).json()).toMatchObject({ linked: false });
    expect(await sendAndAwaitReply(t, chat, 'another thought')).toMatch(/not linked/);
    expect(await storedInbox(t, eva.id)).toEqual([]);
  });

  it('deleting the account deletes its link and codes', async () => {
    const fay = await seedUser(t.app);
    await linkChat(t, fay, { id: 506 });
    await linkCode(t, fay);
    await t.app.db.deleteFrom('users').where('id', '=', fay.id).execute();
    expect(await t.app.db.selectFrom('telegram_links').selectAll().where('user_id', '=', fay.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('telegram_codes').selectAll().where('user_id', '=', fay.id).execute()).toEqual([]);
  });
});
