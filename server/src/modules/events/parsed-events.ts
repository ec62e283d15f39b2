import { sql } from 'kysely';
import { withEventDefaults, type Event, type EventData, type EventRow } from '@adhd/shared/events/schema';
import { listLive, type Db, type ReadRow } from '../sync/repository.js';
import { readSeq } from '../sync/sync-state.js';

/**
 * The user's live events, parsed, for the range routes: a per-database cache of parsed events keyed by (user,
 * id) and checked against the row's version, which every write of a row raises (the one write path,
 * sync/engine.ts). A request reads the user's version counter (`sync_user.seq`, raised by every write of any of
 * their rows): unchanged since the last read, the events held answer as they are. Otherwise it reads only the ids
 * and versions of the live events (no data), and the data of the rows the cache lacks or holds at an older
 * version. Bounded by the JSON size of what it holds (the users read least recently dropped first), as the
 * client's live table is.
 */

export type StampedRow = EventRow & Partial<Pick<Event, 'createdAt' | 'updatedAt' | 'version'>>;

/** The cache holds at most this many characters of event JSON (about 8 MB of text) per database. */
export const CACHE_MAX_CHARS = 8_000_000;
/** More misses than this (or than half the user's events) read every live event at once instead of by id. */
const BY_ID_MAX = 200;
/** Ids per `id IN (…)` read. */
const ID_CHUNK = 500;

interface Entry {
  version: number;
  row: StampedRow;
  chars: number;
}

/** One user's cached events by id, and the characters of JSON they hold. */
interface UserEntries {
  byId: Map<string, Entry>;
  chars: number;
  /** The user's live events as of version counter `seq` (read before the rows were). */
  snapshot?: { seq: number; events: StampedRow[] };
}

const LIVE = sql<boolean>`deleted = 0`;

export class ParsedEvents {
  /** By user, least recently read first: the bound drops whole users, never the one being read. */
  private readonly users = new Map<string, UserEntries>();
  private chars = 0;

  constructor(private readonly maxChars = CACHE_MAX_CHARS) {}

  /** Entries and characters of event JSON held (for tests). */
  get size(): { entries: number; chars: number } {
    let entries = 0;
    for (const u of this.users.values()) entries += u.byId.size;
    return { entries, chars: this.chars };
  }

  /**
   * The user's live events, parsed (see live), without reading them again while the user has written nothing.
   * `seqRead`: the user's version counter when the caller has just read it (before any row).
   */
  async current(db: Db, userId: string, seqRead?: number): Promise<StampedRow[]> {
    const seq = seqRead ?? (await readSeq(db, userId)).seq;
    const snapshot = this.users.get(userId)?.snapshot;
    if (snapshot?.seq === seq) {
      this.userEntries(userId);
      return snapshot.events;
    }
    const events = await this.live(db, userId);
    // Unless the user was dropped meanwhile; a write after the counter was read raises it, so the next read looks again.
    // Only when every row is held: a user alone beyond the bound keeps no list.
    const user = this.users.get(userId);
    if (user && user.byId.size > events.length) this.keepOnly(user, events.map((e) => e._id));
    if (user && user.byId.size === events.length) user.snapshot = { seq, events };
    return events;
  }

  /** The user's live events, parsed; the same object for a row as long as its version does not change. */
  async live(db: Db, userId: string): Promise<StampedRow[]> {
    const stamps = await db.selectFrom('entities').select(['id', 'version']).where('user_id', '=', userId).where('type', '=', 'event').where(LIVE).orderBy('id').execute();
    const user = this.userEntries(userId);
    // Rows deleted since the last read.
    if (user.byId.size > stamps.length) this.keepOnly(user, stamps.map((s) => s.id));
    const out: (StampedRow | undefined)[] = [];
    const missing: number[] = [];
    for (const s of stamps) {
      const e = user.byId.get(s.id);
      const hit = e && e.version === Number(s.version) ? e.row : undefined;
      if (!hit) missing.push(out.length);
      out.push(hit);
    }
    if (missing.length === 0) return out as StampedRow[];
    if (missing.length > BY_ID_MAX || missing.length * 2 > stamps.length) {
      // Many misses (a first read, an import): one read of every live row, in one snapshot.
      return (await listLive(db, userId, 'event')).map((r) => this.put(user, r));
    }
    const fresh = new Map<string, StampedRow>();
    const ids = missing.map((i) => stamps[i]!.id);
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const rows = await db
        .selectFrom('entities')
        .select(['id', 'data', 'version', 'created_at', 'updated_at'])
        .where('user_id', '=', userId)
        .where('type', '=', 'event')
        .where('id', 'in', ids.slice(i, i + ID_CHUNK))
        .where(LIVE)
        .execute();
      for (const r of rows) fresh.set(r.id, this.put(user, r));
    }
    // A row deleted between the two reads is left out.
    for (const i of missing) out[i] = fresh.get(stamps[i]!.id);
    return out.filter((r): r is StampedRow => r !== undefined);
  }

  /** The user's entries, moved to the most recently read end. */
  private userEntries(userId: string): UserEntries {
    let user = this.users.get(userId);
    if (user) this.users.delete(userId);
    else user = { byId: new Map(), chars: 0 };
    this.users.set(userId, user);
    return user;
  }

  private keepOnly(user: UserEntries, ids: string[]): void {
    const live = new Set(ids);
    for (const id of user.byId.keys()) if (!live.has(id)) this.drop(user, id);
  }

  private drop(user: UserEntries, id: string): void {
    const old = user.byId.get(id);
    if (!old) return;
    user.byId.delete(id);
    user.chars -= old.chars;
    this.chars -= old.chars;
  }

  private put(user: UserEntries, r: Pick<ReadRow, 'id' | 'data' | 'version' | 'created_at' | 'updated_at'>): StampedRow {
    const version = Number(r.version);
    const row: StampedRow = {
      _id: r.id,
      ...withEventDefaults(JSON.parse(r.data) as EventData),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      version,
    };
    this.drop(user, r.id);
    const chars = r.data.length;
    // Make room by dropping the users read least recently; what one user alone has beyond the bound is not held.
    for (const [id, other] of this.users) {
      if (this.chars + chars <= this.maxChars || other === user) break;
      this.users.delete(id);
      this.chars -= other.chars;
    }
    if (this.chars + chars > this.maxChars) return row;
    user.byId.set(r.id, { version, row, chars });
    user.chars += chars;
    this.chars += chars;
    return row;
  }
}

const caches = new WeakMap<Db, ParsedEvents>();

/** The cache of `db` (one per database handle, so two apps in one process never share entries). */
export function parsedEventsOf(db: Db): ParsedEvents {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ParsedEvents()));
  return cache;
}
