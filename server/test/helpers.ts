import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PublicUser } from '@adhd/shared/users/schema';
import { emailCodesRepository } from '../src/modules/auth/codes.js';

/** Auth through HTTP (real registration, one Argon2 hash) and the mail outbox; the app itself is kit.ts's. */

let userCounter = 0;

/** A password that passes the policy (long, not on the common list). */
export const TEST_PASSWORD = 'violet-otter-bakes-42-pies';

export interface RegisteredUser {
  user: PublicUser;
  token: string;
  /** `name=value` of the session cookie, ready for a `cookie` request header. */
  cookie: string;
  email: string;
  password: string;
  /** `{ authorization: 'Bearer …' }` */
  headers: { authorization: string };
}

/** The session cookie a response set, as `name=value`, or null. */
export function sessionCookie(res: LightMyRequestResponse): string | null {
  const c = res.cookies.find((k) => (k.name === '__Host-sid' || k.name === 'sid') && k.value);
  return c ? `${c.name}=${c.value}` : null;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The registration proof for an address, as a client gets it: a code (issued straight into the store, so no
 * mail and no send limit is involved) checked through `POST /api/auth/verify-email`.
 */
export async function verificationTokenFor(app: FastifyInstance, email: string): Promise<string> {
  // The API stores addresses as its email schema normalises them.
  const code = await emailCodesRepository(app.db).issueCode(email.trim().toLowerCase(), 'register');
  const res = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email, code } });
  const token = (res.json() as { verificationToken?: string }).verificationToken;
  if (res.statusCode !== 200 || !token) throw new Error(`verify-email failed: ${res.statusCode} ${res.body}`);
  return token;
}

/** Registers through `POST /api/auth/register` (one Argon2 hash) with a registration proof; answers the session. */
export async function registerUser(
  app: FastifyInstance,
  opts: { email?: string; password?: string; name?: string } & Record<string, unknown> = {},
): Promise<RegisteredUser> {
  const email = opts.email ?? `user-${process.pid}-${++userCounter}-${Date.now()}@example.com`;
  const password = opts.password ?? TEST_PASSWORD;
  const verificationToken = await verificationTokenFor(app, email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Test User', hasAcceptedTerms: true, marketingConsent: false, verificationToken, ...opts, email, password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: PublicUser; token: string };
  return {
    user: body.user,
    token: body.token,
    cookie: sessionCookie(res) ?? '',
    email: body.user.email,
    password,
    headers: bearer(body.token),
  };
}

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(src[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(s: string): string {
  // RFC 2047: whitespace between two adjacent encoded words is not part of the text.
  return s.replace(/(\?=)\s+(?==\?)/g, '$1').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

/** The decoded text/plain body of a MIME entity (single part or multipart). */
function textOf(entity: string): string {
  const split = entity.search(/\r?\n\r?\n/);
  const headers = parseHeaders(entity.slice(0, split));
  const body = entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const texts = parts.map(textOf).filter((t) => t !== '');
    return texts[0] ?? '';
  }
  if (!/^text\/plain/i.test(type)) return '';
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Every mail in DATA_DIR/mail (newest first), optionally only those to `email`. */
export async function readMails(dataDir: string, email?: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort().reverse();
  const mails: OutboxMail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    const headers = parseHeaders(raw.slice(0, raw.search(/\r?\n\r?\n/)));
    const to = headers.to ?? '';
    if (email && !to.toLowerCase().includes(email.toLowerCase())) continue;
    mails.push({ file, to, subject: decodeWords(headers.subject ?? ''), text: textOf(raw) });
  }
  return mails;
}

/**
 * The newest mail to `email`. Auth mail is sent in the background, so this waits up to `timeoutMs` for one
 * (newer than `after`, a file name from an earlier read, when given).
 */
export async function readLastMail(
  dataDir: string,
  email: string,
  opts: { timeoutMs?: number; after?: string } = {},
): Promise<OutboxMail> {
  const deadline = performance.now() + (opts.timeoutMs ?? 3000);
  for (;;) {
    const [mail] = await readMails(dataDir, email);
    if (mail && (!opts.after || mail.file > opts.after)) return mail;
    if (performance.now() > deadline) throw new Error(`no mail to ${email} in ${dataDir}/mail`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The 6-digit code of the newest mail to `email`. */
export async function readLastCode(dataDir: string, email: string, opts: { timeoutMs?: number; after?: string } = {}): Promise<string> {
  const mail = await readLastMail(dataDir, email, opts);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`the newest mail to ${email} has no code: ${mail.subject}`);
  return code;
}

/** The reset-link secret of the newest mail to `email`. */
export async function readLastResetToken(dataDir: string, email: string, opts: { timeoutMs?: number; after?: string } = {}): Promise<string> {
  const mail = await readLastMail(dataDir, email, opts);
  const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`the newest mail to ${email} has no reset link: ${mail.subject}`);
  return decodeURIComponent(token);
}
