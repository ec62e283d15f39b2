import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { HubRelay, SyncHub } from './hub.js';
import { readSeqs } from './sync-state.js';

/** The NOTIFY channel every instance of one store listens on (docs/sync.md, "Several instances"). */
export const SYNC_CHANNEL = 'adhd_sync';

/** NOTIFY payloads must stay under 8000 bytes: a message is cut well before. */
const MAX_PAYLOAD = 7_000;

/** Sessions ended on an instance (`SyncHub.endSessions`): `user` null means "whoever's they are". */
interface Ended {
  user: string | null;
  sessions: readonly string[] | 'all';
  except?: string;
}

/**
 * One message on the channel: who sent it (`from`, an id of the sending process), users now at a version
 * (`pokes`: [userId, version] pairs), and sessions that ended (`ends`).
 */
export interface FanoutMessage {
  from: string;
  pokes?: [string, number][];
  ends?: Ended[];
}

export interface FanoutLog {
  warn(obj: object, msg: string): void;
}

/**
 * Links this instance's SyncHub to the other instances of one PostgreSQL store. What the hub announces (a write
 * committed here, sessions ended here) is sent with `pg_notify` once per event-loop turn, the pokes of the turn
 * coalesced (a user's highest version); what the listening connection hears from other instances goes to the
 * local streams. Pokes are hints: a lost one only delays a device until its next pull (the stream sends the
 * current version on every reconnect, and the instance pokes every local stream after its listening connection
 * comes back).
 */
export class Fanout implements HubRelay {
  /** Names this process in messages, so it skips its own (INSTANCE_ID may be shared by mistake: a random tail). */
  readonly sender: string;
  private pokes = new Map<string, number>();
  private ends: Ended[] = [];
  private scheduled = false;
  private sending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: SyncHub,
    instanceId: string,
    private readonly log: FanoutLog,
  ) {
    this.sender = `${instanceId}/${randomBytes(4).toString('hex')}`;
  }

  poked(userId: string, version: number): void {
    this.pokes.set(userId, Math.max(version, this.pokes.get(userId) ?? 0));
    this.schedule();
  }

  sessionsEnded(userId: string | null, sessionIds: readonly string[] | 'all', except?: string): void {
    this.ends.push({ user: userId, sessions: sessionIds === 'all' ? 'all' : [...sessionIds], ...(except ? { except } : {}) });
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const payloads = this.payloads();
      this.sending = Promise.all(
        payloads.map((p) => dialectOf(this.db).notify(this.db, SYNC_CHANNEL, p).catch((err: unknown) => this.log.warn({ err }, 'sync poke to other instances failed'))),
      );
    });
  }

  /** What is queued, as payloads under MAX_PAYLOAD bytes. */
  private payloads(): string[] {
    const out: string[] = [];
    let message: FanoutMessage = { from: this.sender };
    const size = () => Buffer.byteLength(JSON.stringify(message));
    const add = (put: () => void, undo: () => void) => {
      put();
      if (size() <= MAX_PAYLOAD) return;
      undo();
      out.push(JSON.stringify(message));
      message = { from: this.sender };
      put();
    };
    for (const pair of this.pokes) add(() => (message.pokes ??= []).push(pair), () => message.pokes!.pop());
    for (const ended of this.chunkedEnds()) add(() => (message.ends ??= []).push(ended), () => message.ends!.pop());
    if (message.pokes || message.ends) out.push(JSON.stringify(message));
    this.pokes = new Map();
    this.ends = [];
    return out;
  }

  /** Long session lists in pieces that each fit in a message. */
  private *chunkedEnds(): Generator<Ended> {
    for (const e of this.ends) {
      if (e.sessions === 'all') yield e;
      else for (let i = 0; i < e.sessions.length; i += 50) yield { ...e, sessions: e.sessions.slice(i, i + 50) };
    }
  }

  /** A payload heard on the channel: apply another instance's message to the local streams. */
  receive(payload: string): void {
    let message: FanoutMessage;
    try {
      message = JSON.parse(payload) as FanoutMessage;
    } catch {
      return;
    }
    if (message.from === this.sender) return;
    for (const [userId, version] of message.pokes ?? []) this.hub.deliver(userId, version);
    for (const e of message.ends ?? []) this.hub.closeSessions(e.user, e.sessions, e.except);
  }

  /** The listening connection came back: pokes sent meanwhile are lost, so every local stream hears its version. */
  async catchUp(): Promise<void> {
    const versions = await readSeqs(this.db, this.hub.users());
    for (const [userId, version] of versions) this.hub.deliver(userId, version);
  }

  /** Wait for the messages being sent (tests; shutdown). */
  async flushed(): Promise<void> {
    while (this.scheduled) await new Promise<void>((resolve) => setImmediate(resolve));
    await this.sending;
  }
}
