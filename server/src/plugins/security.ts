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

/**
 * What Google Identity Services needs (its script, and its button and One Tap iframes, styles and requests under
 * /gsi/), added only when the server offers Google sign-in (GOOGLE_CLIENT_ID set). Nothing else of Google's origin.
 */
export const GOOGLE_SIGN_IN_SOURCES = {
  scriptSrc: ['https://accounts.google.com/gsi/client'],
  styleSrc: ['https://accounts.google.com/gsi/style'],
  frameSrc: ['https://accounts.google.com/gsi/'],
  connectSrc: ['https://accounts.google.com/gsi/'],
} as const;

/** The CSP directives: the strict base, plus Google Identity Services' sources when Google sign-in is on. */
export function contentSecurityPolicy(googleSignIn: boolean): Record<string, string[] | null> {
  const base: Record<string, string[] | null> = { ...CONTENT_SECURITY_POLICY };
  if (!googleSignIn) return base;
  return {
    ...base,
    scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...GOOGLE_SIGN_IN_SOURCES.scriptSrc],
    styleSrc: [...CONTENT_SECURITY_POLICY.styleSrc, ...GOOGLE_SIGN_IN_SOURCES.styleSrc],
    frameSrc: ["'self'", ...GOOGLE_SIGN_IN_SOURCES.frameSrc],
    connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...GOOGLE_SIGN_IN_SOURCES.connectSrc],
  };
}

const helmetOptions = (googleSignIn: boolean) =>
  ({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(googleSignIn) },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  }) as const;
const HELMET_OPTIONS = helmetOptions(false);

const setHelmetHeaders = helmet(HELMET_OPTIONS);

/**
 * The same headers for an answer Fastify gives before any route hook runs (a URL it cannot decode,
 * `frameworkErrors` in plugins/errors.ts), where the helmet plugin's onRequest hook never ran.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  setHelmetHeaders(request.raw, reply.raw, () => undefined);
  if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
}

/**
 * Security headers on every response: CSP, nosniff, Referrer-Policy, frame-ancestors, HSTS (one year). With
 * `googleSignIn` the CSP also lets the sign-in screens load Google Identity Services. The helmet middleware is
 * built once here and run in an onRequest hook (the @fastify/helmet plugin built it anew for every request:
 * parsing the CSP directives again each time, issue 14's push profile).
 */
export const securityPlugin = fp<{ googleSignIn?: boolean }>(
  async (app, opts) => {
    const setHeaders = opts.googleSignIn === true ? helmet(helmetOptions(true)) : setHelmetHeaders;
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security' },
);
