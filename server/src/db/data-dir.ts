import { chmodSync, closeSync, existsSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { storeFailureOf } from './store.js';

/** Held by the one server process that uses a DATA_DIR (an OS lock, through SQLite's file locking). */
export const LOCK_FILE = 'server.lock';
/** How long a starting server waits for the DATA_DIR lock before it refuses to start. */
const LOCK_WAIT_MS = 500;
/** The pid of that process, for the message another process gives when it refuses to start. */
export const PID_FILE = 'server.pid';

export interface DataDirClaim {
  /** Frees the directory for another process (the OS does the same when the process dies). */
  release(): void;
}

/** chmod, except where the folder belongs to someone else (a mount the operator prepared): then as it is. */
function chmodOwn(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}

/**
 * Owner-only permissions for everything the server writes: the folder 0700 and its files 0600. The umask is
 * set to 077 for the process (mail, uploads and SQLite's files are then created 0600 whoever creates them);
 * worker threads cannot change it, so what exists already is also chmod'ed.
 */
function restrictPermissions(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // Not allowed in worker threads; the explicit modes below and in openSqlite still apply.
  }
  chmodOwn(dataDir, 0o700);
  for (const name of ['app.sqlite', 'app.sqlite-wal', 'app.sqlite-shm', 'jwt-secret', LOCK_FILE, PID_FILE]) {
    const file = path.join(dataDir, name);
    if (existsSync(file)) chmodOwn(file, 0o600);
  }
}

/** Creates `file` empty with mode 0600 unless it exists (SQLite then gives its -wal and -shm the same mode). */
export function createPrivateFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  chmodOwn(file, 0o600);
}

/**
 * Makes this process the only server on `dataDir`, or throws a message naming the process that is.
 *
 * Two servers on one folder raced each other's migrations and could hold different JWT secrets. The claim is
 * an exclusive lock on `server.lock`, a small SQLite file opened in exclusive locking mode with an open
 * `BEGIN EXCLUSIVE`: SQLite takes an OS-level (fcntl) lock, which the kernel drops when the process exits or
 * is killed, so there is never a stale lock to clean up, and SQLite also sees the conflict between two
 * connections of one process (two apps built in one test). The pid file only names the holder in the message.
 */
export function claimDataDir(dataDir: string): DataDirClaim {
  restrictPermissions(dataDir);
  const lockPath = path.join(dataDir, LOCK_FILE);
  const pidPath = path.join(dataDir, PID_FILE);
  createPrivateFile(lockPath);
  // A short busy timeout: two processes started together can each take SQLite's shared lock on the way to the
  // exclusive one, and with no wait both would give up (each refused, none running). With it, the first to ask
  // for the exclusive lock waits the other's shared lock out and wins; the other is refused within LOCK_WAIT_MS.
  const lock = new Sqlite(lockPath, { timeout: LOCK_WAIT_MS });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    lock.close();
    if (storeFailureOf(err) !== 'busy') throw err;
    let pid = 'unknown';
    try {
      pid = readFileSync(pidPath, 'utf8').trim() || pid;
    } catch {
      // The holder has not written it yet.
    }
    throw new Error(`Another server process is using DATA_DIR=${dataDir} (pid ${pid}). Stop it first.`, { cause: err });
  }
  writeFileSync(pidPath, `${process.pid}\n`, { mode: 0o600 });
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        unlinkSync(pidPath);
      } catch {
        // Already gone.
      }
      lock.close();
    },
  };
}
