import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEventStream, type SseEvent } from '../../src/db/sse';
import { liveTasks, makeEngine, makeNetwork, otherDevice, until } from './helpers';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const bytes = chunks.map((c) => new TextEncoder().encode(c));
  return new ReadableStream({
    start(controller) {
      for (const b of bytes) controller.enqueue(b);
      controller.close();
    },
  });
}

describe('poke stream', () => {
  it('parses events split across chunks, with CRLF, comments and multi-line data', async () => {
    const events: SseEvent[] = [];
    await readEventStream(
      streamOf(['retry: 3000\n\nevent: po', 'ke\ndata: {"vers', 'ion":7}\n\n: ping\n\n', 'event: poke\r\ndata: a\r\ndata: b\r\n\r\ndata: plain\n\n']),
      (e) => events.push(e),
    );
    expect(events).toEqual([
      { event: 'poke', data: '{"version":7}' },
      { event: 'poke', data: 'a\nb' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('pulls when a poke announces a newer version, with the bearer token, until stopped', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { stream: true });
    engine.start();
    await until(() => engine.state.get().status === 'synced' && net.count('/api/sync/stream') === 1);
    const stream = net.calls.find((c) => c.path === '/api/sync/stream')!;
    expect(stream.headers.authorization).toBe(`Bearer ${user.token}`);

    // Another device writes; nobody calls syncNow: the poke brings it.
    await server.push(user.token, other.clientId, [other.m('task.create', { id: 'p1', title: 'Poked in' })]);
    await until(async () => (await liveTasks(db)).p1 !== undefined);
    expect((await db._meta.get('cursor'))?.value).toBe(1);

    await engine.stop();
    const pulls = net.count('/api/sync/pull');
    await server.push(user.token, other.clientId, [other.m('task.create', { id: 'p2', title: 'After stop' })]);
    await new Promise((r) => setTimeout(r, 150));
    expect(net.count('/api/sync/pull')).toBe(pulls);
    expect((await liveTasks(db)).p2).toBeUndefined();
    await db.delete();
  });

  it('reconnects after the stream drops and catches up on what it missed', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { stream: true, backoff: { minMs: 30, maxMs: 60 } });
    net.fail('/api/sync/stream');
    engine.start();
    await until(() => engine.state.get().status === 'synced');
    await server.push(user.token, other.clientId, [other.m('task.create', { id: 'missed', title: 'Written while the stream was down' })]);
    await until(() => net.count('/api/sync/stream') >= 2);
    expect((await liveTasks(db)).missed).toBeUndefined();
    net.heal();
    // On connect the server sends its current version, which is ahead of the cursor: the engine pulls.
    await until(async () => (await liveTasks(db)).missed !== undefined);
    await engine.stop();
    await db.delete();
  });
});
