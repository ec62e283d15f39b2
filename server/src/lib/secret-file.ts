import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';

const WAIT_FOR_WRITER_MS = 2_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The secret stored in `file`, created once with 48 random bytes. The file is created with `O_CREAT|O_EXCL`
 * (flag `wx`) and mode 0600, so of two processes starting at the same moment exactly one writes it and the
 * other reads that same secret: they can never sign with different keys. A reader that finds the file still
 * empty (its creator is between `open` and `write`) waits briefly for the content.
 */
export function readOrCreateSecret(file: string): string {
  const deadline = Date.now() + WAIT_FOR_WRITER_MS;
  for (;;) {
    let fd: number | null = null;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (fd !== null) {
      const secret = randomBytes(48).toString('base64url');
      try {
        writeSync(fd, secret);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      return secret;
    }
    const existing = readFileSync(file, 'utf8').trim();
    if (existing) return existing;
    if (Date.now() > deadline) {
      throw new Error(`${file} is empty: delete it to generate a new secret, or set JWT_SECRET`);
    }
    sleepSync(10);
  }
}
