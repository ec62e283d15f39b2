import type { FastifyInstance } from 'fastify';
import { MemoryTx } from '@adhd/shared/sync/memory-tx';
import { MutationError } from '@adhd/shared/sync/mutator';
import type { EntityType, Mutation, PullResponse, PushResponse } from '@adhd/shared/sync/protocol';
import { runMutation, runWireMutation, type MutationArgs, type MutationName } from '@adhd/shared/sync/registry';

/**
 * A scripted replica that follows the client half of the protocol (design/sync.md §3): local writes run the
 * shared mutators against the local view and land in an outbox; pull applies server rows to the confirmed
 * base, drops confirmed mutations (only when hasMore is false) and rebases what is still pending.
 */
export class ScriptedClient {
  /** Server state as last pulled. */
  base = new MemoryTx();
  /** What the user sees: base + pending mutations. */
  view = new MemoryTx();
  outbox: Mutation[] = [];
  nextId = 1;
  cursor = 0;
  /** The database epoch of `cursor` (docs/sync.md, "Database epoch"), sent back with each pull like the app does. */
  epoch: string | undefined;
  lastPush: PushResponse | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string>,
    readonly clientId: string,
  ) {}

  /** The same device (its state, outbox and client id) talking to `app` from now on: the server was restarted. */
  moveTo(app: FastifyInstance): ScriptedClient {
    const moved = new ScriptedClient(app, this.headers, this.clientId);
    Object.assign(moved, { base: this.base, view: this.view, outbox: this.outbox, nextId: this.nextId, cursor: this.cursor, epoch: this.epoch });
    return moved;
  }

  /** A local write: applied to the view at once and queued, or refused locally like the app would. */
  async mutate<N extends MutationName>(name: N, args: MutationArgs<N>): Promise<boolean> {
    const snapshot = this.view.snapshot();
    try {
      await runMutation(this.view, name, args);
    } catch (err) {
      this.view.restore(snapshot);
      if (err instanceof MutationError) return false;
      throw err;
    }
    this.outbox.push({ id: this.nextId++, name, args, clientTime: new Date().toISOString() });
    return true;
  }

  async pushRaw(mutations: Mutation[]) {
    return this.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: this.headers,
      payload: { clientId: this.clientId, schemaVersion: 1, mutations },
    });
  }

  /** Push the whole outbox. `lose` drops the request ('request') or its answer ('response'). */
  async push(lose: 'none' | 'request' | 'response' = 'none'): Promise<PushResponse | null> {
    if (this.outbox.length === 0 || lose === 'request') return null;
    let res = await this.pushRaw(this.outbox);
    const expected = res.statusCode === 409 ? Number(res.json().expected) : NaN;
    if (expected > 0 && expected < this.outbox[0]!.id) {
      // The server is behind the outbox (a restored backup): like the app, number the outbox from `expected`.
      this.outbox = this.outbox.map((m, i) => ({ ...m, id: expected + i }));
      this.nextId = expected + this.outbox.length;
      res = await this.pushRaw(this.outbox);
    }
    if (res.statusCode !== 200) throw new Error(`push failed ${res.statusCode}: ${res.body}`);
    this.lastPush = res.json();
    return lose === 'response' ? null : this.lastPush;
  }

  async pullPage(limit = 500): Promise<PullResponse> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/sync/pull',
      headers: this.headers,
      payload: { clientId: this.clientId, cursor: this.cursor, limit, schemaVersion: 1, ...(this.epoch === undefined ? {} : { epoch: this.epoch }) },
    });
    if (res.statusCode !== 200) throw new Error(`pull failed ${res.statusCode}: ${res.body}`);
    return res.json();
  }

  /** Pull until caught up, then rebase the pending outbox on the new base. */
  async pull(limit = 500): Promise<void> {
    for (;;) {
      const page = await this.pullPage(limit);
      if (page.reset) this.base = new MemoryTx();
      for (const change of page.changes) {
        const table = this.base.tables.get(change.entity) ?? new Map();
        this.base.tables.set(change.entity, table);
        if (change.deleted) {
          const old = table.get(change.id);
          table.set(change.id, { id: change.id, data: old?.data ?? {}, deleted: true, createdAt: old?.createdAt ?? '', updatedAt: '' });
        } else {
          const { createdAt, updatedAt, ...data } = change.data as Record<string, unknown>;
          table.set(change.id, { id: change.id, data, deleted: false, createdAt: String(createdAt), updatedAt: String(updatedAt) });
        }
      }
      this.cursor = page.cursor;
      this.epoch = page.epoch;
      if (!page.hasMore) {
        this.outbox = this.outbox.filter((m) => m.id > page.lastMutationId);
        await this.rebase();
        return;
      }
    }
  }

  private async rebase(): Promise<void> {
    this.view = new MemoryTx(this.base.snapshot());
    for (const m of this.outbox) {
      const snapshot = this.view.snapshot();
      try {
        await runWireMutation(this.view, m.name, m.args);
      } catch (err) {
        this.view.restore(snapshot);
        if (!(err instanceof MutationError)) throw err;
      }
    }
  }

  /** Live rows of a type as comparable plain data. */
  liveRows(type: EntityType = 'task') {
    return this.view.live(type).map((r) => ({ id: r.id, data: r.data }));
  }
}

/** A `note.create` mutation with `size` characters of content. */
export const noteCreate = (id: number, noteId: string, size: number): Mutation => ({
  id,
  name: 'note.create',
  args: { id: noteId, title: `note ${noteId}`, content: 'x'.repeat(size) },
});
