import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { newSecret, sha256 } from '../../lib/ids.js';
import { runExclusive } from '../../lib/jobs.js';
import { createBot, handleUpdate } from './bot.js';
import { readState, stateOrCreate, writeState } from './repository.js';

/**
 * The bot's transport (docs/telegram.md). Without PUBLIC_URL: long polling, `getUpdates` in a loop, the offset
 * stored in `telegram_state` after each update is handled, so a crash or an outage redelivers and nothing is
 * lost; errors back off (doubling up to `backoffMs.max`). On PostgreSQL each turn runs under an advisory lock
 * (lib/jobs.ts `runExclusive`), so only one instance polls at a time. With PUBLIC_URL: `setWebhook` to
 * `{PUBLIC_URL}/api/telegram/webhook` with a random `secret_token` kept in the store (every instance registers
 * the same), and the webhook route checks it.
 */

export interface TelegramTuning {
  /** Back-off after a failed turn: starts at `min`, doubles up to `max` (ms). */
  backoffMs: { min: number; max: number };
  /** `getUpdates` long-poll timeout (seconds). */
  pollTimeoutSec: number;
  /** Pause before trying again when another instance holds the polling lock (ms). */
  lockedRetryMs: number;
}

export const DEFAULT_TELEGRAM_TUNING: TelegramTuning = { backoffMs: { min: 1_000, max: 60_000 }, pollTimeoutSec: 25, lockedRetryMs: 5_000 };

/** grammY's Node build types its signals with the `abort-controller` shim; Node's own AbortSignal is the same thing. */
type ApiSignal = NonNullable<Parameters<Bot['init']>[0]>;

const OFFSET = 'offset';
const WEBHOOK_SECRET = 'webhook_secret';
const ALLOWED_UPDATES = ['message'] as const;

export class TelegramService {
  readonly bot: Bot;
  private readonly abort = new AbortController();
  private readonly signal = this.abort.signal as unknown as ApiSignal;
  private running: Promise<void> | null = null;
  private secret: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    token: string,
    apiRoot: string,
    /** PUBLIC_URL: webhook mode when set. */
    private readonly publicUrl: string | null,
    private readonly tuning: TelegramTuning,
  ) {
    this.bot = createBot(app, token, apiRoot);
  }

  get mode(): 'webhook' | 'polling' {
    return this.publicUrl ? 'webhook' : 'polling';
  }

  /** The bot's username (`getMe`, asked once); throws while Telegram cannot be reached. */
  async username(): Promise<string> {
    if (!this.bot.isInited()) await this.bot.init(this.signal);
    return this.bot.botInfo.username;
  }

  /** Starts the transport in the background (the server's start does not wait for Telegram). */
  start(): void {
    this.running = (this.mode === 'webhook' ? this.registerWebhook() : this.poll()).catch((err: unknown) => {
      if (!this.abort.signal.aborted) this.app.log.error({ err }, 'telegram transport stopped');
    });
  }

  /** Stops polling (an open `getUpdates` is aborted) and waits for the loop to end. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  /** Whether `given` is the webhook's secret token (compared in constant time). */
  async webhookSecretMatches(given: string | undefined): Promise<boolean> {
    if (this.mode !== 'webhook' || !given) return false;
    const secret = (this.secret ??= await stateOrCreate(this.app.db, WEBHOOK_SECRET, newSecret));
    return timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(secret), 'hex'));
  }

  /** One update from the webhook; rejects when Telegram should deliver it again. */
  async receive(update: Update): Promise<void> {
    await this.username();
    await handleUpdate(this.app, this.bot, update);
  }

  /** Tells a chat something, best effort (the user unlinked from the app). */
  async tell(chatId: string, text: string): Promise<void> {
    try {
      await this.bot.api.sendMessage(chatId, text, undefined, this.signal);
    } catch (err) {
      this.app.log.warn({ err }, 'telegram message not sent');
    }
  }

  /** Runs `turn` until stopped, backing off after failures. */
  private async loop(turn: () => Promise<'done' | 'wait'>): Promise<void> {
    const { signal } = this.abort;
    let delay = this.tuning.backoffMs.min;
    while (!signal.aborted) {
      let pause: number;
      try {
        if ((await turn()) === 'done') return;
        pause = this.tuning.lockedRetryMs;
        delay = this.tuning.backoffMs.min;
      } catch (err) {
        if (signal.aborted) return;
        this.app.log.warn({ err, retryInMs: delay }, 'telegram: Bot API call failed; trying again');
        pause = delay;
        delay = Math.min(delay * 2, this.tuning.backoffMs.max);
      }
      await sleep(pause, undefined, { signal }).catch(() => undefined);
    }
  }

  private registerWebhook(): Promise<void> {
    return this.loop(async () => {
      await this.username();
      const secret = (this.secret ??= await stateOrCreate(this.app.db, WEBHOOK_SECRET, newSecret));
      await this.bot.api.setWebhook(
        `${this.publicUrl}/api/telegram/webhook`,
        { secret_token: secret, allowed_updates: [...ALLOWED_UPDATES] },
        this.signal,
      );
      this.app.log.info('telegram webhook registered');
      return 'done';
    });
  }

  private poll(): Promise<void> {
    let webhookCleared = false;
    return this.loop(async () => {
      await this.username();
      // getUpdates is refused while a webhook is set (one left from an earlier PUBLIC_URL).
      if (!webhookCleared) webhookCleared = await this.bot.api.deleteWebhook({ drop_pending_updates: false }, this.signal);
      while (!this.abort.signal.aborted) {
        if (!(await runExclusive(this.app.db, 'telegram-poll', () => this.pollOnce()))) return 'wait';
      }
      return 'done';
    });
  }

  /** One `getUpdates`, each update handled and then its offset stored. */
  private async pollOnce(): Promise<void> {
    const offset = Number((await readState(this.app.db, OFFSET)) ?? '0');
    const updates = await this.bot.api.getUpdates(
      { offset, timeout: this.tuning.pollTimeoutSec, allowed_updates: [...ALLOWED_UPDATES] },
      this.signal,
    );
    for (const update of updates) {
      if (this.abort.signal.aborted) return;
      await handleUpdate(this.app, this.bot, update);
      await writeState(this.app.db, OFFSET, String(update.update_id + 1));
    }
  }
}
