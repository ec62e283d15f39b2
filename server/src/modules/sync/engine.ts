import type { Kysely } from 'kysely';
import { MutationError, type MutationOutcome } from '@adhd/shared/sync/mutator';
import { ENTITY_TYPES, type EntityType, type Mutation, type MutationResult, type PullResponse, type PushResponse } from '@adhd/shared/sync/protocol';
import { runMutation } from '@adhd/shared/sync/registry';
import type { Database } from '../../db/schema.js';
import { forbidden, HttpError } from '../../lib/errors.js';
import { readTransaction, writeTransaction } from '../../lib/transaction.js';
import type { SyncHub } from '../../plugins/sync-hub.js';
import { bumpSeq, changesSince, findClient, readSeq, saveClient, upsertEntities, type Db, type ReadRow } from './repository.js';
import { ServerTx } from './server-tx.js';

interface EngineDeps {
  db: Kysely<Database>;
  kind: 'sqlite' | 'postgres';
  hub: SyncHub;
  clock?: () => Date;
}

/**
 * The one write path of the server (design/sync.md §4): every sync push and every REST write runs named
 * mutations through `ServerTx`, then bumps the user's version counter once, writes the changed rows with their
 * versions and the client's lastMutationId in the same transaction, and pokes the user's streams after commit.
 */
export class SyncEngine {
  constructor(private readonly deps: EngineDeps) {}

  private now(): string {
    return (this.deps.clock?.() ?? new Date()).toISOString();
  }

  private async flush(trx: Db, userId: string, tx: ServerTx) {
    if (tx.changeCount === 0) return { seq: null, versions: new Map<string, number>() };
    const seq = await bumpSeq(trx, userId, tx.changeCount);
    const { rows, versions } = tx.rowsToWrite(seq - tx.changeCount + 1);
    await upsertEntities(trx, userId, rows);
    return { seq, versions };
  }

  /** Apply a sync push (exactly once per mutation id; see the protocol rules in docs/sync.md). */
  async push(userId: string, clientId: string, mutations: Mutation[]): Promise<PushResponse> {
    const now = this.now();
    const outcome = await writeTransaction(this.deps.db, this.deps.kind, async (trx) => {
      const client = await findClient(trx, clientId);
      if (client && client.user_id !== userId) throw forbidden('This client belongs to another user');
      const last = Number(client?.last_mutation_id ?? 0);

      // Check the whole batch before any effect: after the already-processed ids it must continue at last+1.
      let expected = last + 1;
      for (const m of mutations) {
        if (m.id <= last) continue;
        if (m.id !== expected) {
          throw new HttpError(409, 'MUTATION_GAP', 'Mutation ids must follow each other', undefined, { expected });
        }
        expected++;
      }

      const tx = new ServerTx(trx, userId, now);
      await prefetchRows(tx, mutations.filter((m) => m.id > last));
      const results: MutationResult[] = [];
      const touched: { index: number; keys: string[]; outcome: MutationOutcome }[] = [];
      let lastMutationId = last;
      for (const m of mutations) {
        if (m.id <= lastMutationId) {
          results.push({ id: m.id, status: 'skipped' });
          continue;
        }
        tx.begin();
        try {
          const result = await runMutation(tx, m.name, m.args);
          touched.push({ index: results.length, keys: tx.commitLayer(), outcome: result });
          results.push({ id: m.id, status: 'applied', version: null });
        } catch (err) {
          tx.dropLayer();
          if (!(err instanceof MutationError)) throw err;
          results.push({ id: m.id, status: 'rejected', code: err.code, message: err.message });
        }
        lastMutationId = m.id;
      }

      const { seq, versions } = await this.flush(trx, userId, tx);
      for (const t of touched) {
        const v = t.keys.map((k) => versions.get(k) ?? 0);
        results[t.index] = {
          id: mutations[t.index]!.id,
          status: 'applied',
          version: v.length ? Math.max(...v) : null,
          ...(t.outcome.reparented ? { reparented: true } : {}),
        };
      }
      if (!client || lastMutationId !== last) await saveClient(trx, clientId, userId, lastMutationId, now);
      return { seq, response: { lastMutationId, results } satisfies PushResponse };
    });
    if (outcome.seq !== null) this.deps.hub.poke(userId, outcome.seq);
    return outcome.response;
  }

  /**
   * Run mutations for a REST request: all or nothing, domain errors thrown as MutationError (the error handler
   * maps them to 400/404/409). `read` runs inside the same transaction after the writes.
   */
  async run<T>(
    userId: string,
    work: (exec: (name: string, args: unknown) => Promise<MutationOutcome>, trx: Db) => Promise<void>,
    read: (trx: Db) => Promise<T>,
  ): Promise<T> {
    const now = this.now();
    const outcome = await writeTransaction(this.deps.db, this.deps.kind, async (trx) => {
      const tx = new ServerTx(trx, userId, now);
      await work(async (name, args) => {
        tx.begin();
        const result = await runMutation(tx, name, args);
        tx.commitLayer();
        return result;
      }, trx);
      const { seq } = await this.flush(trx, userId, tx);
      return { seq, value: await read(trx) };
    });
    if (outcome.seq !== null) this.deps.hub.poke(userId, outcome.seq);
    return outcome.value;
  }

  /** A page of changes after `cursor`, with the client's lastMutationId read in the same snapshot. */
  async pull(userId: string, clientId: string, cursor: number, limit: number): Promise<PullResponse> {
    return JSON.parse(await this.pullJson(userId, clientId, cursor, limit)) as PullResponse;
  }

  /**
   * `pull` as JSON text. A full sync moves every row the user has, so the stored JSON of each row is spliced
   * into the answer instead of being parsed and serialized again.
   */
  async pullJson(userId: string, clientId: string, cursor: number, limit: number): Promise<string> {
    return readTransaction(this.deps.db, this.deps.kind, async (trx) => {
      const client = await findClient(trx, clientId);
      if (client && client.user_id !== userId) throw forbidden('This client belongs to another user');
      const lastMutationId = Number(client?.last_mutation_id ?? 0);
      const { seq, minVersion } = await readSeq(trx, userId);
      // A cursor from before garbage-collected tombstones, or from another database, starts over.
      const reset = cursor > seq || (cursor > 0 && cursor < minVersion);
      const from = reset ? 0 : cursor;
      const rows = await changesSince(trx, userId, from, limit + 1);
      const hasMore = rows.length > limit;
      const page = hasMore ? rows.slice(0, limit) : rows;
      const nextCursor = hasMore ? Number(page[page.length - 1]!.version) : Math.max(seq, from);
      const changes = page.map(changeJson).join(',');
      return `{"cursor":${nextCursor},"hasMore":${hasMore},"reset":${reset},"lastMutationId":${lastMutationId},"changes":[${changes}]}`;
    });
  }

  async currentVersion(userId: string): Promise<number> {
    return (await readSeq(this.deps.db, userId)).seq;
  }
}

/**
 * The rows a batch of mutations will read, fetched with one query per type: by convention a mutation named
 * `<type>.<verb>` names its row in `args.id` and a parent in `args.parent`.
 */
async function prefetchRows(tx: ServerTx, mutations: Mutation[]): Promise<void> {
  const byType = new Map<EntityType, Set<string>>();
  for (const m of mutations) {
    const type = m.name.split('.')[0] as EntityType;
    if (!ENTITY_TYPES.includes(type) || !m.args || typeof m.args !== 'object') continue;
    const args = m.args as Record<string, unknown>;
    let ids = byType.get(type);
    if (!ids) byType.set(type, (ids = new Set()));
    for (const v of [args.id, args.parent]) if (typeof v === 'string' && v.length <= 100) ids.add(v);
  }
  for (const [type, ids] of byType) await tx.prefetch(type, ids);
}

/** One `Change` as JSON: tombstones without data; live rows with their stored JSON plus the timestamps. */
function changeJson(r: ReadRow): string {
  const head = `{"entity":${JSON.stringify(r.type)},"id":${JSON.stringify(r.id)},"version":${Number(r.version)}`;
  if (r.deleted) return `${head},"deleted":true}`;
  const body = r.data.length > 2 ? `${r.data.slice(1, -1)},` : '';
  return `${head},"deleted":false,"data":{${body}"createdAt":${JSON.stringify(r.created_at)},"updatedAt":${JSON.stringify(r.updated_at)}}}`;
}
