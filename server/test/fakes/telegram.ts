import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the Telegram Bot API for the bot's tests (`TELEGRAM_API_URL` = `fake.url`): an HTTP server on
 * 127.0.0.1 (random port) answering `POST /bot<token>/<method>` as Telegram does (`{ ok, result }` or
 * `{ ok: false, error_code, description }`) for getMe, getUpdates, setWebhook, deleteWebhook and sendMessage.
 *
 *   const fake = await startFakeTelegram();
 *   const id = fake.message(chat, 'Buy milk');          // queue an update (its update_id)
 *   await vi.waitFor(() => expect(fake.sentTo(chat.id)).toHaveLength(1));
 *   fake.fail('getUpdates', 3);                          // an outage: the next 3 calls answer 502
 *
 * getUpdates keeps Telegram's offset semantics: a call with `offset` confirms (forgets) every update below it, and
 * answers the pending ones from there; with none pending it waits (long polling) until one is queued, its
 * `timeout` passes or the caller goes away. While a webhook is set it answers 409, as Telegram does.
 */

export const FAKE_TOKEN = '123456789:AAE_fake_token_for_tests_0123456789';
export const FAKE_BOT_USERNAME = 'adhd_test_bot';

export interface FakeChat {
  id: number;
  username?: string;
  languageCode?: string;
  type?: 'private' | 'group';
}

interface Sent {
  chat_id: string;
  text: string;
}

type Update = { update_id: number } & Record<string, unknown>;

export interface FakeTelegram {
  url: string;
  /** Every call by method name, in order, with its parameters. */
  calls: { method: string; params: Record<string, unknown> }[];
  /** The webhook set by `setWebhook` (null after `deleteWebhook`). */
  webhook: { url: string; secret_token?: string } | null;
  /** Queues a text message from `chat` (or `extra` for a caption, a forward); answers the update's update_id. */
  message(chat: FakeChat, text: string | undefined, extra?: Record<string, unknown>): number;
  /** The update a `message` call would queue, without queueing it (for webhook calls). */
  update(chat: FakeChat, text: string | undefined, extra?: Record<string, unknown>): Update;
  /** The texts sent to the chat by `sendMessage`. */
  sentTo(chatId: number): string[];
  /** The next `times` calls of `method` fail with `status` (an outage). */
  fail(method: string, times: number, status?: number): void;
  /** Updates queued and not yet confirmed by an offset. */
  pending(): number[];
  /** The most getUpdates calls that were open at the same time (Telegram refuses a second one: 409). */
  maxConcurrentPolls(): number;
  close(): Promise<void>;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  let queue: Update[] = [];
  const sent: Sent[] = [];
  const failures = new Map<string, { times: number; status: number }>();
  const waiters = new Set<() => void>();
  const calls: FakeTelegram['calls'] = [];
  let openPolls = 0;
  let maxOpenPolls = 0;

  const wake = () => {
    for (const w of [...waiters]) w();
  };

  const ok = (res: ServerResponse, result: unknown) => send(res, 200, { ok: true, result });
  const error = (res: ServerResponse, status: number, description: string) => send(res, status, { ok: false, error_code: status, description });

  const getUpdates = async (req: IncomingMessage, res: ServerResponse, params: Record<string, unknown>) => {
    if (fake.webhook) return error(res, 409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
    openPolls++;
    maxOpenPolls = Math.max(maxOpenPolls, openPolls);
    try {
      await longPoll(req, res, params);
    } finally {
      openPolls--;
    }
  };

  const longPoll = async (req: IncomingMessage, res: ServerResponse, params: Record<string, unknown>) => {
    const offset = Number(params.offset ?? 0);
    if (offset > 0) queue = queue.filter((u) => u.update_id >= offset);
    const deadline = Date.now() + Number(params.timeout ?? 0) * 1000;
    while (queue.length === 0 && Date.now() < deadline && !req.destroyed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          req.off('close', done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, deadline - Date.now()));
        waiters.add(done);
        req.once('close', done);
      });
    }
    if (res.destroyed) return;
    ok(res, queue.slice(0, Number(params.limit ?? 100)));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!match || match[1] !== FAKE_TOKEN) return error(res, 401, 'Unauthorized');
      const method = match[2]!;
      const raw = Buffer.concat(chunks).toString('utf8');
      const params = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      calls.push({ method, params });
      const failure = failures.get(method);
      if (failure && failure.times > 0) {
        failure.times--;
        return error(res, failure.status, 'Bad Gateway');
      }
      switch (method) {
        case 'getMe':
          return ok(res, { id: 123456789, is_bot: true, first_name: 'ADHD test bot', username: FAKE_BOT_USERNAME, can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false });
        case 'getUpdates':
          return void getUpdates(req, res, params);
        case 'setWebhook':
          fake.webhook = { url: String(params.url), ...(params.secret_token ? { secret_token: String(params.secret_token) } : {}) };
          wake();
          return ok(res, true);
        case 'deleteWebhook':
          fake.webhook = null;
          return ok(res, true);
        case 'sendMessage': {
          sent.push({ chat_id: String(params.chat_id), text: String(params.text) });
          const chatId = Number(params.chat_id);
          return ok(res, { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private', first_name: 'User' }, text: params.text });
        }
        default:
          return error(res, 404, 'Not Found: method not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const build = (chat: FakeChat, text: string | undefined, extra: Record<string, unknown> = {}): Update => ({
    update_id: nextUpdateId++,
    message: {
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chat.id, type: chat.type ?? 'private', first_name: 'User', ...(chat.username ? { username: chat.username } : {}) },
      from: { id: chat.id, is_bot: false, first_name: 'User', ...(chat.username ? { username: chat.username } : {}), ...(chat.languageCode ? { language_code: chat.languageCode } : {}) },
      ...(text !== undefined ? { text } : {}),
      ...(text?.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] } : {}),
      ...extra,
    },
  });

  const fake: FakeTelegram = {
    url: `http://127.0.0.1:${port}`,
    calls,
    webhook: null,
    message(chat, text, extra) {
      const update = build(chat, text, extra);
      queue.push(update);
      wake();
      return update.update_id;
    },
    update: build,
    sentTo: (chatId) => sent.filter((s) => s.chat_id === String(chatId)).map((s) => s.text),
    fail(method, times, status = 502) {
      failures.set(method, { times, status });
    },
    pending: () => queue.map((u) => u.update_id),
    maxConcurrentPolls: () => maxOpenPolls,
    async close() {
      wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
