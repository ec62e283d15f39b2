import { describe, expect, it } from 'vitest';
import { seedSession, useServerTest, type SeededUser } from '../../../test/kit.js';

/** Issue 12, point 7: a user's sync streams are bounded in number and end with their session. */

describe('sync streams', () => {
  const t = useServerTest({ build: { syncLimits: { streamPingMs: 50 } }, user: false, listen: true });

  /** Opens a stream and waits for its first poke; `ended` settles when the server closes it. */
  async function open(headers: Record<string, string>) {
    const controller = new AbortController();
    const res = await fetch(`${t.base}/api/sync/stream`, { headers, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })().catch(() => true);
    return { ended, abort: () => controller.abort() };
  }

  const settled = (p: Promise<boolean>, ms = 1_000) => Promise.race([p, new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  const secondSession = async (user: SeededUser) => (await seedSession(t.app, user.id)).headers;

  it('keeps at most 10 streams per user: the 11th closes the oldest', async () => {
    const user = await t.seedUser();
    const streams = [];
    for (let i = 0; i < 11; i++) streams.push(await open(user.headers));
    expect(t.app.syncHub.subscriberCount(user.id)).toBe(10);
    expect(await settled(streams[0]!.ended)).toBe(true);
    expect(await settled(streams[1]!.ended, 200)).toBe(false);
    for (const s of streams) s.abort();
  });

  it("closes a session's streams when it logs out, and only that session's", async () => {
    const user = await t.seedUser();
    const mine = await open(user.headers);
    const otherDevice = await open(await secondSession(user));
    expect(t.app.syncHub.subscriberCount(user.id)).toBe(2);
    const out = await fetch(`${t.base}/api/auth/logout`, { method: 'POST', headers: user.headers });
    expect(out.status).toBe(200);
    expect(await settled(mine.ended)).toBe(true);
    expect(t.app.syncHub.subscriberCount(user.id)).toBe(1);
    expect(await settled(otherDevice.ended, 200)).toBe(false);
    // Ending every session (password change, account deletion) closes the rest.
    await t.app.sessions.endAll(user.id);
    expect(await settled(otherDevice.ended)).toBe(true);
    expect(t.app.syncHub.subscriberCount(user.id)).toBe(0);
  });

  it('closes a stream at the next ping once its session expired or its user was disabled', async () => {
    const expiring = await t.seedUser();
    const disabled = await t.seedUser();
    const a = await open(expiring.headers);
    const b = await open(disabled.headers);
    await t.app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expiring.sessionId).execute();
    await t.app.db.updateTable('users').set({ disabled: 1 }).where('id', '=', disabled.id).execute();
    expect(await settled(a.ended)).toBe(true);
    expect(await settled(b.ended)).toBe(true);
    expect(t.app.syncHub.subscriberCount(expiring.id) + t.app.syncHub.subscriberCount(disabled.id)).toBe(0);
  });
});
