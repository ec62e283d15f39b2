import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MutationError } from '@adhd/shared/sync/mutator';
import { storeFailureOf, storeOf, type StoreFailure } from '../db/store.js';
import { HttpError } from '../lib/errors.js';
import { applySecurityHeaders } from './security.js';

const MUTATION_STATUS: Record<MutationError['code'], number> = {
  NOT_FOUND: 404,
  CYCLE: 400,
  EXISTS: 409,
  VALIDATION: 400,
  READ_ONLY: 403,
  FORBIDDEN: 403,
};

/** The longest path parameter the router takes (app.ts `maxParamLength`); a longer one answers 414. */
export const MAX_PARAM_LENGTH = 200;
export const URI_TOO_LONG = { error: { code: 'URI_TOO_LONG', message: 'URL is too long' } } as const;

/** Framework errors that are safe to describe to the client, by Fastify error code. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION', message: 'Invalid content length' },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: 'Malformed URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, ...URI_TOO_LONG.error },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION', message: 'Invalid input' },
};

/**
 * Errors of the store itself, from any route: a lock held by another process (after writeTransaction's
 * retries, or after the busy timeout for a single statement), a full disk or data budget, a read-only file.
 */
const STORE_ERRORS: Record<StoreFailure, { status: number; code: string; message: string; retryAfter?: number }> = {
  busy: { status: 503, code: 'STORE_BUSY', message: 'The server is busy. Please try again in a moment', retryAfter: 1 },
  full: { status: 507, code: 'STORAGE_FULL', message: 'The server has run out of storage space. Please try again later' },
  readonly: { status: 503, code: 'STORE_READONLY', message: 'The server cannot save changes right now. Please try again later', retryAfter: 60 },
};

const MALFORMED_REQUEST = { status: 400, code: 'BAD_REQUEST', message: 'Malformed request' };

/**
 * Fastify's `frameworkErrors` option (app.ts): the answers Fastify gives itself before routing, such as a URL
 * whose percent-encoding does not decode (`/api/tasks/%E0%A4%A`) or an over-long path parameter. They get
 * the contract's error shape and the security headers like every other answer.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FASTIFY_CODES[err.code] ?? MALFORMED_REQUEST;
  applySecurityHeaders(request, reply);
  void reply.status(known.status).send({ error: { code: known.code, message: known.message } });
}

/**
 * One error shape everywhere (CONTRACT.md): `{ error: { code, message, details? } }`.
 * No stack traces, SQL or paths leave the server; unexpected errors are logged and answered as 500.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | HttpError | MutationError, request, reply) => {
      if (err instanceof HttpError) {
        if (err.extra?.retryAfter) reply.header('retry-after', String(err.extra.retryAfter));
        return reply.status(err.statusCode).send({
          error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
          ...(err.extra ?? {}),
        });
      }
      if (err instanceof MutationError) {
        return reply.status(MUTATION_STATUS[err.code]).send({
          error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
        });
      }
      const failure = storeFailureOf(err);
      if (failure) {
        const store = STORE_ERRORS[failure];
        request.log.warn({ err }, `store ${failure}`);
        if (request.server.hasDecorator('db')) storeOf(request.server.db)?.report(err);
        if (store.retryAfter) reply.header('retry-after', String(store.retryAfter));
        return reply.status(store.status).send({ error: { code: store.code, message: store.message } });
      }
      const known = err.code ? FASTIFY_CODES[err.code] : undefined;
      if (known) return reply.status(known.status).send({ error: { code: known.code, message: known.message } });
      if (err instanceof SyntaxError || err.statusCode === 400) {
        // JSON parse errors, prototype-poisoning rejections and other client mistakes.
        return reply.status(400).send({ error: { code: MALFORMED_REQUEST.code, message: MALFORMED_REQUEST.message } });
      }
      if (err.statusCode === 429) {
        return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later' } });
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return reply.status(err.statusCode).send({ error: { code: 'BAD_REQUEST', message: 'Request could not be processed' } });
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Server error. Please try again later' } });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
  },
  { name: 'errors' },
);
