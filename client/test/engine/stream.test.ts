import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEventStream, type SseEvent } from '../../src/db/sse';
import { SyncHttpError, type SyncHttp } from '../../src/db/sync-http';
import { PokeStream, STREAM_SILENCE_MS } from '../../src/db/sync-stream';
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

describe('poke stream watchdog', () => {
  afterEach(() => vi.useRealTimers());

  /** An HTTP layer whose every stream stays open; `ping(i)` writes a `: ping` comment on connection i. */
  function openStreams() {
    const controllers: ReadableStreamDefaultController<Uint8Array>[] = [];
    const cancelled: number[] = [];
    const http = {
      stream: vi.fn(async (_path: string, signal: AbortSignal) => {
        if (signal.aborted) throw new Error('aborted');
        const i = controllers.length;
        return new ReadableStream<Uint8Array>({
          start: (c) => void controllers.push(c),
          cancel: () => void cancelled.push(i),
        });
      }),
    };
    const ping = (i: number) => controllers[i]!.enqueue(new TextEncoder().encode(': ping\n\n'));
    return { http: http as unknown as SyncHttp & typeof http, ping, cancelled };
  }

  const events = () => ({ connected: vi.fn(), poked: vi.fn(), refused: vi.fn() });

  it('aborts a connection silent for 60 s and connects again', async () => {
    vi.useFakeTimers();
    const { http, cancelled } = openStreams();
    const stream = new PokeStream(http, { minMs: 1000, maxMs: 1000 }, events());
    stream.start();
    await vi.advanceTimersByTimeAsync(STREAM_SILENCE_MS - 1000);
    expect(http.stream).toHaveBeenCalledTimes(1);
    expect(cancelled).toEqual([]);
    // Silence reaches 60 s: the connection is dropped, and after the backoff (at most 1 s) a new one opens.
    await vi.advanceTimersByTimeAsync(1000 + 1000);
    expect(cancelled).toEqual([0]);
    expect(http.stream).toHaveBeenCalledTimes(2);
    stream.stop();
  });

  it('waits out a 429 Retry-After before connecting again (too many streams)', async () => {
    vi.useFakeTimers();
    const { http } = openStreams();
    const open = http.stream.getMockImplementation()!;
    http.stream.mockImplementationOnce(async () => {
      throw new SyncHttpError('rateLimited', 429, {}, null, 20_000);
    });
    http.stream.mockImplementation(open);
    const stream = new PokeStream(http, { minMs: 1000, maxMs: 1000 }, events());
    stream.start();
    await vi.advanceTimersByTimeAsync(19_000);
    expect(http.stream).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(http.stream).toHaveBeenCalledTimes(2);
    stream.stop();
  });

  it('keeps a connection that the server pings every 25 s', async () => {
    vi.useFakeTimers();
    const { http, ping, cancelled } = openStreams();
    const stream = new PokeStream(http, { minMs: 1000, maxMs: 1000 }, events());
    stream.start();
    for (let t = 0; t < 8; t++) {
      await vi.advanceTimersByTimeAsync(25_000);
      ping(0);
    }
    expect(http.stream).toHaveBeenCalledTimes(1);
    expect(cancelled).toEqual([]);
    stream.stop();
    await vi.advanceTimersByTimeAsync(STREAM_SILENCE_MS * 2);
    expect(http.stream).toHaveBeenCalledTimes(1);
  });
});
