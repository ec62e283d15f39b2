import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { EntityType } from '@adhd/shared/sync/protocol';
import type { MutationArgs, MutationName } from '@adhd/shared/sync/registry';
import type { Exec } from '../modules/sync/engine.js';
import type { Db } from '../modules/sync/repository.js';
import { notFound } from './errors.js';
import { newId } from './ids.js';
import { sendJsonArray } from './json-stream.js';
import { applyChanges, baseVersionOf, prepareUpdate, type ChangeWriters } from './rest-update.js';
import { parse, parseIdParam } from './validate.js';

/**
 * The generic REST kit: the five routes every synced entity has (SPEC section 7, CONTRACT.md), as thin
 * wrappers over the domain's named mutations, so each domain module keeps only its own routes.
 *
 *   GET    <path>       the list, streamed as a JSON array (json-stream.ts)
 *   GET    <path>/:id   one entity; 404 `notFound` when unknown, deleted or another user's
 *   POST   <path>       201 with the created entity; `_id` may be sent (offline creations keep their id)
 *   PUT    <path>/:id   the updated entity; the base-version rule of docs/sync.md (rest-update.ts)
 *   DELETE <path>/:id   `{ success: true }`
 */

/** What a domain's write sees: the typed `exec`, the write transaction, the user and the request. */
export interface WriteContext {
  exec: Exec;
  trx: Db;
  userId: string;
  request: FastifyRequest;
}

/** The mutations that take just `{ id }`: what a DELETE runs. */
export type IdMutation = { [N in MutationName]: { id: string } extends MutationArgs<N> ? N : never }[MutationName];

type Items = Iterable<string> | AsyncIterable<string>;

/** What `schemas.extra` parses to, or undefined without one. */
type ExtraOf<E> = E extends z.ZodMiniType ? z.output<E> : undefined;

export interface EntityDomain<Api, C extends z.ZodMiniType<{ _id?: string | undefined }>, P extends z.ZodMiniType, E extends z.ZodMiniType | undefined = undefined> {
  /** The collection's path, e.g. `/api/tasks`. */
  path: string;
  /** The message of every 404 of the domain ("Task not found"). */
  notFound: string;
  /** The POST and PUT bodies; `extra` (optional) is parsed from the same body too, after them (habits: its days). */
  schemas: { create: C; patch: P; extra?: E };
  /** The entity as the API answers it, read in `db` (the write's transaction after a write); null when not live. */
  read(db: Db, userId: string, id: string, request: FastifyRequest): Promise<Api | null>;
  /** The list's items as JSON (streamed); `wrap` encloses the array, e.g. `{"data":[` … `]}`. */
  list(db: Db, userId: string, request: FastifyRequest): Items | Promise<Items>;
  listWrap?: { open: string; close: string };
  /** How one entity is answered (default: as it is): by GET, and by POST and PUT. */
  answer?: { get?(entity: Api): unknown; write?(entity: Api): unknown };
  /** The id of a create that names none (default: a new random id). Runs in the write's transaction. */
  idFor?(w: WriteContext, fields: Omit<z.output<C>, '_id'>): Promise<string>;
  /** Run the create mutation(s). */
  create(w: WriteContext, id: string, fields: Omit<z.output<C>, '_id'>, extra: ExtraOf<E>): Promise<unknown>;
  /** Run the update mutation(s) for a parsed PUT body; `base` is the caller's base version (or null). */
  update(w: WriteContext, id: string, patch: z.output<P>, base: number | null, extra: ExtraOf<E>): Promise<unknown>;
  /** The delete mutation. */
  remove: IdMutation;
}

/**
 * The standard PUT of a domain (`EntityDomain.update`): read the stored row (404 when missing or deleted), keep
 * the fields someone changed after the caller's base, and send the rest to the domain's mutations.
 */
export function plannedUpdate<T extends object, K extends keyof T = never>(
  type: EntityType,
  notFoundMessage: string,
  writers: (w: WriteContext, id: string) => ChangeWriters<T, K>,
): (w: WriteContext, id: string, patch: Partial<T>, base: number | null) => Promise<void> {
  return async (w, id, patch, base) => {
    const { changed } = await prepareUpdate<T>(w.trx, w.userId, type, id, patch, base, notFoundMessage);
    await applyChanges(changed, writers(w, id));
  };
}

/** Register a domain's five REST routes (see the module comment). */
export function registerEntityRoutes<Api, C extends z.ZodMiniType<{ _id?: string | undefined }>, P extends z.ZodMiniType, E extends z.ZodMiniType | undefined = undefined>(
  app: FastifyInstance,
  domain: EntityDomain<Api, C, P, E>,
): void {
  const auth = { preHandler: app.authenticate };
  const { path } = domain;
  const answer = (entity: Api | null, how?: (entity: Api) => unknown) => {
    if (!entity) throw notFound(domain.notFound);
    return how ? how(entity) : entity;
  };
  const parseExtra = (body: unknown): ExtraOf<E> => (domain.schemas.extra ? parse(domain.schemas.extra, body) : undefined) as ExtraOf<E>;
  /** Run writes as one transaction and answer the entity as it is after them. */
  const write = (request: FastifyRequest, id: () => string, work: (w: WriteContext) => Promise<unknown>) => {
    const userId = request.auth!.id;
    return app.sync.run(
      userId,
      async (exec, trx) => {
        await work({ exec, trx, userId, request });
      },
      (trx) => domain.read(trx, userId, id(), request),
    );
  };

  app.get(path, auth, async (request, reply) => sendJsonArray(reply, await domain.list(app.db, request.auth!.id, request), domain.listWrap));

  app.get(`${path}/:id`, auth, async (request) => {
    const id = parseIdParam(request.params, domain.notFound);
    return answer(await domain.read(app.db, request.auth!.id, id, request), domain.answer?.get);
  });

  app.post(path, auth, async (request, reply) => {
    // No body reads as {}: the answer names the first required field ("Title is required").
    const { _id, ...fields } = parse(domain.schemas.create, request.body);
    const extra = parseExtra(request.body);
    let id = _id ?? '';
    const created = await write(
      request,
      () => id,
      async (w) => {
        id ||= domain.idFor ? await domain.idFor(w, fields) : newId();
        await domain.create(w, id, fields, extra);
      },
    );
    return reply.status(201).send(answer(created, domain.answer?.write));
  });

  app.put(`${path}/:id`, auth, async (request) => {
    const id = parseIdParam(request.params, domain.notFound);
    const patch = parse(domain.schemas.patch, request.body);
    const extra = parseExtra(request.body);
    const base = baseVersionOf(request.body, request.headers['if-match']);
    const updated = await write(
      request,
      () => id,
      (w) => domain.update(w, id, patch, base, extra),
    );
    return answer(updated, domain.answer?.write);
  });

  app.delete(`${path}/:id`, auth, async (request) => {
    const id = parseIdParam(request.params, domain.notFound);
    await app.sync.run(request.auth!.id, (exec) => exec(domain.remove, { id }).then(() => undefined), async () => null);
    return { success: true };
  });
}
