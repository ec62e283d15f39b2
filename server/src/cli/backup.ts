import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { createPrivateFile } from '../db/data-dir.js';
import { CliError, parseCliOptions, type CliIo } from './io.js';

/**
 * `npm run backup`: a consistent online backup of the SQLite store (docs/operations.md, "Backing up").
 *
 * It uses SQLite's online backup API (better-sqlite3's `db.backup`) on a read-only connection of its own, never
 * a file copy: a copy of `app.sqlite` taken while the server writes can miss the pages still in `-wal`, or tear
 * a page in the middle of a checkpoint. The server's DATA_DIR lock is on `server.lock`, not on `app.sqlite`, and
 * in WAL mode a reader neither waits for the server's writes nor blocks them, so the server keeps serving.
 */

export interface BackupOptions {
  /** The server's DATA_DIR (the folder holding `app.sqlite`). */
  dataDir: string;
  /** The backup file to write; default `DATA_DIR/backups/app-<UTC timestamp>.sqlite`. Must not exist. */
  out?: string;
  /** The clock for the default file name (tests). */
  now?: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
}

/** `app-2026-11-22T07-12-00Z.sqlite`: sortable, and free of characters some file systems refuse (`:`). */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
  return path.join(dataDir, 'backups', `app-${stamp}.sqlite`);
}

/** `file`, or with `-1`, `-2`… before the extension when it exists (two backups within one second). */
function freeName(file: string): string {
  const ext = path.extname(file);
  let candidate = file;
  for (let n = 1; existsSync(candidate); n++) candidate = `${file.slice(0, -ext.length)}-${n}${ext}`;
  return candidate;
}

/**
 * Copies the database of `dataDir` into a new file with SQLite's backup API. All pages are copied in one step,
 * inside one read transaction, so the copy is the database as of one commit even while the server writes (a
 * step-by-step copy would start over after every write of the server). The copy is written next to its final
 * name, switched from WAL to a rollback journal (one self-contained file: the server turns WAL back on when it
 * opens it), checked with `PRAGMA integrity_check`, and only then renamed into place, mode 0600.
 */
export async function backupSqlite({ dataDir, out, now = new Date() }: BackupOptions): Promise<BackupResult> {
  const source = path.join(path.resolve(dataDir), 'app.sqlite');
  if (!existsSync(source)) throw new CliError(`There is no database at ${source}: give the server's data folder with --data-dir (or DATA_DIR).`);
  const file = out ? path.resolve(out) : freeName(defaultBackupFile(dataDir, now));
  if (existsSync(file)) throw new CliError(`${file} already exists: give another --out (a backup never overwrites a file).`);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  createPrivateFile(partial);

  let db: Sqlite.Database;
  try {
    db = new Sqlite(source, { readonly: true, fileMustExist: true, timeout: 5_000 });
  } catch (err) {
    rmSync(partial, { force: true });
    throw new CliError(`Cannot open ${source}: ${(err as Error).message}`, { cause: err });
  }
  let pages: number;
  try {
    const progress = await db.backup(partial, {
      // The first step (0 pages) only measures; then every page in one step (the largest count it accepts).
      progress: () => 0x7fffffff,
    });
    pages = progress.totalPages;
  } catch (err) {
    rmSync(partial, { force: true });
    throw new CliError(`The backup of ${source} failed: ${(err as Error).message}`, { cause: err });
  } finally {
    db.close();
  }

  try {
    const copy = new Sqlite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new CliError(`The backup failed its integrity check (${String(check)}); ${source} was not changed.`);
    } finally {
      copy.close();
    }
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(partial + suffix, { force: true });
    throw err instanceof CliError ? err : new CliError(`The backup could not be finished: ${(err as Error).message}`, { cause: err });
  }
  return { file, bytes: statSync(file).size, pages };
}

/** `it's` → `'it'\''s'`: one word for a POSIX shell. */
const shellQuote = (word: string) => (/^[\w./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/** The command operators run for a PostgreSQL store, where `npm run backup` does nothing itself. */
export function pgDumpCommand(dataDir: string, now = new Date()): string {
  const file = defaultBackupFile(dataDir, now).replace(/\.sqlite$/, '.dump');
  return `pg_dump --format=custom --file=${shellQuote(file)} "$DATABASE_URL"`;
}

const USAGE = 'Usage: npm run backup -- [--data-dir DIR] [--out FILE]';

/** Human-readable size: 1536 → "1.5 KiB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** The `backup` command: answers the exit code. */
export async function backupCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const values = parseCliOptions(argv, ['out'], USAGE, io);
  if (typeof values === 'number') return values;
  const dataDir = path.resolve(values['data-dir'] ?? env.DATA_DIR ?? './data');
  if (env.DATABASE_URL) {
    io.error(
      'DATABASE_URL is set: this server keeps its data in PostgreSQL, and PostgreSQL is backed up with its own tool, pg_dump ' +
        '(consistent while the servers run). No backup was made. Run:\n' +
        `  ${pgDumpCommand(dataDir)}\n` +
        'and restore with pg_restore (docs/operations.md, "Backing up and restoring").',
    );
    return 1;
  }
  try {
    const result = await backupSqlite({ dataDir, out: values.out });
    io.print(`Backup written: ${result.file} (${formatBytes(result.bytes)}, ${result.bytes} bytes)`);
    return 0;
  } catch (err) {
    io.error(err instanceof CliError ? err.message : `The backup failed: ${(err as Error).message}`);
    return 1;
  }
}
