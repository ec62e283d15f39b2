import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { MutationError, type MutationOutcome } from '@adhd/shared/sync/mutator';
import {
  QUOTA_EXCEEDED,
  type EntityType,
  type Mutation,
  type MutationResult,
  type PullResponse,
  type PushResponse,
} from '@adhd/shared/sync/protocol';
import {
  prepareMutation,
  readsOf,
  runPrepared,
  type MutationArgs,
  type MutationName,
  type PreparedMutation,
} from '@adhd/shared/sync/registry';
import type { Database } from '../../db/schema.js';
import { forbidden, HttpError } from '../../lib/errors.js';
import { readTransaction, writeTransaction } from '../../lib/transaction.js';
import type { SyncHub } from '../../plugins/sync-hub.js';
import { MutationHooks, type HookContext } from './hooks.js';
import { DEFAULT_SYNC_LIMITS, WriteLimiter, type SyncLimits } from './limits.js';
import {
  addEpoch,
  bumpSeq,
  changeSizes,
  changesSince,
  epochKnown,
  findClient,
  findRejections,
  forgetRejectionsBelow,
  newestEpoch,
  readSeq,
  saveClient,
  saveRejections,
  upsertEntities,
  type Db,
  type ReadRow,
  type Rejection,
} from './repository.js';
import { ServerTx } from './server-tx.js';

interface EngineDeps {
  db: Kysely<Database>;
  kind: 'sqlite' | 'postgres';
  hub: SyncHub;
  clock?: () => Date;
  limits?: Partial<SyncLimits>;
}

/** Runs one typed mutation inside `SyncEngine.run`: a misspelt name or wrongly typed args fail to compile. */
export type Exec = <N extends MutationName>(name: N, args: MutationArgs<N>) => Promise<MutationOutcome>;

/** The pull request fields the engine reads. */
export interface PullParams {
  cursor: number;
  limit: number;
  /** The epoch of the client's cursor, when it sent one. */
  epoch?: string | undefined;
}

/** Bytes a change costs in the page besides its row's JSON (entity, id, version, timestamps). */
const CHANGE_OVERHEAD = 160;

/**
 * The user's storage quota while a transaction runs: the stored byte total plus what the mutations so far
 * added. A mutation that adds data past the quota is refused; one that deletes or shrinks data never is.
 */
class Quota {
  delta = 0;
  constructor(
    private readonly stored: number,
    private readonly limit: number,
  ) {}

  /** Take the running mutation's size change, or answer why not. */
  admit(change: number): string | null {
    if (change > 0 && this.stored + this.delta + change > this.limit) {
      const mb = Math.round(this.limit / (1024 * 1024));
      return `Storage limit reached: this account may store ${mb} MB. Delete something to make room`;
    }
    this.delta += change;
    return null;
  }
}

/**
 * The one write path of the server (design/sync.md §4): every sync push and every REST write runs named
 * mutations through `ServerTx`, then bumps the user's version counter once, writes the changed rows with their
 * versions and the client's lastMutationId in the same transaction, and pokes the user's streams after commit.
 */
export class SyncEngine {
  readonly limits: SyncLimits;
  /** Server-only work after a mutation, in its transaction (see hooks.ts). */
  readonly hooks = new MutationHooks();
  private readonly writes: WriteLimiter;
  /** When this process last opened a database epoch (ms). */
  private epochAt = 0;

  constructor(private readonly deps: EngineDeps) {
    this.limits = { ...DEFAULT_SYNC_LIMITS, ...deps.limits };
    this.writes = new WriteLimiter(this.limits, () => this.clock().getTime());
  }

  private clock(): Date {
    return this.deps.clock?.() ?? new Date();
  }

  private now(): string {
    return this.clock().toISOString();
  }

  /** Open a new database epoch (docs/sync.md, "Database epoch"): at every start, and from writes now and then. */
  async openEpoch(db: Db = this.deps.db): Promise<void> {
    await addEpoch(db, randomBytes(12).toString('base64url'), this.now());
    this.epochAt = this.clock().getTime();
  }

  private async flush(trx: Db, userId: string, tx: ServerTx, bytes: number) {
    if (tx.changeCount === 0) return { seq: null, versions: new Map<string, number>() };
    const seq = await bumpSeq(trx, userId, tx.changeCount, bytes);
    const { rows, versions } = await tx.rowsToWrite(seq - tx.changeCount + 1);
    await upsertEntities(trx, userId, rows, tx.pace);
    if (this.clock().getTime() - this.epochAt >= this.limits.epochRotateMs) await this.openEpoch(trx);
    return { seq, versions };
  }

  /**
   * Apply a sync push (exactly once per mutation id; see the protocol rules in docs/sync.md). A batch that has
   * run `batchBudgetMs` or staged `batchMaxRows` row writes stops taking mutations: `lastMutationId` says how
   * far it got and the client sends the rest again.
   */
  async push(userId: string, clientId: string, mutations: Mutation[]): Promise<PushResponse> {
    this.writes.check(userId);
    const now = this.now();
    let ran = 0;
    const outcome = await writeTransaction(this.deps.db, this.deps.kind, async (trx) => {
      const started = performance.now();
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

      const replayed = await this.replayedRejections(trx, client ? clientId : null, last, mutations);
      const tx = new ServerTx(trx, userId, now);
      const prepared = new Map(mutations.filter((m) => m.id > last).map((m) => [m.id, tryPrepare(m)]));
      await prefetchRows(tx, [...prepared.values()]);
      const quota = new Quota((await readSeq(trx, userId)).bytes, this.limits.quotaBytes);
      const results: MutationResult[] = [];
      const touched: { index: number; keys: string[]; outcome: MutationOutcome }[] = [];
      let lastMutationId = last;
      for (const m of mutations) {
        if (m.id <= lastMutationId) {
          const refused = replayed.get(m.id);
          results.push(refused ? { id: m.id, status: 'rejected', code: refused.code, message: refused.message } : { id: m.id, status: 'skipped' });
          continue;
        }
        if (ran > 0 && (performance.now() - started > this.limits.batchBudgetMs || tx.changeCount > this.limits.batchMaxRows)) break;
        ran++;
        tx.begin();
        try {
          const mutation = prepared.get(m.id)!;
          if (mutation instanceof MutationError) throw mutation;
          const result = await this.runOne({ userId, trx, tx, now }, mutation);
          const refused = quota.admit(await tx.layerBytes());
          if (refused) {
            tx.dropLayer();
            results.push({ id: m.id, status: 'rejected', code: QUOTA_EXCEEDED, message: refused });
          } else {
            touched.push({ index: results.length, keys: tx.commitLayer(), outcome: result });
            results.push({ id: m.id, status: 'applied', version: null });
          }
        } catch (err) {
          tx.dropLayer();
          if (!(err instanceof MutationError)) throw err;
          results.push({ id: m.id, status: 'rejected', code: err.code, message: err.message });
        }
        lastMutationId = m.id;
      }

      const { seq, versions } = await this.flush(trx, userId, tx, quota.delta);
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
      const rejected = results.flatMap((r) => (r.status === 'rejected' && r.id > last ? [{ id: r.id, code: r.code, message: r.message ?? '' }] : []));
      await saveRejections(trx, clientId, rejected, now);
      return { seq, response: { lastMutationId, results } satisfies PushResponse };
    }).finally(() => this.writes.charge(userId, ran));
    if (outcome.seq !== null) this.deps.hub.poke(userId, outcome.seq);
    return outcome.response;
  }

  /** Run a mutation's shared mutator, then its server hooks, in the running layer of `ctx.tx`. */
  private async runOne(ctx: HookContext, mutation: PreparedMutation): Promise<MutationOutcome> {
    const outcome = await runPrepared(ctx.tx, mutation);
    await this.hooks.runAfter(ctx, mutation, outcome);
    return outcome;
  }

  /**
   * The remembered rejections (docs/sync.md, push) of the already processed ids of a push (those up to `last`),
   * so a retry whose first answer was lost hears them again. The client's rows below the batch's first id are
   * forgotten first: a client sends from the first id whose answer it has not taken in.
   */
  private async replayedRejections(trx: Db, clientId: string | null, last: number, mutations: Mutation[]) {
    if (clientId === null || mutations.length === 0) return new Map<number, Rejection>();
    const first = Math.min(...mutations.map((m) => m.id));
    await forgetRejectionsBelow(trx, clientId, first);
    return first > last ? new Map<number, Rejection>() : findRejections(trx, clientId, first, last);
  }

  /**
   * Run mutations for a REST request: all or nothing, domain errors thrown as MutationError (the error handler
   * maps them to 400/404/409). `read` runs inside the same transaction after the writes.
   */
  async run<T>(
    userId: string,
    work: (exec: Exec, trx: Db) => Promise<void>,
    read: (trx: Db) => Promise<T>,
  ): Promise<T> {
    this.writes.check(userId);
    const now = this.now();
    let ran = 0;
    const outcome = await writeTransaction(this.deps.db, this.deps.kind, async (trx) => {
      const tx = new ServerTx(trx, userId, now);
      const quota = new Quota((await readSeq(trx, userId)).bytes, this.limits.quotaBytes);
      await work(async (name, args) => {
        ran++;
        tx.begin();
        const result = await this.runOne({ userId, trx, tx, now }, prepareMutation(name, args));
        const refused = quota.admit(await tx.layerBytes());
        if (refused) throw new HttpError(413, QUOTA_EXCEEDED, refused);
        tx.commitLayer();
        return result;
      }, trx);
      const { seq } = await this.flush(trx, userId, tx, quota.delta);
      return { seq, value: await read(trx) };
    }).finally(() => this.writes.charge(userId, Math.max(1, ran)));
    if (outcome.seq !== null) this.deps.hub.poke(userId, outcome.seq);
    return outcome.value;
  }

  /** A page of changes after `cursor`, with the client's lastMutationId read in the same snapshot. */
  async pull(userId: string, clientId: string, params: PullParams): Promise<PullResponse> {
    return JSON.parse(await this.pullJson(userId, clientId, params)) as PullResponse;
  }

  /**
   * `pull` as JSON text. A full sync moves every row the user has, so the stored JSON of each row is spliced
   * into the answer instead of being parsed and serialized again. A page holds at most `limit` rows and is cut
   * once its rows reach `pullMaxBytes` (always at least one row): the sizes are read first from the version
   * index, so the rows read are the rows sent.
   */
  async pullJson(userId: string, clientId: string, { cursor, limit, epoch }: PullParams): Promise<string> {
    return readTransaction(this.deps.db, this.deps.kind, async (trx) => {
      const client = await findClient(trx, clientId);
      if (client && client.user_id !== userId) throw forbidden('This client belongs to another user');
      const lastMutationId = Number(client?.last_mutation_id ?? 0);
      const { seq, minVersion } = await readSeq(trx, userId);
      const current = await newestEpoch(trx);
      // A cursor from before garbage-collected tombstones, from another database, or from an epoch this
      // database never had (a restored older copy) starts over.
      const unknownEpoch = epoch !== undefined && epoch !== current?.id && !(await epochKnown(trx, epoch));
      const reset = unknownEpoch || cursor > seq || (cursor > 0 && cursor < minVersion);
      const from = reset ? 0 : cursor;
      const sizes = await changeSizes(trx, userId, from, limit + 1);
      let take = 0;
      for (let bytes = 0; take < Math.min(limit, sizes.length); take++) {
        bytes += Number(sizes[take]!.size) + CHANGE_OVERHEAD;
        if (take > 0 && bytes > this.limits.pullMaxBytes) break;
      }
      const hasMore = sizes.length > take;
      const page = take === 0 ? [] : await changesSince(trx, userId, from, take);
      const nextCursor = hasMore ? Number(page[page.length - 1]!.version) : Math.max(seq, from);
      const changes = page.map(changeJson).join(',');
      return `{"cursor":${nextCursor},"hasMore":${hasMore},"reset":${reset},"lastMutationId":${lastMutationId},"epoch":${JSON.stringify(current?.id ?? '')},"changes":[${changes}]}`;
    });
  }

  async currentVersion(userId: string): Promise<number> {
    return (await readSeq(this.deps.db, userId)).seq;
  }
}

/** A pushed mutation checked (name and args), or why it will be rejected when its turn comes. */
function tryPrepare(m: Mutation): PreparedMutation | MutationError {
  try {
    return prepareMutation(m.name, m.args);
  } catch (err) {
    if (err instanceof MutationError) return err;
    throw err;
  }
}

/** The rows a batch of mutations declares it reads (each mutator's `reads`), fetched with one query per type. */
async function prefetchRows(tx: ServerTx, mutations: (PreparedMutation | MutationError)[]): Promise<void> {
  const byType = new Map<EntityType, Set<string>>();
  for (const m of mutations) {
    if (m instanceof MutationError) continue;
    for (const [type, id] of readsOf(m)) {
      if (!id) continue;
      let ids = byType.get(type);
      if (!ids) byType.set(type, (ids = new Set()));
      ids.add(id);
    }
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
