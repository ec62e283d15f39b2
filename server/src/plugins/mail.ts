import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A verification code the message carries. Logged only in the documented no-SMTP development mode
   * (CONTRACT.md: "its verification code is logged"); never with SMTP_URL set.
   */
  devCode?: string;
}

/** A message, or work that produces one (or nothing) in the background. */
export type MailJob = MailMessage | (() => Promise<MailMessage | null>);

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** Send now; rejects when delivery fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Send in the background, so the answer's timing does not depend on whether a mail goes out
   * (no account enumeration). Failures are logged, never thrown.
   */
  queue(job: MailJob): void;
  /** Wait until every queued job has finished (tests, shutdown). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailPluginOptions {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
}

/** Outbox file names sort by creation: a monotonic clock, then a random suffix. */
function outboxName(): string {
  return `${String(process.hrtime.bigint()).padStart(20, '0')}-${randomBytes(3).toString('hex')}.eml`;
}

/**
 * `app.mailer`: SMTP through nodemailer when SMTP_URL is set; otherwise every mail is written as an `.eml`
 * file to DATA_DIR/mail/ (CONTRACT.md development mode).
 */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, opts) => {
    const outbox = path.join(opts.dataDir, 'mail');
    const transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const pending = new Set<Promise<void>>();

    // The outbox file is named when the mail is sent or queued, not when it is written: rendering and
    // building a mail take their own time, and the names must sort in the order the app sent the mails.
    async function send(message: MailMessage, file = outboxName()): Promise<void> {
      const envelope = { from: opts.from, to: message.to, subject: message.subject, text: message.text, html: message.html };
      const info = await transport.sendMail(envelope);
      if (opts.smtpUrl) return;
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      await writeFile(path.join(outbox, file), (info as { message: Buffer }).message, { mode: 0o600 });
      if (message.devCode) {
        app.log.info({ file, code: message.devCode }, 'SMTP_URL unset: verification code written to the mail outbox');
      } else {
        app.log.info({ file }, 'SMTP_URL unset: mail written to the mail outbox');
      }
    }

    function queue(job: MailJob): void {
      const file = outboxName();
      const run = async () => {
        const message = typeof job === 'function' ? await job() : job;
        if (message) await send(message, file);
      };
      const task = run().catch((err: unknown) => {
        app.log.error({ err: err instanceof Error ? err.message : String(err) }, 'mail delivery failed');
      });
      pending.add(task);
      void task.finally(() => pending.delete(task));
    }

    async function flush(): Promise<void> {
      while (pending.size) await Promise.all([...pending]);
    }

    app.decorate('mailer', { mode: opts.smtpUrl ? 'smtp' : 'outbox', send, queue, flush } satisfies Mailer);
    // Background jobs may still need the database: wait for them before the db plugin closes it.
    app.addHook('preClose', async () => {
      await flush();
    });
    app.addHook('onClose', async () => {
      await flush();
      transport.close();
    });
  },
  { name: 'mail' },
);
