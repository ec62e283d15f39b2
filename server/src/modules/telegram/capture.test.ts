import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject, newClientId, pullAs, seedUser } from '../../../test/kit.js';
import { linkChat, makeTelegramApp, sendAndAwaitReply, storedInbox, withTelegramApp, type TelegramApp } from '../../../test/telegram.js';

/** What a linked chat sends becomes an inbox item of its account, once (keyed by the update id). */

describe('capture from a linked chat', () => {
  let t: TelegramApp;
  beforeAll(async () => {
    t = await makeTelegramApp();
  });
  afterAll(() => t.close());

  it('stores text, a photo caption and a forwarded message as telegram items and says so', async () => {
    const ann = await seedUser(t.app);
    const chat = { id: 601, username: 'ann' };
    await linkChat(t, ann, chat);

    const pokes: number[] = [];
    const stop = t.app.syncHub.subscribe({ userId: ann.id, sessionId: ann.sessionId, poke: (v) => pokes.push(v), end: () => {} });
    const textId = t.fake.message(chat, '  Call the dentist about the appointment on Tuesday morning\nbring the card  ');
    await vi.waitFor(() => expect(t.fake.sentTo(chat.id)).toHaveLength(2));
    expect(t.fake.sentTo(chat.id)[1]).toBe('Saved to inbox: Call the dentist about the appointment…');
    // The write pokes the account's sync streams: other devices hear about it at once.
    expect(pokes.length).toBeGreaterThan(0);
    stop();

    const photo = [{ file_id: 'p1', file_unique_id: 'u1', width: 90, height: 90 }];
    expect(await sendAndAwaitReply(t, chat, undefined, { photo, caption: 'Receipt for the tax return' })).toBe('Saved to inbox: Receipt for the tax return');
    const forwardOrigin = { type: 'user', date: 1_700_000_000, sender_user: { id: 9, is_bot: false, first_name: 'Kim' } };
    expect(await sendAndAwaitReply(t, chat, 'Meeting moved to 3pm', { forward_origin: forwardOrigin })).toBe('Saved to inbox: Meeting moved to 3pm');

    const items = await storedInbox(t, ann.id);
    expect(items).toEqual([
      { id: `tg${textId}`, text: 'Call the dentist about the appointment on Tuesday morning\nbring the card', source: 'telegram' },
      { id: `tg${textId + 1}`, text: 'Receipt for the tax return', source: 'telegram' },
      { id: `tg${textId + 2}`, text: 'Meeting moved to 3pm', source: 'telegram' },
    ]);
    // The REST list shows them, newest first, with their source.
    const list = (await inject(t.app, ann, 'GET', '/api/inbox')).json() as { _id: string; source: string }[];
    expect(list.map((i) => [i._id, i.source])).toEqual(items.map((i) => [i.id, 'telegram']).reverse());
    // The phone's next pull brings them.
    const { page } = await pullAs(t.app, ann, newClientId('phone'));
    expect(page.changes.filter((c) => c.entity === 'inbox').map((c) => c.data?.text)).toHaveLength(3);
  });

  it('answers a message with nothing to save with a hint and stores nothing; ignores group chats', async () => {
    const bob = await seedUser(t.app);
    const chat = { id: 602 };
    await linkChat(t, bob, chat);
    const sticker = { file_id: 's', file_unique_id: 's', type: 'regular', width: 1, height: 1, is_animated: false, is_video: false };
    expect(await sendAndAwaitReply(t, chat, undefined, { sticker })).toMatch(/^Only text is saved/);
    expect(await sendAndAwaitReply(t, chat, '   ')).toMatch(/^Only text is saved/);

    // A group's members are not the account: the group's message goes nowhere, and gets no answer.
    const groupUpdate = t.fake.message({ id: -700, type: 'group' }, 'group chatter');
    const marker = await sendAndAwaitReply(t, chat, '/help');
    expect(marker).toMatch(/^Send me text/);
    // Handled (confirmed by the next getUpdates offset) with no answer.
    await vi.waitFor(() => expect(t.fake.pending()).not.toContain(groupUpdate));
    expect(t.fake.sentTo(-700)).toEqual([]);
    expect(await storedInbox(t, bob.id)).toEqual([]);
  });

  it("keeps each account to its own chat: B's chat never writes to A's inbox", async () => {
    const [ada, ben] = [await seedUser(t.app), await seedUser(t.app)];
    const [adaChat, benChat] = [{ id: 611 }, { id: 612 }];
    await linkChat(t, ada, adaChat);
    await linkChat(t, ben, benChat);
    await sendAndAwaitReply(t, adaChat, 'ada thought');
    await sendAndAwaitReply(t, benChat, 'ben thought');
    expect((await storedInbox(t, ada.id)).map((i) => i.text)).toEqual(['ada thought']);
    expect((await storedInbox(t, ben.id)).map((i) => i.text)).toEqual(['ben thought']);
    // Nor does the webhook (not in use without PUBLIC_URL) take anything.
    const res = await inject(t.app, null, 'POST', '/api/telegram/webhook', t.fake.update(benChat, 'sneaky'), { 'x-telegram-bot-api-secret-token': 'guess' });
    expect(res.statusCode).toBe(401);
    expect((await storedInbox(t, ada.id)).map((i) => i.text)).toEqual(['ada thought']);
  });
});

describe('a write the store refuses for good', () => {
  it('answers "could not save" once and moves on (a full quota is not retried forever)', async () => {
    await withTelegramApp({ userQuotaMb: 0.0002 }, async (t) => {
      const gus = await seedUser(t.app);
      const chat = { id: 621 };
      await linkChat(t, gus, chat);
      expect(await sendAndAwaitReply(t, chat, 'x'.repeat(400))).toMatch(/^Could not save this to your inbox/);
      expect(await sendAndAwaitReply(t, chat, 'ok')).toBe('Saved to inbox: ok');
      expect((await storedInbox(t, gus.id)).map((i) => i.text)).toEqual(['ok']);
      expect(t.fake.sentTo(chat.id).filter((m) => m.startsWith('Could not save'))).toHaveLength(1);
    });
  });
});
