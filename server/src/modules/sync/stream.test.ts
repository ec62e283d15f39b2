import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';

/** The SSE poke stream over real HTTP (design/sync.md §5, invariants 10 and 13). */

const t = useServerTest({ user: false, listen: true });

/** Reads `event: poke` versions from an open stream. */
function pokes(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<number> {
      for (;;) {
        const m = /event: poke\ndata: (\{[^\n]*\})\n\n/.exec(buffer);
        if (m) {
          buffer = buffer.slice(m.index + m[0].length);
          return (JSON.parse(m[1]!) as { version: number }).version;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('GET /api/sync/stream', () => {
  it('sends the current version on connect and a poke after every write, REST and sync alike', async () => {
    const user = await t.seedUser();
    const controller = new AbortController();
    const res = await fetch(`${t.base}/api/sync/stream`, { headers: user.headers, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const stream = pokes(res);
    expect(await stream.next()).toBe(0);

    await fetch(`${t.base}/api/tasks`, { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'via REST' }) });
    expect(await stream.next()).toBe(1);

    await fetch(`${t.base}/api/sync/push`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'stream-client-1', mutations: [{ id: 1, name: 'task.create', args: { id: 's1', title: 'via sync' } }] }),
    });
    expect(await stream.next()).toBe(2);

    // Another user's writes never reach this stream.
    const other = await t.seedUser();
    await fetch(`${t.base}/api/tasks`, { method: 'POST', headers: { ...other.headers, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'not yours' }) });
    await fetch(`${t.base}/api/tasks`, { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'mine again' }) });
    expect(await stream.next()).toBe(3);
    controller.abort();
  });

  it('catches up after a reconnect with no new write', async () => {
    const user = await t.seedUser();
    for (let i = 0; i < 3; i++) {
      await fetch(`${t.base}/api/tasks`, { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify({ title: `t${i}` }) });
    }
    const controller = new AbortController();
    const res = await fetch(`${t.base}/api/sync/stream`, { headers: user.headers, signal: controller.signal });
    expect(await pokes(res).next()).toBe(3);
    controller.abort();
  });

  it('answers 401 without a token and drops the subscription when the client goes away', async () => {
    expect((await fetch(`${t.base}/api/sync/stream`)).status).toBe(401);
    const user = await t.seedUser();
    const controller = new AbortController();
    const res = await fetch(`${t.base}/api/sync/stream`, { headers: user.headers, signal: controller.signal });
    await pokes(res).next();
    expect(t.app.syncHub.subscriberCount(user.id)).toBe(1);
    controller.abort();
    await new Promise((r) => setTimeout(r, 100));
    expect(t.app.syncHub.subscriberCount(user.id)).toBe(0);
  });
});
