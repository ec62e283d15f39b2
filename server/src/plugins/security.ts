import fastifyHelmet from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The strict CSP of quality.md section 1: no inline script, no eval, nothing from other origins. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'no-referrer' },
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
} as const;

const setHelmetHeaders = helmet(HELMET_OPTIONS);

/**
 * The same headers for an answer Fastify gives before any route hook runs (a URL it cannot decode,
 * `frameworkErrors` in plugins/errors.ts), where the helmet plugin's onRequest hook never ran.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  setHelmetHeaders(request.raw, reply.raw, () => undefined);
  if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
}

/** Security headers on every response: CSP, nosniff, Referrer-Policy, frame-ancestors, HSTS (one year). */
export const securityPlugin = fp(
  async (app) => {
    await app.register(fastifyHelmet, HELMET_OPTIONS);
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security' },
);
