import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject, seedAdmin } from '../../../test/kit.js';
import { linkChat, makeTelegramApp, seedUser, sendAndAwaitReply, storedInbox, type TelegramApp } from '../../../test/telegram.js';
import { botTexts } from './texts.js';

/** The Telegram feature toggle off (admin feature toggles): the bot says so, stores nothing, and linking is refused. */

describe('Telegram switched off by an admin', () => {
  let t: TelegramApp;
  beforeAll(async () => {
    t = await makeTelegramApp();
  });
  afterAll(() => t.close());

  it('answers a linked chat with the switched-off text, stores nothing, and refuses link (403); on again, it works', async () => {
    const ann = await seedUser(t.app);
    const admin = await seedAdmin(t.app);
    const chat = { id: 801, username: 'ann' };
    await linkChat(t, ann, chat);

    expect((await inject(t.app, admin, 'PUT', '/api/admin/feature-toggles', { telegram: false })).statusCode).toBe(200);
    expect(await sendAndAwaitReply(t, chat, 'Buy oat milk')).toBe(botTexts('en').off);
    expect(await storedInbox(t, ann.id)).toEqual([]);
    const link = await inject(t.app, ann, 'POST', '/api/telegram/link');
    expect(link.statusCode).toBe(403);
    expect(link.json().error.code).toBe('FEATURE_DISABLED');
    expect((await inject(t.app, ann, 'GET', '/api/telegram/status')).json().available).toBe(false);

    await inject(t.app, admin, 'PUT', '/api/admin/feature-toggles', { telegram: true });
    expect(await sendAndAwaitReply(t, chat, 'Buy oat milk')).toBe('Saved to inbox: Buy oat milk');
    expect((await storedInbox(t, ann.id)).map((i) => i.text)).toEqual(['Buy oat milk']);
  });
});
