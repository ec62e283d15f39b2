import { z } from 'zod/mini';
import { boundedString, intParamSchema } from '../validation/fields.js';
import { ROLES, type Role } from '../users/schema.js';

/** `GET /api/admin/users?q&page`: `q` matches name or email (case-insensitive), 20 a page, pages from 1. */
export const ADMIN_USERS_PAGE_SIZE = 20;
export const adminUsersQuerySchema = z.object({
  q: z.optional(boundedString(200)),
  page: z.optional(intParamSchema(1, 100_000)),
});

/** `PATCH /api/admin/users/{id}`: role and/or disabled; unknown keys are refused. */
export const adminUserPatchSchema = z.strictObject(
  {
    role: z.optional(z.enum(ROLES, 'validation.invalid')),
    disabled: z.optional(z.boolean('validation.invalid')),
  },
  'validation.invalid',
);

/** The entity types counted per user in the admin list. */
export const ADMIN_COUNTED_TYPES = ['task', 'note', 'habit', 'event', 'inbox', 'tag', 'folder'] as const;
export type AdminCountedType = (typeof ADMIN_COUNTED_TYPES)[number];

/** One row of `GET /api/admin/users` (CONTRACT.md "admin") and the answer of the PATCH. */
export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  disabled: boolean;
  createdAt: string;
  lastActiveAt: string | null;
  counts: Record<AdminCountedType, number>;
}

export interface AdminUsersPage {
  data: AdminUser[];
  total: number;
}

// ---- Redirects ----

export const REDIRECT_PATH_MAX = 300;
export const REDIRECT_URL_MAX = 2000;

/** Sources that may never be redirected, so an admin cannot lock everyone out (`/admin`, `/auth`, `/api` and below). */
export const RESERVED_REDIRECT_SOURCE = /^\/(?:api|admin|auth)(?:\/|$)/i;
/** An internal path: one leading slash, no `//`, no query or fragment, plain URL path characters. */
const INTERNAL_PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;
/** An absolute http(s) URL: a host (letters, digits, dots, dashes, an optional port), then no spaces or quotes. */
const EXTERNAL_URL = /^https?:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?(?:[/?#][^\s<>"'`\\]*)?$/i;
const PATH_CHARS = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/?#-]*$/;

/** `/old-page/` and `/old-page` are the same source; `/` stays `/`. */
export function normaliseRedirectPath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function isRedirectSource(v: string): boolean {
  return INTERNAL_PATH.test(v) && !v.includes('//') && !RESERVED_REDIRECT_SOURCE.test(v);
}

/** A target: an internal path (a query or fragment allowed) or an absolute http(s) URL. */
export function isRedirectTarget(v: string): boolean {
  if (v.startsWith('/')) return PATH_CHARS.test(v) && !v.startsWith('//');
  return EXTERNAL_URL.test(v);
}

export const isExternalTarget = (to: string) => !to.startsWith('/');

const fromSchema = z.pipe(
  z.pipe(
    boundedString(REDIRECT_PATH_MAX).check(z.minLength(1, 'validation.required')),
    z.transform((v: string) => normaliseRedirectPath(v.trim())),
  ),
  boundedString(REDIRECT_PATH_MAX).check(z.refine(isRedirectSource, 'validation.invalid')),
);
const toSchema = z.pipe(
  z.pipe(boundedString(REDIRECT_URL_MAX).check(z.minLength(1, 'validation.required')), z.transform((v: string) => v.trim())),
  boundedString(REDIRECT_URL_MAX).check(z.refine(isRedirectTarget, 'validation.invalid')),
);

/** `POST /api/admin/redirects` and `PUT /api/admin/redirects/{id}`: `{ from, to }`, `from` != `to`. */
export const redirectSchema = z
  .strictObject({ from: fromSchema, to: toSchema }, 'validation.invalid')
  .check(
    z.refine((v) => !v.from || !v.to || normaliseRedirectPath(v.to) !== v.from, { message: 'validation.invalid', path: ['to'] }),
  );

/** `GET /api/redirects?path=`. */
export const redirectLookupSchema = z.object({ path: z.optional(boundedString(REDIRECT_PATH_MAX)) });

export interface RedirectRule {
  _id: string;
  from: string;
  to: string;
  createdAt: string;
  updatedAt: string;
}
