// Registration as a client does it (CONTRACT.md "registration proof"), for tests and benchmarks that drive a
// running server over HTTP without SMTP: ask for a code, read it from the mail outbox (DATA_DIR/mail/*.eml),
// check it with verify-email, and register with the `verificationToken` that answered. Plain ESM so the
// benchmarks (node) and the tests (vitest) share it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The code of the newest mail to `email` in the outbox that was not in `seen`; waits up to 5 s for it. */
async function codeFromOutbox(dataDir, email, seen) {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 5000;
  for (;;) {
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.eml') && !seen.has(f)).sort().reverse();
    for (const file of files) {
      const raw = await readFile(path.join(dir, file), 'utf8');
      const to = /^To: (.*)$/im.exec(raw)?.[1] ?? '';
      const code = /verification code: (\d{6})/.exec(raw)?.[1];
      if (code && to.toLowerCase().includes(email.toLowerCase())) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code mail to ${email} in ${dir}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function post(base, p, body) {
  const res = await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * Registers `account` ({ email, password, name, hasAcceptedTerms, … }) on the server at `base` whose DATA_DIR is
 * `dataDir`; answers the register response (`{ user, token }`) or throws with the failing step's answer.
 * @param {string} base
 * @param {string} dataDir
 * @param {{ email: string } & Record<string, unknown>} account
 * @returns {Promise<{ user: Record<string, unknown>, token: string }>}
 */
export async function registerOverHttp(base, dataDir, account) {
  const seen = new Set(await readdir(path.join(dataDir, 'mail')).catch(() => []));
  const sent = await post(base, '/api/auth/resend-verification', { email: account.email });
  if (sent.status !== 200) throw new Error(`resend-verification answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const code = await codeFromOutbox(dataDir, account.email, seen);
  const verified = await post(base, '/api/auth/verify-email', { email: account.email, code });
  if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  const registered = await post(base, '/api/auth/register', { ...account, verificationToken: verified.body.verificationToken });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  return registered.body;
}
