import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { MutationError, type MutationOutcome } from '@adhd/shared/sync/mutator';
import {
  QUOTA_EXCEEDED,
  type Mutation,
  type MutationResult,
  type PullResponse,
  type PushResponse,
} from '@adhd/shared/sync/protocol';
import {
  prepareMutation,
  runPrepared,
  type MutationArgs,
  type MutationName,
  type PreparedMutation,
} from '@adhd/shared/sync/registry';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { forbidden, HttpError } from '../../lib/errors.js';
import { groupedWrites, type GroupScope, type WriteRunner } from '../../lib/group-commit.js';
import { readTransaction, writeTransaction } from '../../lib/transaction.js';
import { MutationHooks, type HookContext } from './hooks.js';
import { DEFAULT_SYNC_LIMITS, StoredWriteLimiter, WriteLimiter, type SyncLimits, type WriteBudget } from './limits.js';
import { upsertEntities, type Db } from './repository.js';
import {
  addEpoch,
  bumpSeq,
  findClient,
  findRejections,
  forgetRejectionsBelow,
  lockCounters,
  readSeq,
  saveClient,
  saveRejections,
  type Rejection,
  type UserCounters,
} from './sync-state.js';
import type { SyncHub } from './hub.js';
import { ServerTx } from './server-tx.js';
import { prefetchRows, Quota, tryPrepare } from './batch.js';
import { pullPage, type PullParams } from './pull.js';

/** A client's row as a push reads it. */
type Client = { user_id: string; last_mutation_id: number | string };
/** Keys of what a group's pushes hand on (`GroupScope`). */
const countersKey = (userId: string) => `counters\u0000${userId}`;
const clientKey = (clientId: string) => `client\u0000${clientId}`;

interface EngineDeps {
  db: Kysely<Database>;
  kind: 'sqlite' | 'postgres';
  hub: SyncHub;
  clock?: () => Date;
  limits?: Partial<SyncLimits>;
}

/** Runs one typed mutation inside `SyncEngine.run`: a misspelt name or wrongly typed args fail to compile. */
export type Exec = <N extends MutationName>(name: N, args: MutationArgs<N>) => Promise<MutationOutcome>;

/** What a `Stage` write is given (modules outside sync reach it through this file). */
export type { ServerTx };

/**
 * Runs a server-only write inside `SyncEngine.run`, as one mutation would run: in its own layer of the
 * transaction's `ServerTx`, held to the quota, versioned and poked with the rest. For writes no mutator
 * expresses (the user's import restores rows with their own timestamps: modules/backup).
 */
export type Stage = (write: (tx: ServerTx) => Promise<void>) => Promise<void>;

/**
 * The one write path of the server (design/sync.md §4): every sync push and every REST write runs named
 * mutations through `ServerTx`, then bumps the user's version counter once, writes the changed rows with their
 * versions and the client's lastMutationId in the same transaction, and pokes the user's streams after commit.
 */
export class SyncEngine {
  readonly limits: SyncLimits;
  /** Server-only work after a mutation, in its transaction (see hooks.ts). */
  readonly hooks = new MutationHooks();
  private readonly writes: WriteBudget;
  /** When this process last opened a database epoch (ms). */
  private epochAt = 0;
  /** The transactions of pushes: group commit on SQLite (lib/group-commit.ts). */
  private readonly pushWrites: WriteRunner;

  constructor(private readonly deps: EngineDeps) {
    this.limits = { ...DEFAULT_SYNC_LIMITS, ...deps.limits };
    // Several instances share a PostgreSQL store: they share each user's bucket too (limits.ts).
    const clock = () => this.clock().getTime();
    this.writes = dialectOf(deps.db).singleProcess ? new WriteLimiter(this.limits, clock) : new StoredWriteLimiter(deps.db, this.limits, clock);
    this.pushWrites = groupedWrites(deps.db, deps.kind, { maxJobs: this.limits.groupCommitMax, budgetMs: this.limits.groupCommitBudgetMs });
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

  private async flush(trx: Db, userId: string, tx: ServerTx, bytes: number, counters: UserCounters) {
    if (tx.changeCount === 0) return { seq: null, versions: new Map<string, number>(), counters };
    const after = await bumpSeq(trx, userId, tx.changeCount, bytes, counters.exists);
    const { rows, versions, unheld, tags } = await tx.rowsToWrite(after.seq - tx.changeCount + 1);
    await upsertEntities(trx, userId, rows, tx.pace, unheld, tags);
    if (this.clock().getTime() - this.epochAt >= this.limits.epochRotateMs) await this.openEpoch(trx);
    return { seq: after.seq, versions, counters: after };
  }

  /**
   * Apply a sync push (exactly once per mutation id; see the protocol rules in docs/sync.md). A batch that has
   * run `batchBudgetMs` or staged `batchMaxRows` row writes stops taking mutations: `lastMutationId` says how
   * far it got and the client sends the rest again. Pushes that arrive together share a commit (group commit: on
   * SQLite all of them, on PostgreSQL those of one user), each in its own savepoint; each is answered after
   * that commit.
   */
  async push(userId: string, clientId: string, mutations: Mutation[]): Promise<PushResponse> {
    await this.writes.check(userId);
    const now = this.now();
    let ran = 0;
    const outcome = await this.pushWrites(userId, async (trx, scope) => {
      const started = performance.now();
      const counters = await this.lockedCounters(trx, userId, scope);
      const client = scope.get<Client>(clientKey(clientId)) ?? (await findClient(trx, clientId));
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
      const quota = new Quota(counters.bytes, this.limits.quotaBytes);
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

      const { seq, versions, counters: after } = await this.flush(trx, userId, tx, quota.delta, counters);
      scope.set(countersKey(userId), after);
      for (const t of touched) {
        const v = t.keys.map((k) => versions.get(k) ?? 0);
        results[t.index] = {
          id: mutations[t.index]!.id,
          status: 'applied',
          version: v.length ? Math.max(...v) : null,
          ...(t.outcome.reparented ? { reparented: true } : {}),
        };
      }
      if (!client || lastMutationId !== last) {
        await saveClient(trx, clientId, userId, lastMutationId, now);
        // The row is this user's and locked by this transaction now: the group's later pushes need not read it.
        scope.set(clientKey(clientId), { user_id: userId, last_mutation_id: lastMutationId } satisfies Client);
      }
      const rejected = results.flatMap((r) => (r.status === 'rejected' && r.id > last ? [{ id: r.id, code: r.code, message: r.message ?? '' }] : []));
      await saveRejections(trx, clientId, rejected, now);
      return { seq, response: { lastMutationId, results } satisfies PushResponse };
    }).finally(() => this.writes.charge(userId, ran));
    if (outcome.seq !== null) this.deps.hub.poke(userId, outcome.seq);
    return outcome.response;
  }

  /**
   * The user's counters, with the user's lock held (`lockCounters`): taken by the first push of a group (on
   * PostgreSQL a group holds one user's pushes) and handed on to the group's later pushes through `scope`
   * (the lock was taken before their savepoints and outlives them; the counters are those its last push left).
   */
  private async lockedCounters(trx: Db, userId: string, scope: GroupScope): Promise<UserCounters> {
    const known = scope.get<UserCounters>(countersKey(userId));
    if (known) return known;
    const counters = await lockCounters(trx, userId);
    scope.set(countersKey(userId), counters);
    return counters;
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
    work: (exec: Exec, trx: Db, stage: Stage) => Promise<void>,
    read: (trx: Db) => Promise<T>,
  ): Promise<T> {
    await this.writes.check(userId);
    const now = this.now();
    let ran = 0;
    const outcome = await writeTransaction(this.deps.db, this.deps.kind, async (trx) => {
      const counters = await lockCounters(trx, userId);
      const tx = new ServerTx(trx, userId, now);
      const quota = new Quota(counters.bytes, this.limits.quotaBytes);
      /** One layer of `tx`: a mutation or a server-only write, refused whole (413) when it passes the quota. */
      const layer = async <R>(write: () => Promise<R>): Promise<R> => {
        ran++;
        tx.begin();
        const result = await write();
        const refused = quota.admit(await tx.layerBytes());
        if (refused) throw new HttpError(413, QUOTA_EXCEEDED, refused);
        tx.commitLayer();
        return result;
      };
      await work(
        (name, args) => layer(() => this.runOne({ userId, trx, tx, now }, prepareMutation(name, args))),
        trx,
        (write) => layer(() => write(tx)),
      );
      const { seq } = await this.flush(trx, userId, tx, quota.delta, counters);
      return { seq, value: await read(trx) };
    }).finally(() => this.writes.charge(userId, Math.max(1, ran)));
    if (outcome.seq !== null) this.deps.hub.poke(userId, outcome.seq);
    return outcome.value;
  }

  /** A page of changes after `cursor`, with the client's lastMutationId read in the same snapshot. */
  async pull(userId: string, clientId: string, params: PullParams): Promise<PullResponse> {
    return JSON.parse((await this.pullJson(userId, clientId, params)).toString('utf8')) as PullResponse;
  }

  /** `pull` as JSON (UTF-8 bytes, the answer as sent), read in one snapshot (pull.ts). */
  async pullJson(userId: string, clientId: string, params: PullParams): Promise<Buffer> {
    return readTransaction(this.deps.db, this.deps.kind, (trx) => pullPage(trx, userId, clientId, params, this.limits.pullMaxBytes));
  }

  async currentVersion(userId: string): Promise<number> {
    return (await readSeq(this.deps.db, userId)).seq;
  }
}

